/**
 * The read side of the ledger: debit and credit totals per account over any
 * date range, from the monthly summary (ledger_balance) for whole months and
 * from the journal lines only for the days of a partial month at either end.
 * A balance sheet at a month end therefore reads only summary rows, whatever
 * the number of journal lines.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { movementRows } from './balances.repo.ts';
import { addDays, addMonths, isMonthEnd, isMonthStart, monthEnd, monthStart } from './dates.ts';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Movement {
  debit: Dec;
  credit: Dec;
  /** Parts of debit/credit posted by adjustment journals. */
  adjDebit: Dec;
  adjCredit: Dec;
  /** Parts posted by year-end closing journals. */
  closeDebit: Dec;
  closeCredit: Dec;
}

export interface MovementFilter {
  /** First day included; null = from the beginning. */
  from?: string | null;
  /** Last day included; null = everything posted. */
  to?: string | null;
  businessUnitId?: string | null;
  accountIds?: string[];
}

export const EMPTY_MOVEMENT: Movement = Object.freeze({
  debit: ZERO,
  credit: ZERO,
  adjDebit: ZERO,
  adjCredit: ZERO,
  closeDebit: ZERO,
  closeCredit: ZERO,
});

/** A PostgreSQL array literal of values already validated as uuids or dates. */
export function pgArray(values: Iterable<string>): string {
  return `{${[...values].join(',')}}`;
}

/**
 * Which whole months and which partial day ranges make up [from, to].
 * Exported for tests.
 */
export function splitRange(
  from: string | null,
  to: string | null,
): { months: { from: string | null; to: string | null } | null; days: Array<[string, string]> } {
  if (from && to && from > to) return { months: null, days: [] };
  const firstFull = from ? (isMonthStart(from) ? from : addMonths(from, 1)) : null;
  const lastFull = to ? (isMonthEnd(to) ? monthStart(to) : addMonths(to, -1)) : null;
  if (firstFull && lastFull && firstFull > lastFull) {
    // No whole month inside: read the days (at most two partial months).
    return { months: null, days: [[from as string, to as string]] };
  }
  const days: Array<[string, string]> = [];
  if (from && !isMonthStart(from)) days.push([from, monthEnd(from)]);
  if (to && !isMonthEnd(to)) days.push([monthStart(to), to]);
  return { months: { from: firstFull, to: lastFull }, days };
}

/** Debit and credit totals per account over [from, to]. Accounts without movement are absent. */
export async function movements(tx: Tx, f: MovementFilter = {}): Promise<Map<string, Movement>> {
  const { months, days } = splitRange(f.from ?? null, f.to ?? null);
  if (!months && !days.length) return new Map();
  if (f.accountIds && !f.accountIds.length) return new Map();
  const rows = await movementRows(tx, {
    months,
    days,
    accounts: f.accountIds ? pgArray(f.accountIds) : null,
    businessUnitId: f.businessUnitId ?? null,
  });
  const out = new Map<string, Movement>();
  for (const r of rows) {
    out.set(r.account_id, {
      debit: dec(r.debit),
      credit: dec(r.credit),
      adjDebit: dec(r.adj_debit),
      adjCredit: dec(r.adj_credit),
      closeDebit: dec(r.close_debit),
      closeCredit: dec(r.close_credit),
    });
  }
  return out;
}

/** Cumulative totals up to and including `asOf` (everything when null). */
export function balancesAsOf(tx: Tx, asOf: string | null, opts: Omit<MovementFilter, 'from' | 'to'> = {}) {
  return movements(tx, { ...opts, from: null, to: asOf });
}

/** debit − credit for DEBIT-normal accounts, credit − debit otherwise. */
export function signed(m: Pick<Movement, 'debit' | 'credit'> | undefined, normal: 'DEBIT' | 'CREDIT'): Dec {
  if (!m) return ZERO;
  return normal === 'DEBIT' ? m.debit.minus(m.credit) : m.credit.minus(m.debit);
}

export function addMovement(a: Movement, b: Movement | undefined): Movement {
  if (!b) return a;
  return {
    debit: a.debit.plus(b.debit),
    credit: a.credit.plus(b.credit),
    adjDebit: a.adjDebit.plus(b.adjDebit),
    adjCredit: a.adjCredit.plus(b.adjCredit),
    closeDebit: a.closeDebit.plus(b.closeDebit),
    closeCredit: a.closeCredit.plus(b.closeCredit),
  };
}

/** The day before a date (opening balances of a range). */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}
