/**
 * Shared pieces of the deposit operations (placement, withdrawal, break): locks, views, checks, texts. docs/deposits.md.
 */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { refusalError } from '../money/refusals.ts';
import { type ProductRow, termsInForce } from '../products/products.repo.ts';
import { channelOf, isAgentCtx } from '../savings/savings.core.ts';
import { RATE_COLUMN } from './deposits.core.ts';
import { agentHasMember, findHoldingAccount, findInterestSaving } from './deposits.ops.repo.ts';
import { type DepositMovement, depositView, findDeposit, type LockedDeposit, lockDeposits } from './deposits.repo.ts';

export const today = (): string => todayJakarta();

export async function lockOne(tx: Tx, ctx: Ctx, id: string): Promise<LockedDeposit> {
  const [d] = await lockDeposits(tx, [id]);
  if (!d) throw refusalError(ctx.lang, 'DEPOSIT_NOT_FOUND');
  if (isAgentCtx(ctx)) {
    if (!(await agentHasMember(tx, d.member_id, ctx.userId))) throw refusalError(ctx.lang, 'DEPOSIT_NOT_FOUND');
  }
  return d;
}

export async function view(tx: Tx, id: string) {
  return depositView((await findDeposit(tx, id))!);
}

/** The product's rate for a tenor on a day; null or 0 = the tenor is not offered. */
export async function rateFor(tx: Tx, ctx: Ctx, product: ProductRow, tenor: number, date: string) {
  const terms = await termsInForce(tx, product.id, date);
  const rate = terms?.[RATE_COLUMN[tenor]] as Dec | null | undefined;
  if (!terms || rate === null || rate === undefined || dec(rate).isZero()) {
    throw refusalError(ctx.lang, 'TENOR_NOT_OFFERED', { product: product.name, tenor });
  }
  return { terms, rate: dec(rate) };
}

/** A savings account of the member that may receive interest: open voluntary (or plan) savings. */
export async function checkInterestSaving(tx: Tx, ctx: Ctx, memberId: string, savingId: string) {
  const s = await findInterestSaving(tx, savingId);
  if (!s || s.member_id !== memberId || s.kind !== 'SAVING' || s.status !== 'ACTIVE') {
    throw refusalError(ctx.lang, 'INTEREST_SAVING_INVALID', { number: s?.account_number ?? '-' });
  }
}

/** A holding account given by the caller: an active, postable liability account. */
export async function checkHolding(tx: Tx, ctx: Ctx, id: string, name: string): Promise<string> {
  const a = await findHoldingAccount(tx, id);
  if (!a) throw refusalError(ctx.lang, 'COA_NOT_FOUND', {}, name);
  if (a.type !== 'LIABILITY' || !a.is_postable || !a.is_active) {
    throw refusalError(ctx.lang, 'HOLDING_ACCOUNT_INVALID', { code: a.code, name: a.name }, name);
  }
  return a.id;
}

export function journalText(activity: string, d: Pick<LockedDeposit, 'product_name' | 'account_number' | 'member_name' | 'cif_number'>) {
  return `${activity} ${d.product_name} ${d.account_number} a.n. ${d.member_name} (${d.cif_number})`;
}

// ---------------------------------------------------------------- placement

export function movementOf(
  ctx: Ctx,
  d: LockedDeposit,
  m: Pick<DepositMovement, 'kind' | 'activity' | 'amount' | 'balanceAfter' | 'date' | 'groupId' | 'journalId' | 'description'>,
): DepositMovement {
  return {
    ...m,
    depositId: d.id,
    memberId: d.member_id,
    productId: d.product_id,
    channel: channelOf(ctx),
    cashCoaId: null,
    termsVersion: d.terms_version,
    branchId: d.member_branch_id,
    userId: ctx.userId,
  };
}

// ---------------------------------------------------------------- early break
