/** SQL of the per-account saving reports (savings.reports.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, namesAlias, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow } from './savings.repo.ts';

export interface SavingReportFilter {
  asOf: string;
  search?: string;
  productId?: string;
  productCode?: string;
  kind?: string;
  isActive?: boolean;
  branchId?: string;
  areaId?: string;
  /** Set for a field agent: only the members assigned to them. */
  agentUserId?: string;
  showZeroAmount?: boolean;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

const SAVING_SORT = {
  created_date: 'x.created_date',
  account_number: 'x.account_number',
  member_name: 'lower(x.member_name)',
  cif_number: 'x.cif_number',
  balance: 'x.balance_on',
  product: 'lower(x.product_name)',
};

/**
 * A savings account's balance at the end of a day: its balance less the movements dated after the day, the ledger's
 * rule (docs/interest.md "The balance at a day"). As SQL: `WITH later AS (${laterNetSql(day)})` (each account's net
 * movement after the day, one pass over those movements) and BALANCE_ON over member_saving `s` joined
 * `LEFT JOIN later l ON l.saving_id = s.id`. The balance report and the product report both use it. It was a
 * subquery per account: 300,000 accounts took 1.3-1.8 s to total and as much again for a page; one pass 0.5 s.
 */
export function laterNetSql(day: string): string {
  return `SELECT x.saving_id, sum(saving_net(x.kind, x.amount)) AS n FROM member_transaction x
          WHERE x.tenant_id = app_tenant() AND x.transaction_date > ${day}::date AND x.saving_id IS NOT NULL GROUP BY x.saving_id`;
}
export const BALANCE_ON = 's.balance - coalesce(l.n, 0)';

/**
 * Saving accounts opened by `asOf` with their balance at the end of that day, one page, and the totals of all. The
 * totals and the page's order read only the columns they need; the page's accounts are then read whole.
 */
export async function savingReportRows(tx: Tx, f: SavingReportFilter) {
  const params: unknown[] = [f.asOf];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['s.tenant_id = app_tenant()', 's.open_date <= $1::date'];
  if (f.search) {
    const s = p(likePattern(f.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
  }
  if (f.productId) where.push(`s.product_id = ${p(f.productId)}`);
  if (f.productCode) where.push(`p.code = upper(${p(f.productCode)})`);
  if (f.kind) where.push(`s.kind = ${p(f.kind.toUpperCase())}`);
  if (f.isActive === true) where.push(`s.status = 'ACTIVE'`);
  if (f.isActive === false) where.push(`s.status <> 'ACTIVE'`);
  if (f.branchId) where.push(`m.branch_id = ${p(f.branchId)}`);
  if (f.areaId) where.push(`m.area_id = ${p(f.areaId)}`);
  if (f.agentUserId !== undefined) where.push(agentMemberCondition('m', p(f.agentUserId)));
  // The member and the product are joined only when a filter or the page's order names them: every account has both
  // (foreign keys), so the totals over 1,500,000 accounts need neither.
  const filterJoins = namesAlias(where.join(' '), 'm', 'p');
  const inner = (joins: boolean) => `WITH later AS (${laterNetSql('$1')})
    SELECT * FROM (SELECT s.id, s.member_id, s.created_date, s.account_number,
                          ${joins ? 'm.full_name AS member_name, m.cif_number, p.name AS product_name,' : ''} ${BALANCE_ON} AS balance_on
                     FROM member_saving s
                     ${joins ? 'JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id' : ''}
                     LEFT JOIN later l ON l.saving_id = s.id
                    WHERE ${where.join(' AND ')}) x ${f.showZeroAmount ? '' : 'WHERE x.balance_on <> 0'}`;
  const totals = await tx.one<{ n: number; total: Dec; members: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(y.balance_on), 0) AS total, count(DISTINCT y.member_id)::int AS members FROM (${inner(filterJoins)}) y`,
    params,
  );
  const order = orderBy(f.sortBy, f.ascOrDesc, SAVING_SORT, 'created_date', 'x.id');
  const page = await tx.query<{ id: string; balance_on: Dec }>(
    `SELECT x.id, x.balance_on FROM (${inner(filterJoins || /member_name|cif_number|product_name/.test(order))}) x ${order}
     LIMIT ${p(f.limit)} OFFSET ${p(f.offset)}`,
    params,
  );
  const whole = page.length
    ? await tx.query<AccountRow & { branch_id: string | null }>(
        `SELECT ${ACCOUNT_SELECT}, m.branch_id FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = ANY($1::uuid[])`,
        [page.map((r) => r.id)],
      )
    : [];
  const byId = new Map(whole.map((r) => [r.id, r]));
  const rows = page.map((r) => ({ ...byId.get(r.id)!, balance_on: r.balance_on }));
  return { totals, rows };
}

/** Deposits (credit) and withdrawals (debit) with their count under a transaction filter (`where` with its params, from txWhere). */
export async function transactionTotals(tx: Tx, where: string, params: unknown[]) {
  return tx.one<{ credit: Dec; debit: Dec; n: number }>(
    `SELECT coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST')), 0) AS credit,
            coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX')), 0) AS debit, count(*)::int AS n
     FROM member_transaction t JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
     JOIN product p ON p.tenant_id = t.tenant_id AND p.id = t.product_id
     LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id WHERE ${where}`,
    params,
  );
}

const PLAN_SORT = {
  created_date: 's.created_date',
  balance: 's.balance',
  member_name: 'lower(m.full_name)',
  plan_target_date: 's.plan_target_date',
};

/** The active plan-saving accounts (all of them: progress is computed and filtered after). */
export async function planAccounts(
  tx: Tx,
  f: { productId?: string; search?: string; agentUserId?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`s.tenant_id = app_tenant()`, `s.saving_type = 'PLAN'`, `s.status = 'ACTIVE'`];
  if (f.productId) where.push(`s.product_id = ${p(f.productId)}`);
  if (f.search) {
    const s = p(likePattern(f.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
  }
  if (f.agentUserId !== undefined) where.push(agentMemberCondition('m', p(f.agentUserId)));
  return tx.query<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')} ${orderBy(f.sortBy, f.ascOrDesc, PLAN_SORT, 'created_date', 's.id')}`,
    params,
  );
}
