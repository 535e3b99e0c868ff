/**
 * The limits service: the per-role limits of spec section 6, for the savings,
 * loan and transaction modules to call inside their services.
 *
 *   import { assertWithinLimit, assertCanCancelTransaction, ... } from '../roles/limits.ts';
 *
 *   assertWithinLimit(ctx, 'SAVING_WITHDRAWAL', amount)  // throws 403 LIMIT_EXCEEDED
 *   isWithinLimit(ctx, 'LOAN_APPROVAL', amount)          // boolean, for "refuse or queue" decisions
 *   canCancelTransaction(ctx) / assertCanCancelTransaction(ctx)
 *   canReleaseLoan(ctx) / assertCanReleaseLoan(ctx)
 *   await aboveLimitPolicy(tx, ctx, 'SAVING_WITHDRAWAL') // 'REFUSE' | 'REQUEST_APPROVAL' (configuration)
 *
 * Rules:
 *  - The limits are the signed-in user's role limits, loaded with the principal
 *    at the start of the request (plugins/auth.ts), so a role edited by an
 *    admin applies from the user's next request.
 *  - A NULL limit means no limit; 0 means the role may not do it at all. The
 *    amount equal to the limit is allowed (the limit is the largest amount).
 *  - Work without a signed-in user (scheduled jobs such as auto debit, seeds,
 *    migrations run by the system) has no principal and is not subject to
 *    role limits; the services that run jobs answer for their own rules.
 *  - The error is 403 with errorCode LIMIT_EXCEEDED and a message naming the
 *    limit, the role, the amount and the maximum in rupiah, e.g.
 *    "Nominal Rp 15.000.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 10.000.000".
 */
import { type AboveLimitPolicy, type Lang, translate } from '@koperasi/contracts';
import { type Dec, type DecInput, dec, formatRupiah } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { forbidden } from '../../lib/errors.ts';
import { getConfig } from '../settings/configuration.ts';

export type LimitKind = 'SAVING_WITHDRAWAL' | 'LOAN_REQUEST' | 'LOAN_APPROVAL';

const LIMIT_FIELD = {
  SAVING_WITHDRAWAL: 'savingWithdrawal',
  LOAN_REQUEST: 'loanRequest',
  LOAN_APPROVAL: 'loanApproval',
} as const;

const LIMIT_LABEL: Record<LimitKind, string> = {
  SAVING_WITHDRAWAL: 'access.limit.saving_withdrawal',
  LOAN_REQUEST: 'access.limit.loan_request',
  LOAN_APPROVAL: 'access.limit.loan_approval',
};

/** The role limit of the signed-in user; null = no limit (also for system work without a user). */
export function limitOf(ctx: Ctx, kind: LimitKind): Dec | null {
  const p = ctx.principal;
  if (!p) return null;
  const v = p.limits[LIMIT_FIELD[kind]];
  return v === null || v === undefined ? null : dec(v);
}

export function isWithinLimit(ctx: Ctx, kind: LimitKind, amount: DecInput): boolean {
  const max = limitOf(ctx, kind);
  return max === null || dec(amount).lte(max);
}

/** Human text of a limit for messages: "Rp 10.000.000" or "tanpa batas". */
export function describeLimit(max: Dec | null, lang: Lang): string {
  return max === null ? translate('access.no_limit', lang) : formatRupiah(max, lang);
}

/** Throws 403 LIMIT_EXCEEDED when `amount` is above the role's limit of this kind. */
export function assertWithinLimit(ctx: Ctx, kind: LimitKind, amount: DecInput): void {
  if (isWithinLimit(ctx, kind, amount)) return;
  const max = limitOf(ctx, kind)!;
  throw forbidden('LIMIT_EXCEEDED', 'access.limit_exceeded', {
    amount: formatRupiah(dec(amount), ctx.lang),
    limit: translate(LIMIT_LABEL[kind], ctx.lang),
    role: ctx.principal?.roleName ?? '',
    max: formatRupiah(max, ctx.lang),
  });
}

export function canCancelTransaction(ctx: Ctx): boolean {
  return ctx.principal ? ctx.principal.limits.canCancelTransaction : true;
}

export function canReleaseLoan(ctx: Ctx): boolean {
  return ctx.principal ? ctx.principal.limits.canReleaseLoan : true;
}

/** Throws 403 CANNOT_CANCEL_TRANSACTION unless the role may cancel transactions. */
export function assertCanCancelTransaction(ctx: Ctx): void {
  if (!canCancelTransaction(ctx)) {
    throw forbidden('CANNOT_CANCEL_TRANSACTION', 'access.cannot_cancel_transaction', { role: ctx.principal?.roleName ?? '' });
  }
}

/** Throws 403 CANNOT_RELEASE_LOAN unless the role may release (disburse) loans. */
export function assertCanReleaseLoan(ctx: Ctx): void {
  if (!canReleaseLoan(ctx)) {
    throw forbidden('CANNOT_RELEASE_LOAN', 'access.cannot_release_loan', { role: ctx.principal?.roleName ?? '' });
  }
}

/**
 * What the cooperative wants when an amount is above the user's limit
 * (configuration key transactionPolicy): REFUSE (call assertWithinLimit) or
 * REQUEST_APPROVAL (record the request as waiting for a user whose limit
 * covers it). LOAN_APPROVAL has no queue: above the limit is always refused.
 */
export async function aboveLimitPolicy(tx: Tx, ctx: Ctx, kind: LimitKind): Promise<AboveLimitPolicy> {
  if (kind === 'LOAN_APPROVAL') return 'REFUSE';
  const policy = await getConfig(tx, ctx.tenantId, 'transactionPolicy');
  return kind === 'SAVING_WITHDRAWAL' ? policy.withdrawalAboveLimit : policy.loanRequestAboveLimit;
}
