/**
 * Member saving accounts: opening (POST transaction/request-open-product-member,
 * with approval where the product asks for it), the equity accounts opened
 * when a membership is approved, the flags of spec section 7 "Members"
 * (tag, auto debit, source of fund, block, no interest) and the account lists.
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
 *  - Flag calls take the SAVING ACCOUNT id as {id} (every flag belongs to an
 *    account; a member may hold several), except source-of-fund, whose {id}
 *    is the MEMBER and whose body names the account (memberSavingId). Each
 *    change is audited (entity member_saving) with before and after.
 *  - Auto debit applies to the recurring savings (mandatory, plan, and the
 *    principal until paid) and needs the member's source-of-fund account,
 *    which must be an open voluntary account of the same member.
 *  - Blocking holds an amount (at most the balance less what is pledged)
 *    with a reason; unblocking releases it. A blocked account cannot be
 *    closed and its blocked amount cannot be withdrawn.
 */
import type { ProductKind } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { addMonths, monthEnd } from '../ledger/dates.ts';
import { findMemberRef, type MemberRef } from '../members/members.registry.ts';
import { findProduct, termsInForce } from '../products/products.repo.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { isAgentCtx, rupiah, today } from './savings.core.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow, accountView, findAccount } from './savings.repo.ts';
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

async function nextAccountNumber(tx: Tx, productId: string): Promise<string> {
  const r = await tx.one<{ code: string; last_account_seq: number }>(
    'UPDATE product SET last_account_seq = last_account_seq + 1 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code, last_account_seq',
    [productId],
  );
  return `${r!.code}.${String(r!.last_account_seq).padStart(6, '0')}`;
}

/** Opens a saving or equity account inside the caller's transaction. */
export async function openAccountTx(tx: Tx, ctx: Ctx, input: OpenInput, opts: OpenOptions = {}) {
  const date = opts.date ?? today();
  const member = await findMemberRef(tx, input.memberId, 'share');
  checkMember(member, Boolean(opts.forApproval));
  if (isAgentCtx(ctx) && !opts.forApproval) {
    const mine = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`,
      [member.id, ctx.userId],
    );
    if (!mine) throw notFound('member.not_found');
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
    const live = await tx.one<{ account_number: string }>(
      `SELECT account_number FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status IN ('PENDING', 'ACTIVE')`,
      [member.id, product.id],
    );
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
  const row = await tx.one<{ id: string }>(
    `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, tag, is_auto_debit,
                                plan_monthly_amount, plan_target_balance, plan_target_date, open_date, opened_by, created_by, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13) RETURNING id`,
    [
      number,
      member.id,
      product.id,
      product.kind,
      product.saving_type,
      pending ? 'PENDING' : 'ACTIVE',
      input.tag?.trim() || null,
      Boolean(input.isAutoDebit),
      planMonthly?.toFixed(2) ?? null,
      planTarget?.toFixed(2) ?? null,
      planDate,
      pending ? null : date,
      ctx.userId,
    ],
  );
  const id = row!.id;
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
    const s = await tx.one<{ id: string; status: string; account_number: string; member_id: string }>(
      'SELECT id, status, account_number, member_id FROM member_saving WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE',
      [body.memberSavingId],
    );
    if (!s) throw notFound('saving.account_not_found');
    if (s.status !== 'PENDING') throw unprocessable('ACCOUNT_NOT_PENDING', 'saving.account_not_pending', { number: s.account_number });
    if (body.status === 'APPROVED') checkMember(await findMemberRef(tx, s.member_id, 'share'), false);
    const date = today();
    await tx.exec(
      `UPDATE member_saving SET status = $2, open_date = CASE WHEN $2 = 'ACTIVE' THEN $3::date END, decided_by = $4, decided_at = now(),
              decision_reason = $5, updated_by = $4 WHERE tenant_id = app_tenant() AND id = $1`,
      [s.id, body.status === 'APPROVED' ? 'ACTIVE' : 'REJECTED', date, ctx.userId, body.reason ?? null],
    );
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
  const products = await tx.query<{ id: string; saving_type: string }>(
    `SELECT id, saving_type FROM product WHERE tenant_id = app_tenant() AND kind = 'SAVING_EQUITY' AND is_active
     AND saving_type IN ('PRINCIPAL', 'MANDATORY') ORDER BY saving_type DESC`,
  );
  let principal: { status: 'PAID' } | { status: 'OWED'; amount: Dec } | undefined;
  for (const p of products) {
    let acc = await tx.one<{ id: string; balance: Dec }>(
      `SELECT id, balance FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status IN ('PENDING', 'ACTIVE')`,
      [member.id, p.id],
    );
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

// ---------------------------------------------------------------- flags

interface FlagRow {
  id: string;
  member_id: string;
  status: string;
  kind: string;
  saving_type: string;
  account_number: string;
  balance: Dec;
  blocked_amount: Dec;
  pledged_amount: Dec;
  block_reason: string | null;
  tag: string | null;
  is_auto_debit: boolean;
  is_source_of_fund: boolean;
  is_not_get_interest: boolean;
}

async function lockForFlag(tx: Tx, ctx: Ctx, savingId: string): Promise<FlagRow> {
  const agent = isAgentCtx(ctx) ? ctx.userId : null;
  const r = await tx.one<FlagRow & { assigned: boolean }>(
    `SELECT s.id, s.member_id, s.status, s.kind, s.saving_type, s.account_number, s.balance, s.blocked_amount, s.pledged_amount, s.block_reason,
            s.tag, s.is_auto_debit, s.is_source_of_fund, s.is_not_get_interest,
            ($2::uuid IS NULL OR ${agentMemberCondition('m', '$2::uuid')}) AS assigned
     FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
     WHERE s.tenant_id = app_tenant() AND s.id = $1 FOR UPDATE OF s`,
    [savingId, agent],
  );
  if (!r?.assigned) throw notFound('saving.account_not_found');
  if (r.status === 'CLOSED' || r.status === 'REJECTED')
    throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: r.account_number });
  return r;
}

async function flagChange(
  ctx: Ctx,
  savingId: string,
  action: string,
  fn: (tx: Tx, cur: FlagRow) => Promise<Record<string, unknown>>,
  pick: (r: FlagRow) => Record<string, unknown>,
) {
  return withTx(ctx, async (tx) => {
    const cur = await lockForFlag(tx, ctx, savingId);
    const after = await fn(tx, cur);
    await audit(tx, ctx, {
      action,
      entity: 'member_saving',
      entityId: cur.id,
      before: { accountNumber: cur.account_number, memberId: cur.member_id, ...pick(cur) },
      after: { accountNumber: cur.account_number, memberId: cur.member_id, ...after },
    });
    return accountView((await findAccount(tx, cur.id))!);
  });
}

export async function setTag(ctx: Ctx, savingId: string, tag: string | null) {
  return flagChange(
    ctx,
    savingId,
    'saving.tag',
    async (tx, cur) => {
      const value = tag?.trim() || null;
      await tx.exec('UPDATE member_saving SET tag = $2, updated_by = $3 WHERE tenant_id = app_tenant() AND id = $1', [
        cur.id,
        value,
        ctx.userId,
      ]);
      return { tag: value };
    },
    (r) => ({ tag: r.tag }),
  );
}

const AUTO_DEBIT_TYPES = new Set(['MANDATORY', 'PLAN', 'PRINCIPAL']);

async function checkAutoDebit(tx: Tx, memberId: string, savingType: string, savingId: string | null) {
  if (!AUTO_DEBIT_TYPES.has(savingType)) throw unprocessable('AUTO_DEBIT_NOT_FOR_TYPE', 'saving.auto_debit_type');
  const source = await tx.one<{ id: string }>(
    `SELECT id FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND is_source_of_fund AND status = 'ACTIVE'`,
    [memberId],
  );
  if (!source) throw unprocessable('NO_SOURCE_OF_FUND', 'saving.auto_debit_needs_source');
  if (source.id === savingId) throw unprocessable('AUTO_DEBIT_FROM_ITSELF', 'saving.auto_debit_self');
}

export async function setAutoDebit(ctx: Ctx, savingId: string, isAutoDebit: boolean) {
  return flagChange(
    ctx,
    savingId,
    'saving.auto_debit',
    async (tx, cur) => {
      if (isAutoDebit) await checkAutoDebit(tx, cur.member_id, cur.saving_type, cur.id);
      await tx.exec('UPDATE member_saving SET is_auto_debit = $2, updated_by = $3 WHERE tenant_id = app_tenant() AND id = $1', [
        cur.id,
        isAutoDebit,
        ctx.userId,
      ]);
      return { isAutoDebit };
    },
    (r) => ({ isAutoDebit: r.is_auto_debit }),
  );
}

/** PATCH /api/member/{memberId}/source-of-fund {memberSavingId}: the account the member's auto debits draw from. */
export async function setSourceOfFund(ctx: Ctx, memberId: string, savingId: string) {
  return withTx(ctx, async (tx) => {
    const cur = await lockForFlag(tx, ctx, savingId);
    if (cur.member_id !== memberId) {
      throw new AppError(422, 'ACCOUNT_OF_OTHER_MEMBER', 'saving.account_of_other_member', undefined, [
        { field: 'memberSavingId', message: 'saving.account_of_other_member' },
      ]);
    }
    if (cur.status !== 'ACTIVE') throw unprocessable('ACCOUNT_PENDING', 'saving.account_pending', { number: cur.account_number });
    if (cur.kind !== 'SAVING' || cur.saving_type !== 'VOLUNTARY')
      throw unprocessable('SOURCE_NOT_VOLUNTARY', 'saving.source_must_be_voluntary');
    const previous = await tx.one<{ id: string; account_number: string }>(
      'SELECT id, account_number FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND is_source_of_fund FOR UPDATE',
      [memberId],
    );
    if (previous && previous.id !== cur.id) {
      await tx.exec('UPDATE member_saving SET is_source_of_fund = false, updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1', [
        previous.id,
        ctx.userId,
      ]);
    }
    await tx.exec(
      'UPDATE member_saving SET is_source_of_fund = true, is_auto_debit = false, updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1',
      [cur.id, ctx.userId],
    );
    await audit(tx, ctx, {
      action: 'saving.source_of_fund',
      entity: 'member_saving',
      entityId: cur.id,
      before: { memberId, sourceOfFund: previous?.account_number ?? null },
      after: { memberId, sourceOfFund: cur.account_number },
    });
    return accountView((await findAccount(tx, cur.id))!);
  });
}

export async function setBlocked(ctx: Ctx, savingId: string, b: { isBlocked: boolean; amount?: number | null; reason: string }) {
  return flagChange(
    ctx,
    savingId,
    b.isBlocked ? 'saving.block' : 'saving.unblock',
    async (tx, cur) => {
      let amount = ZERO;
      if (b.isBlocked) {
        amount = dec(b.amount ?? 0);
        const max = cur.balance.minus(cur.pledged_amount);
        if (amount.gt(max)) {
          throw new AppError(
            422,
            'BLOCK_ABOVE_BALANCE',
            'saving.block_above_balance',
            { max: rupiah(ctx, max.isNegative() ? ZERO : max) },
            [{ field: 'amount', message: 'saving.block_above_balance' }],
          );
        }
      } else if (cur.blocked_amount.isZero()) {
        throw unprocessable('NOT_BLOCKED', 'saving.not_blocked', { number: cur.account_number });
      }
      await tx.exec(
        `UPDATE member_saving SET blocked_amount = $2, block_reason = $3, blocked_by = $4, blocked_at = now(), updated_by = $4
         WHERE tenant_id = app_tenant() AND id = $1`,
        [cur.id, amount.toFixed(2), b.reason, ctx.userId],
      );
      return { blockedAmount: amount, reason: b.reason };
    },
    (r) => ({ blockedAmount: r.blocked_amount, reason: r.block_reason }),
  );
}

export async function setNotGetInterest(ctx: Ctx, savingId: string, value: boolean) {
  return flagChange(
    ctx,
    savingId,
    'saving.not_get_interest',
    async (tx, cur) => {
      await tx.exec('UPDATE member_saving SET is_not_get_interest = $2, updated_by = $3 WHERE tenant_id = app_tenant() AND id = $1', [
        cur.id,
        value,
        ctx.userId,
      ]);
      return { isNotGetInterest: value };
    },
    (r) => ({ isNotGetInterest: r.is_not_get_interest }),
  );
}

// ---------------------------------------------------------------- lists

/** GET /api/member/{id}/saving-product: a member's saving and equity accounts (the member detail's saving tab). */
export async function memberAccounts(ctx: Ctx, memberId: string, q: { status?: string; kind?: string }) {
  return withTx(ctx, async (tx) => {
    const agent = isAgentCtx(ctx) ? ctx.userId : null;
    const m = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
      agent ? [memberId, agent] : [memberId],
    );
    if (!m) throw notFound('member.not_found');
    const params: unknown[] = [memberId];
    let where = 's.tenant_id = app_tenant() AND s.member_id = $1';
    if (q.status) {
      params.push(q.status.toUpperCase());
      where += ` AND s.status = $${params.length}`;
    }
    if (q.kind) {
      params.push(q.kind.toUpperCase());
      where += ` AND s.kind = $${params.length}`;
    }
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
       ORDER BY (s.status = 'ACTIVE') DESC, array_position(ARRAY['PRINCIPAL','MANDATORY','PARTICIPATION','VOLUNTARY','PLAN'], s.saving_type), s.created_date, s.id`,
      params,
    );
    const accounts = rows.map(accountView);
    const sum = (pred: (a: (typeof accounts)[number]) => boolean) => accounts.filter(pred).reduce((s, a) => s.plus(a.balance), ZERO);
    return {
      accounts,
      totals: {
        equity: sum((a) => a.kind === 'SAVING_EQUITY' && a.status === 'ACTIVE'),
        saving: sum((a) => a.kind === 'SAVING' && a.status === 'ACTIVE'),
        available: accounts.filter((a) => a.status === 'ACTIVE').reduce((s, a) => s.plus(a.availableBalance), ZERO),
      },
    };
  });
}

export async function accountDetail(ctx: Ctx, savingId: string) {
  return withTx(ctx, async (tx) => {
    const agent = isAgentCtx(ctx) ? ctx.userId : null;
    const r = await tx.one<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = $1
       ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
      agent ? [savingId, agent] : [savingId],
    );
    if (!r) throw notFound('saving.account_not_found');
    const waiting = await tx.query<{ id: string; type: string; amount: Dec; requested_at: Date }>(
      `SELECT id, type, amount, requested_at FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = 'WAITING' ORDER BY requested_at`,
      [savingId],
    );
    return {
      ...accountView(r),
      totalCredit: r.total_credit,
      totalDebit: r.total_debit,
      waitingRequests: waiting.map((w) => ({ id: w.id, type: w.type, amount: w.amount, requestedAt: w.requested_at.toISOString() })),
    };
  });
}

/** As-you-type lookup of open accounts by CIF, account number, phone (prefix) or name (contains). */
export async function searchAccounts(ctx: Ctx, q: { q: string; kind?: string; limit: number }) {
  return withTx(ctx, async (tx) => {
    const text = q.q.trim();
    const params: unknown[] = [text.toUpperCase(), `${text.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`, likePattern(text.toLowerCase())];
    let where = `s.tenant_id = app_tenant() AND s.status = 'ACTIVE' AND (m.cif_number = $1 OR m.cif_number LIKE $2 OR s.account_number LIKE $2
                 OR m.phone LIKE $2 OR lower(m.full_name) LIKE $3)`;
    const digits = text.replace(/\D/g, '');
    if (/^0?8\d{3,}$/.test(digits)) {
      params.push(`+62${digits.replace(/^0/, '')}%`);
      where = where.replace('OR m.phone LIKE $2', `OR m.phone LIKE $2 OR m.phone LIKE $${params.length}`);
    }
    if (q.kind) {
      params.push(q.kind.toUpperCase());
      where += ` AND s.kind = $${params.length}`;
    }
    if (isAgentCtx(ctx)) {
      params.push(ctx.userId);
      where += ` AND ${agentMemberCondition('m', `$${params.length}`)}`;
    }
    params.push(q.limit);
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
       ORDER BY (m.cif_number = $1) DESC, (m.cif_number LIKE $2) DESC, lower(m.full_name), s.account_number LIMIT $${params.length}`,
      params,
    );
    return rows.map(accountView);
  });
}

const ACCOUNT_SORT = {
  created_date: 's.created_date',
  account_number: 's.account_number',
  balance: 's.balance',
  member_name: 'lower(m.full_name)',
  cif_number: 'm.cif_number',
  last_transaction_date: 's.last_transaction_date',
};

/** GET /api/transaction/saving/datatable: accounts with filters (savingAccountDatatableQuery in contracts/savings.ts). */
export async function accountsDatatable(
  ctx: Ctx,
  q: {
    page: number;
    limit: number;
    search?: string;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    productId?: string;
    memberId?: string;
    memberIds?: string[];
    kind?: string;
    savingType?: string[];
    status?: string;
    isActive?: boolean;
    branchId?: string;
    isAutoDebit?: boolean;
    isSourceOfFund?: boolean;
  },
) {
  return withTx(ctx, async (tx) => {
    const where = ['s.tenant_id = app_tenant()'];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
    }
    if (q.productId) where.push(`s.product_id = ${p(q.productId)}`);
    if (q.memberId) where.push(`s.member_id = ${p(q.memberId)}`);
    if (q.memberIds?.length) where.push(`s.member_id = ANY(${p(`{${q.memberIds.join(',')}}`)}::uuid[])`);
    if (q.kind) where.push(`s.kind = ${p(q.kind.toUpperCase())}`);
    if (q.savingType?.length) where.push(`s.saving_type = ANY(${p(`{${q.savingType.join(',')}}`)}::text[])`);
    if (q.isAutoDebit !== undefined) where.push(q.isAutoDebit ? 's.is_auto_debit' : 'NOT s.is_auto_debit');
    if (q.isSourceOfFund !== undefined) where.push(q.isSourceOfFund ? 's.is_source_of_fund' : 'NOT s.is_source_of_fund');
    if (q.status) where.push(`s.status = ${p(q.status.toUpperCase())}`);
    if (q.isActive !== undefined) where.push(q.isActive ? `s.status = 'ACTIVE'` : `s.status <> 'ACTIVE'`);
    if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
    if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')}
       ${orderBy(q.sortBy, q.ascOrDesc, ACCOUNT_SORT, 'created_date', 's.id')} LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
      params,
    );
    return paged(rows.map(accountView), total?.n ?? 0, q.page, q.limit);
  });
}
