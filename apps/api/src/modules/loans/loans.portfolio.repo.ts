/**
 * SQL of the loan portfolio (loans.portfolio.ts): every loan outstanding on a day with what was paid by then and its
 * oldest installment not covered, and the loan list report with its totals.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';

export interface PortfolioFilter {
  date: string;
  productId?: string;
  branchId?: string;
  /** The member's area. */
  areaId?: string;
  /** The loan's officer, else the member's agent (as the period reports, portfolio/loan-reports.repo.ts). */
  officerId?: string;
  memberId?: string;
  loanId?: string;
}

/**
 * The filters both portfolio reads share (l = loan, m = its member), as conditions whose values go to `params`;
 * `p` adds a value and answers its placeholder.
 */
function loanFilters(q: Pick<PortfolioFilter, 'productId' | 'branchId' | 'areaId' | 'officerId'>, params: unknown[]) {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (q.productId) where.push(`l.product_id = ${p(q.productId)}`);
  if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
  if (q.areaId) where.push(`m.area_id = ${p(q.areaId)}`);
  if (q.officerId) where.push(`coalesce(l.officer_id, m.agent_id) = ${p(q.officerId)}`);
  return { where, p };
}

/**
 * Loans outstanding on `q.date` (released by then, not paid off by then): paid by then, oldest due not covered, overdue
 * count; in loan number order, at most `limit` when given (an Excel export's per-loan sheet: EXPORT_FETCH_LIMIT).
 */
export async function gradedLoanRows(tx: Tx, tenantId: string, q: PortfolioFilter, limit?: number) {
  const params: unknown[] = [tenantId, q.date];
  const { where, p } = loanFilters(q, params);
  if (q.memberId) where.push(`l.member_id = ${p(q.memberId)}`);
  if (q.loanId) where.push(`l.id = ${p(q.loanId)}`);
  return tx.query<{
    id: string;
    loan_number: string;
    member_id: string;
    member_name: string;
    cif_number: string;
    product_id: string;
    product_name: string;
    branch_id: string | null;
    branch_name: string | null;
    amount: Dec;
    release_date: string;
    principal_paid: Dec;
    oldest_due: string | null;
    overdue_count: number;
  }>(
    `WITH base AS (
       SELECT l.id, l.loan_number, l.member_id, m.full_name AS member_name, m.cif_number, l.product_id, pr.name AS product_name,
              m.branch_id, b.name AS branch_name, l.amount, l.release_date::text AS release_date, l.schedule_no,
              l.principal_paid_before_migration AS migrated
       FROM loan l
       JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
       JOIN product pr ON pr.tenant_id = l.tenant_id AND pr.id = l.product_id
       LEFT JOIN branch b ON b.tenant_id = m.tenant_id AND b.id = m.branch_id
       WHERE l.tenant_id = $1 AND l.status IN ('RUNNING', 'PAID_OFF') AND l.release_date <= $2::date
         AND (l.paid_off_date IS NULL OR l.paid_off_date > $2::date)
         ${where.length ? `AND ${where.join(' AND ')}` : ''}
     ), restr AS (
       SELECT e.loan_id, e.event_date, e.created_date, e.debit
       FROM loan_event e JOIN base ON base.id = e.loan_id
       WHERE e.tenant_id = $1 AND e.activity = 'RESTRUCTURE' AND e.event_date >= base.release_date::date
     ), pos AS (
       SELECT base.id,
              base.schedule_no - (SELECT count(*)::int FROM restr r WHERE r.loan_id = base.id AND r.event_date > $2::date) AS sched_no,
              (SELECT max(r.created_date) FROM restr r WHERE r.loan_id = base.id AND r.event_date <= $2::date) AS since,
              (SELECT coalesce(sum(r.debit), 0) FROM restr r WHERE r.loan_id = base.id AND r.event_date <= $2::date) AS capitalised
       FROM base
     ), paid AS (
       SELECT lp.loan_id, sum(lp.principal) AS principal,
              coalesce(sum(lp.principal + lp.interest) FILTER (WHERE pos.since IS NULL OR lp.created_date > pos.since), 0) AS pi
       FROM loan_payment lp JOIN pos ON pos.id = lp.loan_id
       WHERE lp.tenant_id = $1 AND lp.status = 'POSTED' AND lp.payment_date <= $2::date
       GROUP BY lp.loan_id
     ), figures AS (
       SELECT base.*, pos.sched_no,
              coalesce(pd.principal, 0) + base.migrated - pos.capitalised AS principal_paid,
              coalesce(pd.pi, 0) + CASE WHEN pos.since IS NULL THEN base.migrated ELSE 0 END AS pi_paid
       FROM base JOIN pos ON pos.id = base.id LEFT JOIN paid pd ON pd.loan_id = base.id
     ), sched AS (
       SELECT i.loan_id, i.due_date,
              sum(i.principal + i.interest) OVER (PARTITION BY i.loan_id ORDER BY i.number) AS cum
       FROM loan_installment i JOIN figures f ON f.id = i.loan_id AND i.schedule_no = f.sched_no
       WHERE i.tenant_id = $1 AND (NOT i.superseded OR f.sched_no < f.schedule_no)
     )
     SELECT f.id, f.loan_number, f.member_id, f.member_name, f.cif_number, f.product_id, f.product_name, f.branch_id, f.branch_name,
            f.amount, f.release_date, f.principal_paid,
            (SELECT min(s.due_date)::text FROM sched s WHERE s.loan_id = f.id AND s.cum > f.pi_paid AND s.due_date < $2::date) AS oldest_due,
            (SELECT count(*)::int FROM sched s WHERE s.loan_id = f.id AND s.cum > f.pi_paid AND s.due_date < $2::date) AS overdue_count
     FROM figures f
     ORDER BY f.loan_number${limit ? ` LIMIT ${Number(limit)}` : ''}`,
    params,
  );
}

export interface LoanListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc?: string;
  productId?: string;
  branchId?: string;
  areaId?: string;
  officerId?: string;
  status?: string;
  /** Application date from / until. */
  start?: string;
  end?: string;
}

const LIST_SORT: Record<string, string> = {
  loanNumber: 'l.loan_number',
  memberName: 'm.full_name',
  amount: 'l.amount',
  remainingPrincipal: 'l.remaining_principal',
  applicationDate: 'l.application_date',
  releaseDate: 'l.release_date',
  status: 'l.status',
};

/**
 * The loan list report's rows (one page, or all when `all`: the Excel export, at most EXPORT_FETCH_LIMIT) with each
 * one's fine due, and the totals of every row.
 */
export async function loanListRows(tx: Tx, tenantId: string, q: LoanListQuery, all: boolean) {
  const params: unknown[] = [tenantId];
  const { where: filters, p } = loanFilters(q, params);
  const where = ['l.tenant_id = $1', ...filters];
  if (q.status) where.push(`l.status = ${p(q.status)}`);
  if (q.start) where.push(`l.application_date >= ${p(q.start)}::date`);
  if (q.end) where.push(`l.application_date <= ${p(q.end)}::date`);
  if (q.search) {
    const s = p(`%${q.search}%`);
    where.push(`(lower(l.loan_number) LIKE ${s} OR lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s})`);
  }
  const order = `${LIST_SORT[q.sortBy ?? ''] ?? 'l.loan_number'} ${q.ascOrDesc?.toLowerCase() === 'desc' ? 'DESC' : 'ASC'}, l.id`;
  const from = `FROM loan l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
    JOIN product pr ON pr.tenant_id = l.tenant_id AND pr.id = l.product_id
    LEFT JOIN branch b ON b.tenant_id = m.tenant_id AND b.id = m.branch_id
    WHERE ${where.join(' AND ')}`;
  // The fine due: stored on the installments (by payments and by the daily job, loan_portfolio_day), not paid or waived.
  const fine = `coalesce((SELECT sum(i.fine_accrued - i.fine_paid - i.fine_waived) FROM loan_installment i
    WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded), 0)`;
  const page = all ? ` LIMIT ${EXPORT_FETCH_LIMIT}` : ` LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`;
  const rows = await tx.query<{
    id: string;
    loan_number: string;
    member_id: string;
    member_name: string;
    cif_number: string;
    product_id: string;
    product_name: string;
    branch_name: string | null;
    status: string;
    amount: Dec;
    tenor: number;
    remaining_principal: Dec;
    principal_paid: Dec;
    interest_paid: Dec;
    application_date: string;
    release_date: string | null;
    maturity_date: string | null;
    fine_due: Dec;
    total: number;
  }>(
    `SELECT l.id, l.loan_number, l.member_id, m.full_name AS member_name, m.cif_number, l.product_id, pr.name AS product_name,
            b.name AS branch_name, l.status, l.amount, l.tenor, l.remaining_principal, l.principal_paid, l.interest_paid,
            l.application_date::text AS application_date, l.release_date::text AS release_date, l.maturity_date::text AS maturity_date,
            ${fine} AS fine_due, count(*) OVER ()::int AS total
     ${from} ORDER BY ${order}${page}`,
    params,
  );
  const sums = (await tx.one<{ amount: Dec; remaining: Dec; fine: Dec }>(
    `SELECT coalesce(sum(l.amount), 0) AS amount, coalesce(sum(l.remaining_principal), 0) AS remaining, coalesce(sum(${fine}), 0) AS fine ${from}`,
    params.slice(0, all ? params.length : params.length - 2),
  ))!;
  return { rows, sums };
}
