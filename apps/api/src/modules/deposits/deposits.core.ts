/**
 * The interest engine of term deposits (its body is the SQL function
 * deposit_pay_due): pays every period of the deposits due up to a date, in one transaction — gross interest, the PP
 * 15/2009 tax withheld cumulatively per member (or account) and month, the
 * net to its destination, rollover or maturity at the end of a term — and
 * posts one balanced journal per payment day. The release (in chunks), the
 * withdrawal at maturity and the placement screen's projection use it.
 *
 * Decisions (docs/deposits.md):
 *  - Periods are paid in order and never skipped: a release pays every period
 *    due up to its `to` date that was not paid (a month never released is not
 *    lost), so `paid_through` is contiguous and the unique index on
 *    (deposit, due date) is the last guard of "exactly once".
 *  - Journals are dated on the payment day (the month the interest belongs
 *    to); a closed month refuses (the ledger's rule).
 *  - The tax subject is the member (basis MEMBER, default) or the deposit
 *    (ACCOUNT); the month is the payment day's month. With basis MEMBER the
 *    cooperative's tax-free amount and rate apply (settings interestTax);
 *    with ACCOUNT the product's own (taxFreeInterestAmount, interestTax).
 *  - Interest for a savings account that can no longer receive it (closed,
 *    member gone) goes to the interest holding account instead.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { TaxRule } from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { closedBooksError } from '../ledger/posting.ts';
import { refusalError } from '../money/refusals.ts';
import { channelOf } from '../savings/savings.core.ts';
import { getConfig } from '../settings/configuration.ts';
import { depositPayDue, type PayRow } from './deposits.ops.repo.ts';
import { type LockedDeposit, lockDeposits } from './deposits.repo.ts';

export const RATE_COLUMN: Record<number, string> = {
  1: 'deposit_rate_1',
  3: 'deposit_rate_3',
  6: 'deposit_rate_6',
  12: 'deposit_rate_12',
  24: 'deposit_rate_24',
};

/** The GL account of a role, or a clear refusal naming the product and role. */
export function glOf(ctx: Ctx, d: Pick<LockedDeposit, 'gl' | 'product_name'>, role: string): string {
  const id = d.gl[role];
  if (!id) throw refusalError(ctx.lang, 'DEPOSIT_GL_MISSING', { product: d.product_name, role });
  return id;
}

export interface TaxSetting {
  basis: 'MEMBER' | 'ACCOUNT';
  rule: TaxRule;
}

/** The cooperative's interest tax setting (tenant configuration interestTax). */
export async function taxSetting(tx: Tx, ctx: Ctx): Promise<TaxSetting> {
  const c = await getConfig(tx, ctx.tenantId, 'interestTax');
  return { basis: c.basis, rule: { taxFreeAmount: c.taxFreeAmount, ratePct: c.ratePct } };
}

export interface PayOptions {
  /** Pay periods whose payment day is on or before this date. */
  through: string;
  releaseId: string | null;
  /** Withdrawal: every net amount goes to this holding account, and nothing rolls over. */
  holdingOverride?: string | null;
  /** A description prefix of the journals. */
  label?: string;
}

export interface PaySummary {
  deposits: number;
  payments: number;
  gross: Dec;
  tax: Dec;
  net: Dec;
  journalIds: string[];
  rolled: number;
  matured: number;
}

/**
 * Pays the due periods of deposits (deposit_pay_due, one round trip: the
 * engine is in SQL, see apps/api/src/db/functions/deposit_pay_due.sql), then
 * refreshes the given rows in memory (principal, status, term, totals) for the
 * caller. The deposits are locked by the function (ascending id), then the
 * savings accounts receiving interest (ascending id).
 */
export async function payDueInterest(tx: Tx, ctx: Ctx, deposits: LockedDeposit[], opts: PayOptions): Promise<PaySummary> {
  const empty: PaySummary = { deposits: 0, payments: 0, gross: ZERO, tax: ZERO, net: ZERO, journalIds: [], rolled: 0, matured: 0 };
  const due = deposits.filter((d) => d.status === 'ACTIVE' && d.paid_through < opts.through);
  if (!due.length) return empty;
  const s = await payDueIds(
    tx,
    ctx,
    due.map((d) => d.id),
    opts,
  );
  if (s.payments) {
    const fresh = new Map(
      (
        await lockDeposits(
          tx,
          due.map((d) => d.id),
        )
      ).map((d) => [d.id, d]),
    );
    for (const d of due) Object.assign(d, fresh.get(d.id));
  }
  return s;
}

/** deposit_pay_due for deposit ids (the release's chunks): the SQL engine, its ledger refusals as the ledger's errors. */
export async function payDueIds(tx: Tx, ctx: Ctx, ids: string[], opts: PayOptions): Promise<PaySummary> {
  const setting = await taxSetting(tx, ctx);
  let r: PayRow | undefined;
  try {
    r = await depositPayDue(tx, {
      ids,
      through: opts.through,
      releaseId: opts.releaseId,
      holdingOverride: opts.holdingOverride ?? null,
      userId: ctx.userId,
      channel: ctx.principal ? channelOf(ctx) : 'SYSTEM',
      label: opts.label ?? null,
      basis: setting.basis,
      taxFreeAmount: dec(setting.rule.taxFreeAmount).toFixed(2),
      ratePct: dec(setting.rule.ratePct).toFixed(4),
    });
  } catch (err) {
    throw closedBooksError(err) ?? err;
  }
  return {
    deposits: r!.deposits,
    payments: r!.payments,
    gross: dec(r!.gross),
    tax: dec(r!.tax),
    net: dec(r!.net),
    journalIds: r!.journal_ids,
    rolled: r!.rolled,
    matured: r!.matured,
  };
}
