/**
 * Opening member saving accounts (POST transaction/request-open-product-member,
 * with approval where the product asks for it) and the equity accounts opened
 * when a membership is approved. Flags: savings.flags.ts; lists:
 * savings.account-lists.ts.
 *
 * Decisions (docs/savings.md):
 *  - Opening dispatches on the product kind: SAVING and SAVING_EQUITY open
 *    here; SAVING_DEPOSIT and LOAN are refused with a clear message until
 *    their modules register an opener (registerOpenHandler), so one path
 *    serves them all.
 *  - Equity products are for members only; a product's audience (MEMBER,
 *    NON_MEMBER, ALL) decides who else may open it. A member holds at most
 *    one live account per equity product; voluntary and plan savings may be
 *    several (e.g. one plan per goal).
 *  - Account numbers are the product code and a per-product sequence
 *    (SS.000012); the sequence is taken under the product row's lock.
 *  - Membership approval opens the active principal and mandatory accounts
 *    and bills the principal saving (reported OWED to the members module with
 *    the amount in force on the join date; PAID when the product's amount is
 *    0). A member recorded as MEMBER directly (no approval) gets the equity
 *    account opened on the first payment into it by CIF.
 */
import type { ProductKind } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { addMonths, monthEnd } from '../ledger/dates.ts';
import { findMemberRef, type MemberRef } from '../members/members.registry.ts';
import { findProduct, termsInForce } from '../products/products.repo.ts';
import { isAgentCtx, today } from './savings.core.ts';
import { checkAutoDebit } from './savings.flags.ts';
import {
  activeEquityProducts,
  insertAccount,
  isAgentsMember,
  liveAccountBalance,
  liveAccountNumber,
  lockAccountForDecision,
  nextAccountNumber,
  setOpeningDecision,
} from './savings.open.repo.ts';
import { accountView, findAccount } from './savings.repo.ts';
import { depositTx } from './savings.service.ts';

// ---------------------------------------------------------------- opening

export interface OpenInput {
  memberId: string;
  productId: string;
  initialDeposit?: Dec | null;
  coaId?: string | null;
  tag?: string | null;
  isAutoDebit?: boolean;
  planMonthlyAmount?: Dec | null;
  planTargetBalance?: Dec | null;
  planTargetDate?: string | null;
  description?: string | null;
}

export interface OpenOptions {
  /** Membership approval: the member is being admitted (not yet MEMBER); no approval step. */
  forApproval?: boolean;
  date?: string;
}

/** Opener of another product kind (deposits, loans) registered by its module. */
export type OpenHandler = (tx: Tx, ctx: Ctx, body: Record<string, unknown>) => Promise<unknown>;
const openHandlers = new Map<ProductKind, OpenHandler>();

/** The deposits and loans modules register how request-open-product-member opens their kind. */
export function registerOpenHandler(kind: ProductKind, fn: OpenHandler): void {
  openHandlers.set(kind, fn);
}

/** The same day `n` months later (the month's last day when it is shorter). */
export function addMonthsKeepDay(date: string, n: number): string {
  const first = addMonths(date, n);
  const last = monthEnd(first);
  const day = date.slice(8, 10);
  return `${first.slice(0, 8)}${day}` > last ? last : `${first.slice(0, 8)}${day}`;
}

function checkMember(m: MemberRef | null, forApproval: boolean): asserts m is MemberRef {
  if (!m) throw notFound('member.not_found');
  if (!m.isActive) throw unprocessable('MEMBER_INACTIVE', 'member.inactive', { name: m.fullName, cif: m.cifNumber });
  if (!forApproval && m.memberType === 'PROSPECTIVE')
    throw unprocessable('MEMBER_NOT_APPROVED', 'member.not_yet_member', { name: m.fullName });
}

/** Opens a saving or equity account inside the caller's transaction. */
export async function openAccountTx(tx: Tx, ctx: Ctx, input: OpenInput, opts: OpenOptions = {}) {
  const date = opts.date ?? today();
  const member = await findMemberRef(tx, input.memberId, 'share');
  checkMember(member, Boolean(opts.forApproval));
  if (isAgentCtx(ctx) && !opts.forApproval) {
    if (!(await isAgentsMember(tx, member.id, ctx.userId))) throw notFound('member.not_found');
  }
  const product = await findProduct(tx, input.productId);
  if (!product)
    throw new AppError(404, 'PRODUCT_NOT_FOUND', 'product.not_found', undefined, [{ field: 'productId', message: 'product.not_found' }]);
  if (!product.is_active) throw unprocessable('PRODUCT_INACTIVE', 'saving.product_inactive', { product: product.name });
  if (product.kind !== 'SAVING' && product.kind !== 'SAVING_EQUITY') {
    throw unprocessable('PRODUCT_KIND_NOT_OPENABLE', 'saving.open_kind_not_supported', { kind: product.kind, product: product.name });
  }
  const becomesMember = Boolean(opts.forApproval);
  const isMember = member.memberType === 'MEMBER' || becomesMember;
  if ((product.audience === 'MEMBER' || product.kind === 'SAVING_EQUITY') && !isMember) {
    throw unprocessable('PRODUCT_MEMBERS_ONLY', 'saving.product_members_only', { product: product.name, name: member.fullName });
  }
  if (product.audience === 'NON_MEMBER' && isMember) {
    throw unprocessable('PRODUCT_NON_MEMBERS_ONLY', 'saving.product_non_members_only', { product: product.name, name: member.fullName });
  }
  if (product.kind === 'SAVING_EQUITY') {
    const live = await liveAccountNumber(tx, member.id, product.id);
    if (live) throw conflict('ACCOUNT_EXISTS', 'saving.account_exists', { product: product.name, number: live.account_number });
  }
  const terms = (await termsInForce(tx, product.id, date))!;
  const isPlan = product.saving_type === 'PLAN';
  if (!isPlan && (input.planMonthlyAmount || input.planTargetBalance || input.planTargetDate)) {
    throw badRequest('PLAN_FIELDS_ONLY_FOR_PLAN', 'saving.plan_fields_only_for_plan', { product: product.name }, [
      { field: 'planMonthlyAmount', message: 'saving.plan_fields_only_for_plan' },
    ]);
  }
  let planMonthly: Dec | null = null;
  let planTarget: Dec | null = null;
  let planDate: string | null = null;
  if (isPlan) {
    planMonthly = input.planMonthlyAmount ?? (terms.plan_monthly_amount as Dec | null) ?? null;
    planTarget = input.planTargetBalance ?? (terms.plan_target_balance as Dec | null) ?? null;
    const months = terms.plan_target_months as number | null;
    planDate = input.planTargetDate ?? (months ? addMonthsKeepDay(date, months) : null);
    if (!planMonthly)
      throw badRequest('PLAN_MONTHLY_REQUIRED', 'product.plan_monthly_required', undefined, [
        { field: 'planMonthlyAmount', message: 'product.plan_monthly_required' },
      ]);
    if (planDate && planDate <= date)
      throw badRequest('PLAN_DATE_PAST', 'saving.plan_date_past', undefined, [
        { field: 'planTargetDate', message: 'saving.plan_date_past' },
      ]);
  }
  const pending = product.requires_approval && !opts.forApproval;
  if (pending && input.initialDeposit) {
    throw unprocessable('DEPOSIT_AFTER_APPROVAL', 'saving.initial_deposit_after_approval', { product: product.name });
  }
  if (input.isAutoDebit) await checkAutoDebit(tx, member.id, product.saving_type ?? '', null);
  const number = await nextAccountNumber(tx, product.id);
  const id = await insertAccount(tx, {
    accountNumber: number,
    memberId: member.id,
    productId: product.id,
    kind: product.kind,
    savingType: product.saving_type,
    status: pending ? 'PENDING' : 'ACTIVE',
    tag: input.tag?.trim() || null,
    isAutoDebit: Boolean(input.isAutoDebit),
    planMonthlyAmount: planMonthly?.toFixed(2) ?? null,
    planTargetBalance: planTarget?.toFixed(2) ?? null,
    planTargetDate: planDate,
    openDate: pending ? null : date,
    userId: ctx.userId,
  });
  await audit(tx, ctx, {
    action: pending ? 'saving.open_request' : 'saving.open',
    entity: 'member_saving',
    entityId: id,
    after: {
      accountNumber: number,
      memberId: member.id,
      cifNumber: member.cifNumber,
      productId: product.id,
      product: product.name,
      status: pending ? 'PENDING' : 'ACTIVE',
      forApproval: Boolean(opts.forApproval),
      planMonthlyAmount: planMonthly,
      planTargetBalance: planTarget,
      planTargetDate: planDate,
    },
  });
  let transaction = null;
  if (input.initialDeposit) {
    const r = await depositTx(tx, ctx, {
      savingId: id,
      amount: input.initialDeposit,
      coaId: input.coaId,
      activity: 'OPENING',
      description: input.description,
      date,
    });
    transaction = r.transaction;
  }
  const account = accountView((await findAccount(tx, id))!);
  return { status: pending ? ('WAITING_APPROVAL' as const) : ('OPENED' as const), account, transaction };
}

/** POST transaction/request-open-product-member: dispatch on the product's kind. */
export async function openProduct(ctx: Ctx, body: OpenInput & Record<string, unknown>) {
  return withTx(
    ctx,
    async (tx) => {
      const product = await findProduct(tx, body.productId);
      if (!product)
        throw new AppError(404, 'PRODUCT_NOT_FOUND', 'product.not_found', undefined, [
          { field: 'productId', message: 'product.not_found' },
        ]);
      if (product.kind === 'SAVING' || product.kind === 'SAVING_EQUITY') return openAccountTx(tx, ctx, body);
      const handler = openHandlers.get(product.kind);
      if (!handler)
        throw unprocessable('PRODUCT_KIND_NOT_OPENABLE', 'saving.open_kind_not_supported', { kind: product.kind, product: product.name });
      return handler(tx, ctx, body);
    },
    { idempotent: true, message: 'saving.open_success' },
  );
}

/** Approve or reject an opening that waits for approval. */
export async function decideOpen(ctx: Ctx, body: { memberSavingId: string; status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(ctx, async (tx) => {
    const s = await lockAccountForDecision(tx, body.memberSavingId);
    if (!s) throw notFound('saving.account_not_found');
    if (s.status !== 'PENDING') throw unprocessable('ACCOUNT_NOT_PENDING', 'saving.account_not_pending', { number: s.account_number });
    if (body.status === 'APPROVED') checkMember(await findMemberRef(tx, s.member_id, 'share'), false);
    const date = today();
    await setOpeningDecision(tx, s.id, {
      status: body.status === 'APPROVED' ? 'ACTIVE' : 'REJECTED',
      date,
      userId: ctx.userId,
      reason: body.reason ?? null,
    });
    await audit(tx, ctx, {
      action: body.status === 'APPROVED' ? 'saving.open_approve' : 'saving.open_reject',
      entity: 'member_saving',
      entityId: s.id,
      before: { status: 'PENDING' },
      after: { status: body.status === 'APPROVED' ? 'ACTIVE' : 'REJECTED', reason: body.reason ?? null },
    });
    return accountView((await findAccount(tx, s.id))!);
  });
}

/**
 * The member's account in an equity product, opened now if missing (members
 * recorded as MEMBER before the system, whose approval opened nothing).
 * Null when the product is not an equity product the member may hold.
 */
export async function ensureEquityAccount(tx: Tx, ctx: Ctx, memberId: string, productId: string): Promise<string | null> {
  const product = await findProduct(tx, productId);
  if (product?.kind !== 'SAVING_EQUITY' || !product.is_active) return null;
  const m = await findMemberRef(tx, memberId, 'share');
  if (m?.memberType !== 'MEMBER' || !m.isActive) return null;
  const r = await openAccountTx(tx, ctx, { memberId, productId });
  return r.account.id;
}

/**
 * Membership approval (members.registry approval hook): opens the active
 * principal and mandatory accounts. The principal saving is billed by the
 * members module from the cooperative regulation's principalSavingAmount
 * (kept equal to the principal product's amount, see products.service); this
 * hook reports it only when the principal account already holds money (a
 * member admitted again, or paid ahead): PAID when it covers the product's
 * amount in force on the join date, else OWED for the rest.
 */
export async function openEquityOnApproval(tx: Tx, ctx: Ctx, member: MemberRef, joinDate: string) {
  const products = await activeEquityProducts(tx);
  let principal: { status: 'PAID' } | { status: 'OWED'; amount: Dec } | undefined;
  for (const p of products) {
    let acc = await liveAccountBalance(tx, member.id, p.id);
    if (!acc) {
      const r = await openAccountTx(tx, ctx, { memberId: member.id, productId: p.id }, { forApproval: true });
      acc = { id: r.account.id, balance: ZERO };
    }
    if (p.saving_type === 'PRINCIPAL' && acc.balance.gt(0)) {
      const terms = await termsInForce(tx, p.id, joinDate);
      const amount = dec((terms?.equity_amount as Dec | null) ?? 0);
      principal = acc.balance.gte(amount) ? { status: 'PAID' } : { status: 'OWED', amount: amount.minus(acc.balance) };
    }
  }
  return principal ? { principal } : undefined;
}
