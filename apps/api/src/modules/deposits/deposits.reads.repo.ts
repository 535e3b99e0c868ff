/**
 * SQL of the read side of term deposits (deposits.queries.ts, deposits.home.ts): the list and report filters,
 * pages and totals, the interest schedule's payments, the movements, the potential interest, the dashboard summary.
 */
import type { DepositListQuery } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { DEPOSIT_FROM, DEPOSIT_SELECT, type DepositRow } from './deposits.repo.ts';

export const DEPOSIT_SORTS: Record<string, string> = {
  created_date: 'd.created_date',
  createdDate: 'd.created_date',
  accountNumber: 'd.account_number',
  memberName: 'm.full_name',
  principal: 'd.principal',
  maturityDate: 'd.maturity_date',
  startDate: 'd.start_date',
  status: 'd.status',
};

/** A list's filters; `agentUserId` set for a field agent (only their members). */
export type DepositFilter = Partial<DepositListQuery> & { agentUserId?: string | null };

/** The WHERE of a deposit list over DEPOSIT_FROM, its parameters appended to `params`. */
export function depositWhere(q: DepositFilter, params: unknown[]): string {
  const w = ['d.tenant_id = app_tenant()'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.status) w.push(`d.status = ANY(string_to_array(${p(q.status.toUpperCase())}, ','))`);
  if (q.productId) w.push(`d.product_id::text = ${p(q.productId)}`);
  if (q.memberId) w.push(`d.member_id::text = ${p(q.memberId)}`);
  if (q.startDate) w.push(`d.placed_date >= ${p(q.startDate)}::date`);
  if (q.endDate) w.push(`d.placed_date <= ${p(q.endDate)}::date`);
  if (q.search) {
    const s = p(likePattern(q.search));
    w.push(
      `(lower(d.account_number) LIKE ${s} OR lower(d.certificate_number) LIKE ${s} OR lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s})`,
    );
  }
  if (q.agentUserId !== undefined) w.push(agentMemberCondition('m', p(q.agentUserId)));
  return w.join(' AND ');
}

/** The deposits of a filter, one page in the asked order. */
export async function depositRows(
  tx: Tx,
  where: string,
  params: unknown[],
  q: { sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; limit: number; offset: number },
): Promise<DepositRow[]> {
  return tx.query<DepositRow>(
    `SELECT ${DEPOSIT_SELECT} FROM ${DEPOSIT_FROM} WHERE ${where}
       ${orderBy(q.sortBy, q.ascOrDesc, DEPOSIT_SORTS, 'created_date', 'd.id')} LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
}

/** The list's count and principal. */
export async function depositListTotals(tx: Tx, where: string, params: unknown[]) {
  return (await tx.one<{ n: number; principal: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(d.principal), 0) AS principal FROM ${DEPOSIT_FROM} WHERE ${where}`,
    params,
  ))!;
}

/** The report's count, principal, interest and tax paid, penalties. */
export async function depositReportTotals(tx: Tx, where: string, params: unknown[]) {
  return (await tx.one<{ n: number; principal: Dec; interest: Dec; tax: Dec; penalty: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(d.principal), 0) AS principal, coalesce(sum(d.interest_paid), 0) AS interest,
              coalesce(sum(d.tax_paid), 0) AS tax, coalesce(sum(d.penalty), 0) AS penalty FROM ${DEPOSIT_FROM} WHERE ${where}`,
    params,
  ))!;
}

/** The posted interest payments of a deposit, by due date. */
export async function postedInterestOf(tx: Tx, depositId: string) {
  return tx.query<{
    due_date: string;
    gross: Dec;
    tax: Dec;
    net: Dec;
    destination: string;
    release_id: string | null;
    term_no: number;
  }>(
    `SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, gross, tax, net, destination, release_id, term_no FROM deposit_interest
       WHERE tenant_id = app_tenant() AND deposit_id = $1 AND status = 'POSTED' ORDER BY due_date`,
    [depositId],
  );
}

/** The version of the product terms a deposit runs on. */
export async function depositTermsVersion(tx: Tx, depositId: string): Promise<number> {
  return (await tx.one<{ terms_version: number }>('SELECT terms_version FROM deposit WHERE tenant_id = app_tenant() AND id = $1', [
    depositId,
  ]))!.terms_version;
}

/** The movements of a deposit, oldest first, one page, and their count. */
export async function depositMovements(tx: Tx, depositId: string, limit: number, offset: number) {
  const total = await tx.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM member_transaction WHERE tenant_id = app_tenant() AND deposit_id = $1',
    [depositId],
  );
  const rows = await tx.query<{
    id: string;
    code: string;
    transaction_date: string;
    kind: string;
    activity: string;
    amount: Dec;
    balance_after: Dec;
    status: string;
    description: string | null;
    journal_number: string | null;
    created_at: Date;
  }>(
    `SELECT t.id, t.code, t.transaction_date, t.kind, t.activity, t.amount, t.balance_after, t.status, t.description, j.number AS journal_number, t.created_at
       FROM member_transaction t LEFT JOIN journal j ON j.tenant_id = t.tenant_id AND j.id = t.journal_id
       WHERE t.tenant_id = app_tenant() AND t.deposit_id = $1 ORDER BY t.seq LIMIT ${limit} OFFSET ${offset}`,
    [depositId],
  );
  return { rows, total: total!.n };
}

/**
 * Running deposits' interest falling due in [startDate, endDate] (payment days of the current term not yet paid),
 * gross and tax per deposit alone: one page and the totals.
 */
export async function potentialInterestPage(
  tx: Tx,
  q: {
    startDate: string;
    endDate: string;
    taxFreeAmount: string;
    ratePct: string;
    filter: DepositFilter;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    limit: number;
    offset: number;
  },
) {
  const params: unknown[] = [q.startDate, q.endDate, q.taxFreeAmount, q.ratePct];
  const where = depositWhere(q.filter, params);
  const sql = `
      WITH due AS (
        SELECT d.id, k, (d.start_date + (k - 1) * interval '1 month')::date AS p_from, (d.start_date + k * interval '1 month')::date AS p_to
        FROM ${DEPOSIT_FROM}, generate_series(1, d.tenor) AS k
        WHERE ${where} AND d.status = 'ACTIVE'
      ), amt AS (
        SELECT due.id, count(*)::int AS periods, min(due.p_to) AS first_due,
               sum(CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                        ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) AS gross,
               sum(CASE WHEN (CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                                   ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) > $3::numeric
                        THEN round((CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                                         ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) * $4::numeric / 100, 2)
                        ELSE 0 END) AS tax
        FROM due JOIN deposit d ON d.tenant_id = app_tenant() AND d.id = due.id
        WHERE due.p_to > d.paid_through AND due.p_to BETWEEN $1::date AND $2::date
        GROUP BY due.id
      )`;
  const totals = await tx.one<{ n: number; gross: Dec; tax: Dec }>(
    `${sql} SELECT count(*)::int AS n, coalesce(sum(gross), 0) AS gross, coalesce(sum(tax), 0) AS tax FROM amt`,
    params,
  );
  const sorts: Record<string, string> = { ...DEPOSIT_SORTS, gross: 'amt.gross', firstDue: 'amt.first_due', created_date: 'amt.first_due' };
  const rows = await tx.query<DepositRow & { periods: number; first_due: string; gross: Dec; tax: Dec }>(
    `${sql} SELECT ${DEPOSIT_SELECT}, amt.periods, to_char(amt.first_due, 'YYYY-MM-DD') AS first_due, amt.gross, amt.tax
       FROM amt JOIN ${DEPOSIT_FROM} ON d.tenant_id = app_tenant() AND d.id = amt.id
       ${orderBy(q.sortBy, q.ascOrDesc, sorts, 'firstDue', 'd.id')} LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, totals: totals! };
}

/** The cooperative's name (the certificate's heading). */
export async function cooperativeName(tx: Tx): Promise<string | undefined> {
  return (await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()'))?.name;
}

// ---------------------------------------------------------------- dashboard

/**
 * The dashboard's deposit figures (deposits.home.ts): counts and sums by state, maturing between `today` and
 * `until`, placed since `monthStart`; the first five maturing; what waits in the holding accounts.
 */
export async function depositsSummaryRows(tx: Tx, o: { today: string; until: string; monthStart: string; agentUserId?: string | null }) {
  const agent = o.agentUserId !== undefined;
  const scope = agent ? `AND ${agentMemberCondition('m', '$4')}` : '';
  const params: unknown[] = [o.today, o.until, o.monthStart, ...(agent ? [o.agentUserId] : [])];
  const r = await tx.one<Record<string, string | number>>(
    `SELECT count(*) FILTER (WHERE d.status = 'ACTIVE')::int AS running,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'ACTIVE'), 0)::text AS running_principal,
            count(*) FILTER (WHERE d.status = 'MATURED')::int AS matured,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'MATURED'), 0)::text AS matured_principal,
            count(*) FILTER (WHERE d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date)::int AS soon,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date), 0)::text AS soon_principal,
            count(*) FILTER (WHERE d.break_requested_at IS NOT NULL AND d.status = 'ACTIVE')::int AS break_requests,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deposit_payout_request pr
                                           WHERE pr.tenant_id = d.tenant_id AND pr.deposit_id = d.id AND pr.status = 'PENDING'))::int AS payout_requests,
            count(*) FILTER (WHERE d.placed_date >= $3::date)::int AS placed,
            coalesce(sum(d.placed_amount) FILTER (WHERE d.placed_date >= $3::date), 0)::text AS placed_amount
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() ${scope}`,
    params,
  );
  const next = await tx.query<{
    id: string;
    account_number: string;
    member_name: string;
    principal: string;
    maturity_date: string;
    rollover: string;
  }>(
    `SELECT d.id, d.account_number, m.full_name AS member_name, d.principal::text AS principal, to_char(d.maturity_date, 'YYYY-MM-DD') AS maturity_date,
            d.rollover
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() AND d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date
       ${agent ? `AND ${agentMemberCondition('m', '$3')}` : ''}
     ORDER BY d.maturity_date, d.account_number LIMIT 5`,
    agent ? [o.today, o.until, o.agentUserId] : [o.today, o.until],
  );
  const holding = await tx.one<{ principal: string; interest: string }>(
    `SELECT coalesce(sum(h.amount) FILTER (WHERE h.kind = 'PRINCIPAL'), 0)::text AS principal,
            coalesce(sum(h.amount) FILTER (WHERE h.kind = 'INTEREST'), 0)::text AS interest
     FROM deposit_holding h JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
     JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE h.tenant_id = app_tenant() AND h.status = 'OPEN' ${agent ? `AND ${agentMemberCondition('m', '$1')}` : ''}`,
    agent ? [o.agentUserId] : [],
  );
  return { r, next, holding };
}
