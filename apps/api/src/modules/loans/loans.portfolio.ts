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
import { type CollectabilityRow, loadCollectability } from '../settings/collectability.ts';
import { DEFAULT_GRADING, type Grading, gradeLoan } from './loans.engine.ts';
import { gradedLoanRows, type LoanListQuery, loanListRows, type PortfolioFilter } from './loans.portfolio.repo.ts';

export type { LoanListQuery, PortfolioFilter };

export async function loadGrading(tx: Tx, tenantId: string): Promise<Grading> {
  return gradingOf(await loadCollectability(tx, tenantId));
}

/** The grading of a cooperative's collectability rows (by level; loan_pay_many's `grading` answers them as JSON). */
export function gradingOf(rows: Array<Pick<CollectabilityRow, 'grade' | 'daysLateFrom' | 'daysLateUntil' | 'calculationType'>>): Grading {
  if (rows.length !== COLLECTABILITY_GRADES.length) return DEFAULT_GRADING;
  return {
    calculationType: rows[0].calculationType,
    ranges: rows.map((r) => ({ grade: r.grade, daysLateFrom: r.daysLateFrom, daysLateUntil: r.daysLateUntil })),
  };
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

/** Loans outstanding on `date` (released by then, not paid off by then), graded; at most `limit` (loan number order) when given. */
export async function gradedLoans(tx: Tx, tenantId: string, q: PortfolioFilter, limit?: number): Promise<GradedLoan[]> {
  const rows = await gradedLoanRows(tx, tenantId, q, limit);
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

/**
 * Grade per loan and per grade (count, outstanding, share). `limit` (the Excel export, a row per loan:
 * EXPORT_FETCH_LIMIT) reads at most that many loans: a larger export is refused, never cut short.
 */
export async function collectibilityReport(ctx: Ctx, q: PortfolioFilter, limit?: number) {
  return withTx(ctx, async (tx) => {
    const loans = await gradedLoans(tx, ctx.tenantId, q, limit);
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

/** Loans with their current outstanding principal (report/loan); `all` = every row (Excel: at most EXPORT_FETCH_LIMIT). */
export async function loanListReport(ctx: Ctx, q: LoanListQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const { rows, sums } = await loanListRows(tx, ctx.tenantId, q, all);
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
