/**
 * Bills (Tagihan): the installment schedule of the three bill types, exact
 * decimals (docs/bills.md).
 *
 *  - FIXED_BILL: the same `perBillAmount` each period, `installments` times.
 *  - NOT_FIXED_BILL: each installment its own amount (`amounts`).
 *  - WITH_TOTAL_DEBT: `amount` split into `installments` equal parts rounded
 *    down to the rupiah; the last takes the remainder, so the parts sum to
 *    the amount exactly.
 *
 * The admin fee is charged once, with the first installment. Due dates: the
 * first is `firstDueDate`, then the same day every month (month end when shorter).
 */
import { dueDateOf } from './loan.ts';
import { Dec, type DecInput, dec, ZERO } from './money.ts';

export const BILL_KINDS = ['FIXED_BILL', 'NOT_FIXED_BILL', 'WITH_TOTAL_DEBT'] as const;
export type BillType = (typeof BILL_KINDS)[number];

export interface BillScheduleInput {
  type: BillType;
  /** WITH_TOTAL_DEBT: the total to split. */
  amount?: DecInput | null;
  /** FIXED_BILL: the amount of each period. */
  perBillAmount?: DecInput | null;
  /** FIXED_BILL and WITH_TOTAL_DEBT: the number of installments. */
  installments?: number | null;
  /** NOT_FIXED_BILL: each installment's amount. */
  amounts?: readonly DecInput[] | null;
  adminFee?: DecInput | null;
  firstDueDate: string;
}

export interface BillScheduleRow {
  number: number;
  dueDate: string;
  amount: Dec;
  adminFee: Dec;
  total: Dec;
}

export interface BillSchedule {
  rows: BillScheduleRow[];
  /** Sum of the installments' amounts (without the admin fee). */
  amount: Dec;
  /** The regular installment (FIXED_BILL: per bill; WITH_TOTAL_DEBT: every part but the last; NOT_FIXED_BILL: the first). */
  perBillAmount: Dec;
  adminFee: Dec;
  /** amount + admin fee: what the member owes. */
  total: Dec;
}

/** Why a schedule cannot be built (the API turns each into its refusal). */
export type BillScheduleProblem = 'INSTALLMENTS_REQUIRED' | 'AMOUNT_REQUIRED' | 'AMOUNT_TOO_SMALL';

export class BillScheduleError extends Error {
  constructor(readonly problem: BillScheduleProblem) {
    super(problem);
  }
}

/** The parts of `total` in `n` installments: each rounded down to the rupiah, the last takes the remainder. */
export function splitTotal(total: DecInput, n: number): Dec[] {
  const t = dec(total);
  const each = t.div(n).toDecimalPlaces(0, Dec.ROUND_DOWN);
  if (each.lte(0)) throw new BillScheduleError('AMOUNT_TOO_SMALL');
  const parts = Array.from({ length: n - 1 }, () => each);
  parts.push(t.minus(each.times(n - 1)));
  return parts;
}

export function billSchedule(input: BillScheduleInput): BillSchedule {
  let amounts: Dec[];
  if (input.type === 'NOT_FIXED_BILL') {
    if (!input.amounts?.length) throw new BillScheduleError('INSTALLMENTS_REQUIRED');
    amounts = input.amounts.map((a) => dec(a));
    if (amounts.some((a) => a.lte(0))) throw new BillScheduleError('AMOUNT_REQUIRED');
  } else {
    const n = input.installments ?? 0;
    if (!Number.isInteger(n) || n < 1) throw new BillScheduleError('INSTALLMENTS_REQUIRED');
    if (input.type === 'FIXED_BILL') {
      const per = dec(input.perBillAmount ?? 0);
      if (per.lte(0)) throw new BillScheduleError('AMOUNT_REQUIRED');
      amounts = Array.from({ length: n }, () => per);
    } else {
      const total = dec(input.amount ?? 0);
      if (total.lte(0)) throw new BillScheduleError('AMOUNT_REQUIRED');
      amounts = splitTotal(total, n);
    }
  }
  const fee = dec(input.adminFee ?? 0);
  const rows = amounts.map((a, i) => {
    const adminFee = i === 0 ? fee : ZERO;
    return { number: i + 1, dueDate: dueDateOf(input.firstDueDate, i + 1), amount: a, adminFee, total: a.plus(adminFee) };
  });
  const amount = amounts.reduce((s, v) => s.plus(v), ZERO);
  return { rows, amount, perBillAmount: amounts[0], adminFee: fee, total: amount.plus(fee) };
}

/** An installment's state for a payment: what it still owes of its admin fee and its amount. */
export interface BillInstallmentState {
  adminFee: Dec;
  adminFeePaid: Dec;
  amount: Dec;
  amountPaid: Dec;
}

export interface BillAllocation {
  index: number;
  adminFee: Dec;
  amount: Dec;
}

/** Allocates a payment to the installments in order (oldest first): the admin fee, then the amount. Never above what is owed. */
export function allocateBill(rows: readonly BillInstallmentState[], payment: DecInput): { allocations: BillAllocation[]; left: Dec } {
  let left = dec(payment);
  const allocations: BillAllocation[] = [];
  rows.forEach((r, index) => {
    if (left.lte(0)) return;
    const fee = Dec.min(left, r.adminFee.minus(r.adminFeePaid));
    left = left.minus(fee);
    const amt = Dec.min(left, r.amount.minus(r.amountPaid));
    left = left.minus(amt);
    if (fee.gt(0) || amt.gt(0)) allocations.push({ index, adminFee: fee, amount: amt });
  });
  return { allocations, left };
}
