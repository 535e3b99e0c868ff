/**
 * The loan's figures on a day and the allocation of a payment (no SQL):
 * fines counted to the day, what is due, what settles the loan, and how an
 * amount is spread over the installments: oldest installment first, and in
 * each fine → interest → principal (docs/loans.md "Payments").
 */
import {
  type CollectabilityCalculationType,
  type CollectabilityGrade,
  type CollectabilityRange,
  collectabilityGradeOf,
  DEFAULT_COLLECTABILITY,
  DEFAULT_COLLECTABILITY_CALCULATION,
} from '@koperasi/contracts';
import { type Dec, dec, fineFor, ZERO } from '@koperasi/finance';
import type { InstallmentRow, LoanRow } from './loans.repo.ts';

export interface InstallmentFigures {
  row: InstallmentRow;
  unpaidPrincipal: Dec;
  unpaidInterest: Dec;
  /** Fine counted before and newly accrued to the day, less paid and waived. */
  fineDue: Dec;
  /** Fine accrued since fine_counted_to (not yet materialised). */
  fineNew: Dec;
  isDue: boolean;
  daysLate: number;
}

const days = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export function figures(
  loan: Pick<LoanRow, 'fine' | 'fine_method' | 'fine_grace_days'>,
  rows: InstallmentRow[],
  asOf: string,
): InstallmentFigures[] {
  return rows.map((row) => {
    const unpaidPrincipal = row.principal.minus(row.principal_paid);
    const unpaidInterest = row.interest.minus(row.interest_paid);
    const fineNew = row.paid_date
      ? ZERO
      : fineFor({
          unpaid: unpaidPrincipal.plus(unpaidInterest),
          dueDate: row.due_date,
          graceDays: loan.fine_grace_days,
          method: loan.fine_method,
          rate: loan.fine,
          countedTo: row.fine_counted_to,
          asOf,
        });
    const fineDue = row.fine_accrued.minus(row.fine_paid).minus(row.fine_waived).plus(fineNew);
    const isDue = row.due_date <= asOf;
    const late = !row.paid_date && row.due_date < asOf && unpaidPrincipal.plus(unpaidInterest).gt(0) ? days(row.due_date, asOf) : 0;
    return { row, unpaidPrincipal, unpaidInterest, fineDue, fineNew, isDue, daysLate: late };
  });
}

export interface Summary {
  remainingPrincipal: Dec;
  remainingInterest: Dec;
  fineDue: Dec;
  /** Due on or before the day (fine + interest + principal). */
  dueNow: Dec;
  overdueCount: number;
  overdueAmount: Dec;
  daysLate: number;
  /** The whole schedule still unpaid plus fines. */
  owedOnSchedule: Dec;
  remainingInstallments: number;
}

export function summarize(f: InstallmentFigures[], asOf: string): Summary {
  let rp = ZERO;
  let ri = ZERO;
  let fine = ZERO;
  let dueNow = ZERO;
  let overdueCount = 0;
  let overdueAmount = ZERO;
  let daysLate = 0;
  let remaining = 0;
  for (const x of f) {
    rp = rp.plus(x.unpaidPrincipal);
    ri = ri.plus(x.unpaidInterest);
    fine = fine.plus(x.fineDue);
    const open = x.unpaidPrincipal.plus(x.unpaidInterest);
    if (open.gt(0)) remaining++;
    if (x.isDue) dueNow = dueNow.plus(open).plus(x.fineDue);
    if (x.row.due_date < asOf && open.gt(0)) {
      overdueCount++;
      overdueAmount = overdueAmount.plus(open);
      daysLate = Math.max(daysLate, x.daysLate);
    }
  }
  return {
    remainingPrincipal: rp,
    remainingInterest: ri,
    fineDue: fine,
    dueNow,
    overdueCount,
    overdueAmount,
    daysLate,
    owedOnSchedule: rp.plus(ri).plus(fine),
    remainingInstallments: remaining,
  };
}

/** What settles the loan on the day: remaining principal, interest to the day per method, fines (the payoff targets summed). */
export function payoffFigures(loan: Pick<LoanRow, 'release_date' | 'application_date'>, f: InstallmentFigures[], asOf: string) {
  let principal = ZERO;
  let interest = ZERO;
  let fine = ZERO;
  for (const t of payoffTargets(loan, f, asOf)) {
    principal = principal.plus(t.principal);
    interest = interest.plus(t.interest);
    fine = fine.plus(t.fine);
  }
  return { principal, interest, fine, total: principal.plus(interest).plus(fine) };
}

export interface Target {
  index: number;
  fine: Dec;
  interest: Dec;
  principal: Dec;
}

export interface Allocation {
  index: number;
  fine: Dec;
  interest: Dec;
  principal: Dec;
}

/** Spreads `amount` over the targets in order, each fine → interest → principal. Returns the allocations and what was left. */
export function allocate(targets: Target[], amount: Dec): { allocations: Allocation[]; left: Dec } {
  let left = dec(amount);
  const allocations: Allocation[] = [];
  for (const t of targets) {
    if (left.lte(0)) break;
    const fine = Dec_min(left, t.fine);
    left = left.minus(fine);
    const interest = Dec_min(left, t.interest);
    left = left.minus(interest);
    const principal = Dec_min(left, t.principal);
    left = left.minus(principal);
    if (fine.gt(0) || interest.gt(0) || principal.gt(0)) allocations.push({ index: t.index, fine, interest, principal });
  }
  return { allocations, left };
}

function Dec_min(a: Dec, b: Dec): Dec {
  if (b.lte(0)) return ZERO;
  return a.lt(b) ? a : b;
}

/** Targets of every unpaid installment as scheduled (fine, unpaid interest, unpaid principal). */
export function scheduleTargets(f: InstallmentFigures[]): Target[] {
  const out: Target[] = [];
  f.forEach((x, index) => {
    if (x.unpaidPrincipal.plus(x.unpaidInterest).plus(x.fineDue).gt(0)) {
      out.push({ index, fine: x.fineDue, interest: x.unpaidInterest, principal: x.unpaidPrincipal });
    }
  });
  return out;
}

/**
 * Targets of a payoff on the day: installments due by then as scheduled; the
 * current period's interest pro rata to the day; later installments principal only.
 */
export function payoffTargets(loan: Pick<LoanRow, 'release_date' | 'application_date'>, f: InstallmentFigures[], asOf: string): Target[] {
  const out: Target[] = [];
  let prev = loan.release_date ?? loan.application_date;
  let current = true;
  f.forEach((x, index) => {
    let interest: Dec;
    if (x.row.due_date <= asOf) interest = x.unpaidInterest;
    else if (current) {
      current = false;
      const period = Math.max(1, days(prev, x.row.due_date));
      const elapsed = Math.max(0, Math.min(period, days(prev, asOf)));
      const share = x.row.interest.times(elapsed).div(period).toDecimalPlaces(2).minus(x.row.interest_paid);
      interest = share.gt(0) ? share : ZERO;
    } else interest = ZERO;
    prev = x.row.due_date;
    if (x.unpaidPrincipal.plus(interest).plus(x.fineDue).gt(0))
      out.push({ index, fine: x.fineDue, interest, principal: x.unpaidPrincipal });
  });
  return out;
}

/** The cooperative's collectability settings as the grading needs them (`loadGrading` in loans.portfolio.ts). */
export interface Grading {
  calculationType: CollectabilityCalculationType;
  ranges: CollectabilityRange[];
}

export const DEFAULT_GRADING: Grading = { calculationType: DEFAULT_COLLECTABILITY_CALCULATION, ranges: DEFAULT_COLLECTABILITY };

/**
 * The ONE place a loan is graded: days late by the calculation type (HARIAN:
 * days since the oldest unpaid installment fell due; BULANAN: installments in
 * arrears x 30), then the tenant's ranges.
 */
export function gradeLoan(
  late: { daysLate: number; overdueCount: number },
  grading: Grading = DEFAULT_GRADING,
): { grade: CollectabilityGrade; daysLate: number } {
  const daysLate = grading.calculationType === 'BULANAN' ? late.overdueCount * 30 : late.daysLate;
  return { grade: collectabilityGradeOf(daysLate, grading.ranges), daysLate };
}
