/**
 * SQL of the ledger's read side (balances.ts): debit and credit totals per account from the monthly summary
 * (ledger_balance) for whole months and from the journal lines for the days of a partial month.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface MovementQuery {
  /** The whole months read from the summary (first days; null = open-ended), or null for none. */
  months: { from: string | null; to: string | null } | null;
  /** Day ranges read from the lines. */
  days: Array<[string, string]>;
  /** A PostgreSQL array literal of account ids, or null for every account. */
  accounts: string | null;
  businessUnitId: string | null;
}

export interface MovementRow {
  account_id: string;
  debit: Dec;
  credit: Dec;
  adj_debit: Dec;
  adj_credit: Dec;
  close_debit: Dec;
  close_credit: Dec;
}

/**
 * A business unit's part of the books: lines tagged with the unit (the line's own unit, or its
 * account's unit when it was posted) and every line of an account that belongs to the unit now.
 */
function unitFilter(alias: 'b' | 'l', bu: string): string {
  return `(${alias}.business_unit_id = ${bu}::uuid OR ${alias}.account_id IN
    (SELECT u.id FROM coa_account u WHERE u.tenant_id = $1 AND u.business_unit_id = ${bu}::uuid))`;
}

/** Debit and credit totals (with their adjustment and closing parts) per account. Accounts without movement are absent. */
export async function movementRows(tx: Tx, q: MovementQuery): Promise<MovementRow[]> {
  const { months, days } = q;
  const params: unknown[] = [tx.tenantId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const accounts = q.accounts ? p(q.accounts) : null;
  const bu = q.businessUnitId ? p(q.businessUnitId) : null;
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
  return tx.query<MovementRow>(
    `SELECT x.account_id, sum(x.debit) AS debit, sum(x.credit) AS credit, sum(x.adj_debit) AS adj_debit,
            sum(x.adj_credit) AS adj_credit, sum(x.close_debit) AS close_debit, sum(x.close_credit) AS close_credit
     FROM (${parts.join(' UNION ALL ')}) AS x (account_id, debit, credit, adj_debit, adj_credit, close_debit, close_credit)
     GROUP BY x.account_id`,
    params,
  );
}
