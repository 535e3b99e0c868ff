/**
 * Portfolio: every loan graded on ANY day from what the books say happened by
 * then (docs/loans.md "Portfolio"). No history table: the grade on day D is
 * computed from the schedule in force on D and the POSTED payments dated on
 * or before D. Payments are allocated oldest installment first and, within
 * one, fine -> interest -> principal, so installment k was settled on D iff
 * the principal + interest paid by D covers the scheduled principal + interest
 * of installments 1..k. Days late = D - due date of the oldest installment
 * not covered (when that date is before D).
 *
 * Restructured loans: each restructuring (a RESTRUCTURE event in loan_event)
 * starts the next schedule_no, and the schedule it replaced stays (its paid
 * rows as they were, its unpaid ones `superseded`). On D the schedule in force
 * is the loan's current one less the restructurings dated after D; it is
 * compared with the principal + interest of the payments entered since the
 * restructuring that started it (payments before it settled the schedule
 * before). Outstanding on D = amount + arrears capitalised by restructurings
 * dated by D - principal paid by D.
 */
import { COLLECTABILITY_GRADES, type CollectabilityGrade } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { loadCollectability } from '../settings/collectability.ts';
import { DEFAULT_GRADING, type Grading, gradeLoan } from './loans.engine.ts';

export async function loadGrading(tx: Tx, tenantId: string): Promise<Grading> {
  const rows = await loadCollectability(tx, tenantId);
  if (rows.length !== COLLECTABILITY_GRADES.length) return DEFAULT_GRADING;
  return {
    calculationType: rows[0].calculationType,
    ranges: rows.map((r) => ({ grade: r.grade, daysLateFrom: r.daysLateFrom, daysLateUntil: r.daysLateUntil })),
  };
}

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

export interface GradedLoan {
  loanId: string;
  loanNumber: string;
  memberId: string;
  memberName: string;
  cifNumber: string;
  productId: string;
  productName: string;
  branchId: string | null;
  branchName: string | null;
  amount: Dec;
  releaseDate: string;
  outstandingPrincipal: Dec;
  oldestUnpaidDueDate: string | null;
  overdueCount: number;
  daysLate: number;
  collectability: CollectabilityGrade;
}

/** Loans outstanding on `date` (released by then, not paid off by then), graded. */
export async function gradedLoans(tx: Tx, tenantId: string, q: PortfolioFilter): Promise<GradedLoan[]> {
  const params: unknown[] = [tenantId, q.date];
  const where: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.productId) where.push(`l.product_id = ${p(q.productId)}`);
  if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
  if (q.areaId) where.push(`m.area_id = ${p(q.areaId)}`);
  if (q.officerId) where.push(`coalesce(l.officer_id, m.agent_id) = ${p(q.officerId)}`);
  if (q.memberId) where.push(`l.member_id = ${p(q.memberId)}`);
  if (q.loanId) where.push(`l.id = ${p(q.loanId)}`);
  const rows = await tx.query<{
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
     ORDER BY f.loan_number`,
    params,
  );
  const grading = await loadGrading(tx, tenantId);
  return rows.map((r) => {
    const days = r.oldest_due ? Math.round((Date.parse(q.date) - Date.parse(r.oldest_due)) / 86_400_000) : 0;
    const g = gradeLoan({ daysLate: days, overdueCount: r.overdue_count }, grading);
    return {
      loanId: r.id,
      loanNumber: r.loan_number,
      memberId: r.member_id,
      memberName: r.member_name,
      cifNumber: r.cif_number,
      productId: r.product_id,
      productName: r.product_name,
      branchId: r.branch_id,
      branchName: r.branch_name,
      amount: dec(r.amount),
      releaseDate: r.release_date,
      outstandingPrincipal: dec(r.amount).minus(dec(r.principal_paid)),
      oldestUnpaidDueDate: r.oldest_due,
      overdueCount: r.overdue_count,
      daysLate: g.daysLate,
      collectability: g.grade,
    };
  });
}

const NON_PERFORMING: CollectabilityGrade[] = ['KURANG LANCAR', 'DIRAGUKAN', 'MACET'];

/** Ratio to 4 places (0.1234 = 12.34 %), 0 when nothing is outstanding. */
const ratio = (a: Dec, b: Dec) => (b.gt(0) ? a.div(b).toDecimalPlaces(4) : ZERO);

function totals(loans: GradedLoan[]) {
  const outstanding = loans.reduce((s, l) => s.plus(l.outstandingPrincipal), ZERO);
  const npl = loans.filter((l) => NON_PERFORMING.includes(l.collectability)).reduce((s, l) => s.plus(l.outstandingPrincipal), ZERO);
  return { loanCount: loans.length, outstanding, nonPerforming: npl, nplRatio: ratio(npl, outstanding) };
}

/** Grade per loan and per grade (count, outstanding, share). */
export async function collectibilityReport(ctx: Ctx, q: PortfolioFilter) {
  return withTx(ctx, async (tx) => {
    const loans = await gradedLoans(tx, ctx.tenantId, q);
    const all = totals(loans);
    const grades = COLLECTABILITY_GRADES.map((grade) => {
      const of = loans.filter((l) => l.collectability === grade);
      const outstanding = of.reduce((s, l) => s.plus(l.outstandingPrincipal), ZERO);
      return { grade, loanCount: of.length, outstanding, share: ratio(outstanding, all.outstanding) };
    });
    return { date: q.date, grades, total: all, loans };
  });
}

/** NPL on the day: total, per branch, per product. */
export async function nplReport(ctx: Ctx, q: PortfolioFilter) {
  return withTx(ctx, async (tx) => {
    const loans = await gradedLoans(tx, ctx.tenantId, q);
    const group = (key: (l: GradedLoan) => string, name: (l: GradedLoan) => string | null) => {
      const m = new Map<string, GradedLoan[]>();
      for (const l of loans) m.set(key(l), [...(m.get(key(l)) ?? []), l]);
      return [...m.entries()].map(([id, ls]) => ({ id: id || null, name: name(ls[0]), ...totals(ls) }));
    };
    return {
      date: q.date,
      total: totals(loans),
      byBranch: group(
        (l) => l.branchId ?? '',
        (l) => l.branchName,
      ),
      byProduct: group(
        (l) => l.productId,
        (l) => l.productName,
      ),
    };
  });
}

/** A member's loans graded on the day, and the member's worst grade (null without a loan outstanding then). */
export async function memberCollectability(ctx: Ctx, memberId: string, date: string) {
  return withTx(ctx, async (tx) => {
    const loans = await gradedLoans(tx, ctx.tenantId, { date, memberId });
    const worst = loans.reduce<CollectabilityGrade | null>(
      (w, l) => (w === null || COLLECTABILITY_GRADES.indexOf(l.collectability) > COLLECTABILITY_GRADES.indexOf(w) ? l.collectability : w),
      null,
    );
    return { memberId, date, collectability: worst, loans };
  });
}

/** Per product on the day: loans, amount, outstanding principal per grade and the NPL. */
export async function byProductReport(ctx: Ctx, q: PortfolioFilter) {
  return withTx(ctx, async (tx) => {
    const loans = await gradedLoans(tx, ctx.tenantId, q);
    const ids = [...new Set(loans.map((l) => l.productId))];
    const products = ids.map((id) => {
      const of = loans.filter((l) => l.productId === id);
      return {
        productId: id,
        productName: of[0].productName,
        amount: of.reduce((s, l) => s.plus(l.amount), ZERO),
        ...totals(of),
        grades: Object.fromEntries(
          COLLECTABILITY_GRADES.map((g) => [
            g,
            of.filter((l) => l.collectability === g).reduce((s, l) => s.plus(l.outstandingPrincipal), ZERO),
          ]),
        ) as Record<CollectabilityGrade, Dec>,
      };
    });
    products.sort((a, b) => a.productName.localeCompare(b.productName));
    return { date: q.date, products, total: { amount: loans.reduce((s, l) => s.plus(l.amount), ZERO), ...totals(loans) } };
  });
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

/** Loans with their current outstanding principal (report/loan); `all` = every row (Excel). */
export async function loanListReport(ctx: Ctx, q: LoanListQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [ctx.tenantId];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = ['l.tenant_id = $1'];
    if (q.productId) where.push(`l.product_id = ${p(q.productId)}`);
    if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
    if (q.areaId) where.push(`m.area_id = ${p(q.areaId)}`);
    if (q.officerId) where.push(`coalesce(l.officer_id, m.agent_id) = ${p(q.officerId)}`);
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
    const page = all ? '' : ` LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`;
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
    return {
      content: rows.map((r) => ({
        id: r.id,
        loanNumber: r.loan_number,
        memberId: r.member_id,
        memberName: r.member_name,
        cifNumber: r.cif_number,
        productId: r.product_id,
        productName: r.product_name,
        branchName: r.branch_name,
        status: r.status,
        amount: dec(r.amount),
        tenorInMonth: r.tenor,
        remainingPrincipal: dec(r.remaining_principal),
        principalPaid: dec(r.principal_paid),
        interestPaid: dec(r.interest_paid),
        applicationDate: r.application_date,
        releaseDate: r.release_date,
        maturityDate: r.maturity_date,
        fineDue: dec(r.fine_due),
      })),
      total: rows[0]?.total ?? 0,
      totals: { amount: dec(sums.amount), remainingPrincipal: dec(sums.remaining), fineDue: dec(sums.fine) },
    };
  });
}
