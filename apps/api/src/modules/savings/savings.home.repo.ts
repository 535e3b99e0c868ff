/** SQL of the savings dashboard widgets (savings.home.ts). */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

/** Filters of the members a widget lists. */
export interface HomeMemberFilter {
  search?: string;
  branchId?: string;
  /** Set for an agent: only its members. */
  agentUserId?: string | null;
}

export interface HomePage {
  sortBy?: string;
  dir: 'ASC' | 'DESC';
  page: number;
  limit: number;
}

function memberFilters(f: HomeMemberFilter, params: unknown[]): string[] {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.search) {
    const s = p(likePattern(f.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR m.phone LIKE ${s})`);
  }
  if (f.branchId) where.push(`m.branch_id = ${p(f.branchId)}`);
  if (f.agentUserId !== undefined) where.push(agentMemberCondition('m', p(f.agentUserId)));
  return where;
}

// ---------------------------------------------------------------- principal owed

const POKOK_SORT = {
  member_id: 'm.cif_number',
  cif_number: 'm.cif_number',
  full_name: 'lower(m.full_name)',
  join_date: 'm.join_date',
  remaining: 'remaining',
  created_date: 'm.created_date',
};

/** Members whose principal saving is owed, one page, with the count and the total remaining of all. */
export async function principalOwedPage(tx: Tx, f: HomeMemberFilter, q: HomePage) {
  const params: unknown[] = [];
  const extra = memberFilters(f, params);
  const where = [
    `m.tenant_id = app_tenant()`,
    `m.member_type = 'MEMBER'`,
    `m.status = 'ACTIVE'`,
    `m.principal_status = 'OWED'`,
    ...extra,
  ].join(' AND ');
  const base = `
      FROM member m
      LEFT JOIN LATERAL (
        SELECT s.id, s.account_number, s.balance, s.product_id FROM member_saving s
        WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.saving_type = 'PRINCIPAL' AND s.status = 'ACTIVE'
        ORDER BY s.created_date DESC LIMIT 1
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT t.equity_amount FROM product_terms t
        WHERE t.tenant_id = m.tenant_id AND t.product_id = s.product_id
        ORDER BY (t.effective_date <= m.join_date) DESC, CASE WHEN t.effective_date <= m.join_date THEN t.effective_date END DESC NULLS LAST,
                 CASE WHEN t.effective_date <= m.join_date THEN t.version END DESC NULLS LAST, t.effective_date, t.version LIMIT 1
      ) pt ON true
      WHERE ${where}`;
  const amountSql = `coalesce(CASE WHEN s.id IS NULL THEN m.principal_owed ELSE pt.equity_amount END, m.principal_owed, 0)`;
  const paidSql = `coalesce(s.balance, 0)`;
  const totals = await tx.one<{ n: number; remaining: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(greatest(${amountSql} - ${paidSql}, 0)), 0) AS remaining ${base}`,
    params,
  );
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<{
    id: string;
    cif_number: string;
    full_name: string;
    phone: string | null;
    join_date: string | null;
    saving_id: string | null;
    account_number: string | null;
    amount: Dec;
    paid: Dec;
    remaining: Dec;
  }>(
    `SELECT m.id, m.cif_number, m.full_name, m.phone, m.join_date, s.id AS saving_id, s.account_number,
              ${amountSql} AS amount, ${paidSql} AS paid, greatest(${amountSql} - ${paidSql}, 0) AS remaining
       ${base} ${orderBy(q.sortBy ?? 'member_id', q.dir, POKOK_SORT, 'member_id', 'm.id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, totals };
}

// ---------------------------------------------------------------- mandatory arrears

export async function mandatoryProductRow(tx: Tx) {
  const p = await tx.one<{ id: string; name: string }>(
    `SELECT id, name FROM product WHERE tenant_id = app_tenant() AND saving_type = 'MANDATORY' AND is_active ORDER BY created_date LIMIT 1`,
  );
  return p;
}

/** The product's terms in force, oldest first. */
export async function termVersions(tx: Tx, productId: string) {
  const versions = await tx.query<{
    effective_date: string;
    equity_amount: Dec | null;
    equity_period: 'BULANAN' | 'HARIAN' | null;
    version: number;
  }>(
    'SELECT effective_date, equity_amount, equity_period, version FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 ORDER BY effective_date, version',
    [productId],
  );
  return versions;
}

const WAJIB_SORT = {
  arrears: 'arrears',
  member_id: 'cif_number',
  cif_number: 'cif_number',
  full_name: 'lower(full_name)',
  join_date: 'join_date',
  periods_due: 'periods_due',
};

/**
 * Members behind on the mandatory saving of `productId`: periods due from the join date through `through`
 * (`monthly` or daily periods), each at the amount in force on its first day, against what they paid in; one page,
 * with the count and the total arrears of all. A mandatory product is an equity product, so a member has at most one
 * ACTIVE account in it (member_saving_equity_uq): a plain join, not a look-up per member (500,000 members with an
 * account each: 5.7-6.1 s for the widget, the totals and the page each joining member by member; now 1.6-1.8 s).
 */
export async function mandatoryArrearsPage(
  tx: Tx,
  f: HomeMemberFilter,
  q: HomePage & { productId: string; through: string; monthly: boolean },
) {
  const { monthly } = q;
  const params: unknown[] = [q.productId, q.through, monthly ? '1 month' : '1 day'];
  const extra = memberFilters(f, params);
  const firstSql = monthly ? `date_trunc('month', m.join_date)::date` : 'm.join_date';
  const sql = `
      WITH acc AS (
        SELECT m.id AS member_id, m.cif_number, m.full_name, m.phone, m.join_date, s.id AS saving_id, s.account_number,
               coalesce(s.balance, 0) AS paid, ${firstSql} AS first
        FROM member m
        LEFT JOIN member_saving s ON s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.product_id = $1 AND s.status = 'ACTIVE'
        WHERE m.tenant_id = app_tenant() AND m.member_type = 'MEMBER' AND m.status = 'ACTIVE' AND m.join_date IS NOT NULL
          ${extra.length ? `AND ${extra.join(' AND ')}` : ''}
      ), per AS (
        SELECT gs::date AS p FROM generate_series((SELECT min(first) FROM acc)::timestamp, $2::date::timestamp, $3::interval) gs
      ), amt AS (
        SELECT per.p, (SELECT coalesce(t.equity_amount, 0) FROM product_terms t
                       WHERE t.tenant_id = app_tenant() AND t.product_id = $1
                       ORDER BY (t.effective_date <= per.p) DESC, CASE WHEN t.effective_date <= per.p THEN t.effective_date END DESC NULLS LAST,
                                CASE WHEN t.effective_date <= per.p THEN t.version END DESC NULLS LAST, t.effective_date, t.version LIMIT 1) AS a
        FROM per
      ), suf AS (
        SELECT p, sum(a) OVER w AS due, count(*) OVER w AS n FROM amt WINDOW w AS (ORDER BY p DESC ROWS UNBOUNDED PRECEDING)
      ), owed AS (
        SELECT acc.*, suf.due, suf.n::int AS periods_due, suf.due - acc.paid AS arrears
        FROM acc JOIN suf ON suf.p = acc.first WHERE suf.due > acc.paid
      )`;
  params.push(q.limit, q.page * q.limit);
  // The totals and the page in one statement over the same rows (`owed` computed once), a row even for an empty page.
  const found = await tx.query<{
    total_n: number;
    total_arrears: Dec;
    member_id: string | null;
    cif_number: string;
    full_name: string;
    phone: string | null;
    join_date: string;
    saving_id: string | null;
    account_number: string | null;
    paid: Dec;
    due: Dec;
    periods_due: number;
    arrears: Dec;
  }>(
    `${sql}, tot AS (SELECT count(*)::int AS total_n, coalesce(sum(arrears), 0) AS total_arrears FROM owed)
     SELECT tot.*, pg.* FROM tot LEFT JOIN LATERAL (
       SELECT * FROM owed ${orderBy(q.sortBy ?? 'arrears', q.dir, WAJIB_SORT, 'arrears', 'member_id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}
     ) pg ON true`,
    params,
  );
  const totals = { n: found[0]?.total_n ?? 0, arrears: found[0]?.total_arrears ?? dec(0) };
  const rows = found
    .filter((r) => r.member_id !== null)
    .map(({ total_n: _n, total_arrears: _a, ...r }) => ({ ...r, member_id: r.member_id! }));
  return { rows, totals };
}

/** The member's join date and type, and whether an agent (`agentUserId` set) may see it. */
export async function memberForSchedule(tx: Tx, memberId: string, agentUserId: string | null | undefined) {
  const m = await tx.one<{ join_date: string | null; member_type: string; agent_ok: boolean }>(
    `SELECT m.join_date, m.member_type, ${agentUserId !== undefined ? agentMemberCondition('m', '$2') : 'true'} AS agent_ok
       FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1`,
    agentUserId !== undefined ? [memberId, agentUserId] : [memberId],
  );
  return m;
}

/** The member's latest active account in the product. */
export async function activeAccountInProduct(tx: Tx, memberId: string, productId: string) {
  const acc = await tx.one<{ id: string; account_number: string; balance: Dec }>(
    `SELECT id, account_number, balance FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status = 'ACTIVE'
       ORDER BY created_date DESC LIMIT 1`,
    [memberId, productId],
  );
  return acc;
}

// ---------------------------------------------------------------- savings and loans summary

/**
 * The savings summary's figures: active balances by kind and type, monthly flows since `from`, waiting requests
 * and openings, members owing the principal saving; an agent's (`agentUserId` set) of its members only.
 */
export async function savingSummaryFigures(tx: Tx, agentUserId: string | null | undefined, from: string) {
  const agent = agentUserId !== undefined;
  const params: unknown[] = agent ? [agentUserId] : [];
  const scope = agent ? `AND ${agentMemberCondition('m', '$1')}` : '';
  // The member is joined only for an agent's scope: every account and movement has its member (a foreign key), so
  // without a scope the join only cost time (987,000 movements: the six-month flows 0.85 s -> see docs/savings.md).
  const member = (alias: string) => (agent ? `JOIN member m ON m.tenant_id = ${alias}.tenant_id AND m.id = ${alias}.member_id` : '');
  const byType = await tx.query<{ kind: string; saving_type: string; accounts: number; members: number; balance: Dec }>(
    `SELECT s.kind, s.saving_type, count(*)::int AS accounts, count(DISTINCT s.member_id)::int AS members, coalesce(sum(s.balance), 0) AS balance
       FROM member_saving s ${member('s')}
       WHERE s.tenant_id = app_tenant() AND s.status = 'ACTIVE' ${scope}
       GROUP BY s.kind, s.saving_type ORDER BY s.kind DESC, s.saving_type`,
    params,
  );
  const flows = await tx.query<{ month: string; credit: Dec; debit: Dec; n: number }>(
    `SELECT to_char(t.transaction_date, 'YYYY-MM') AS month,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST')), 0) AS credit,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX')), 0) AS debit,
              count(*)::int AS n
       FROM member_transaction t ${member('t')}
       WHERE t.tenant_id = app_tenant() AND t.product_kind IN ('SAVING', 'SAVING_EQUITY') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL
         AND t.transaction_date >= $${params.length + 1}::date ${scope}
       GROUP BY 1 ORDER BY 1`,
    [...params, from],
  );
  const pending = await tx.one<{ cash_out: number; withdrawal: number; openings: number }>(
    `SELECT (SELECT count(*)::int FROM saving_request WHERE tenant_id = app_tenant() AND type = 'CASH_OUT_ONLINE' AND status = 'WAITING') AS cash_out,
              (SELECT count(*)::int FROM saving_request WHERE tenant_id = app_tenant() AND type = 'WITHDRAWAL' AND status = 'WAITING') AS withdrawal,
              (SELECT count(*)::int FROM member_saving WHERE tenant_id = app_tenant() AND status = 'PENDING') AS openings`,
  );
  const principal = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM member m WHERE m.tenant_id = app_tenant() AND m.member_type = 'MEMBER' AND m.status = 'ACTIVE'
       AND m.principal_status = 'OWED' ${scope}`,
    params,
  );
  return { byType, flows, pending, principal };
}
