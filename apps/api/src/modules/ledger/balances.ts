/**
 * The read side of the ledger: debit and credit totals per account over any
 * date range, from the monthly summary (ledger_balance) for whole months and
 * from the journal lines only for the days of a partial month at either end.
 * A balance sheet at a month end therefore reads only summary rows, whatever
 * the number of journal lines.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
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

/**
 * A business unit's part of the books: lines tagged with the unit (the line's own unit, or its
 * account's unit when it was posted) and every line of an account that belongs to the unit now.
 */
function unitFilter(alias: 'b' | 'l', bu: string): string {
  return `(${alias}.business_unit_id = ${bu}::uuid OR ${alias}.account_id IN
    (SELECT u.id FROM coa_account u WHERE u.tenant_id = $1 AND u.business_unit_id = ${bu}::uuid))`;
}

/** Debit and credit totals per account over [from, to]. Accounts without movement are absent. */
export async function movements(tx: Tx, f: MovementFilter = {}): Promise<Map<string, Movement>> {
  const { months, days } = splitRange(f.from ?? null, f.to ?? null);
  if (!months && !days.length) return new Map();
  if (f.accountIds && !f.accountIds.length) return new Map();
  const params: unknown[] = [tx.tenantId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const accounts = f.accountIds ? p(pgArray(f.accountIds)) : null;
  const bu = f.businessUnitId ? p(f.businessUnitId) : null;
  const parts: string[] = [];
  if (months) {
    const where = ['b.tenant_id = $1'];
    if (months.from) where.push(`b.period >= ${p(months.from)}::date`);
    if (months.to) where.push(`b.period <= ${p(months.to)}::date`);
    if (accounts) where.push(`b.account_id = ANY(${accounts}::uuid[])`);
    if (bu) where.push(unitFilter('b', bu));
    parts.push(`SELECT b.account_id, b.debit, b.credit, b.adj_debit, b.adj_credit, b.close_debit, b.close_credit
                FROM ledger_balance b WHERE ${where.join(' AND ')}`);
  }
  for (const [a, b] of days) {
    const pa = p(a);
    const pb = p(b);
    // Debit and credit from the lines alone (covering index on tenant and date, or the account index)...
    const lw = ['l.tenant_id = $1', `l.date BETWEEN ${pa}::date AND ${pb}::date`];
    if (accounts) lw.push(`l.account_id = ANY(${accounts}::uuid[])`);
    if (bu) lw.push(unitFilter('l', bu));
    parts.push(`SELECT l.account_id, l.debit, l.credit, 0, 0, 0, 0 FROM journal_line l WHERE ${lw.join(' AND ')}`);
    // ...and the adjustment and closing parts from the few journals flagged so.
    const jw = ['j.tenant_id = $1', `j.date BETWEEN ${pa}::date AND ${pb}::date`, '(j.is_adjustment OR j.is_closing)', ...lw];
    parts.push(`SELECT l.account_id, 0, 0,
                       CASE WHEN j.is_adjustment THEN l.debit ELSE 0 END, CASE WHEN j.is_adjustment THEN l.credit ELSE 0 END,
                       CASE WHEN j.is_closing THEN l.debit ELSE 0 END, CASE WHEN j.is_closing THEN l.credit ELSE 0 END
                FROM journal j JOIN journal_line l ON l.tenant_id = j.tenant_id AND l.journal_id = j.id
                WHERE ${jw.join(' AND ')}`);
  }
  const rows = await tx.query<{
    account_id: string;
    debit: Dec;
    credit: Dec;
    adj_debit: Dec;
    adj_credit: Dec;
    close_debit: Dec;
    close_credit: Dec;
  }>(
    `SELECT x.account_id, sum(x.debit) AS debit, sum(x.credit) AS credit, sum(x.adj_debit) AS adj_debit,
            sum(x.adj_credit) AS adj_credit, sum(x.close_debit) AS close_debit, sum(x.close_credit) AS close_credit
     FROM (${parts.join(' UNION ALL ')}) AS x (account_id, debit, credit, adj_debit, adj_credit, close_debit, close_credit)
     GROUP BY x.account_id`,
    params,
  );
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
