import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateBill, type BillScheduleError, billSchedule, dec, splitTotal, ZERO } from '../src/index.ts';

describe('bill schedules', () => {
  it('FIXED_BILL: the same amount each month, the admin fee with the first', () => {
    const s = billSchedule({ type: 'FIXED_BILL', perBillAmount: 150_000, installments: 3, adminFee: 5_000, firstDueDate: '2026-01-31' });
    expect(s.rows.map((r) => [r.dueDate, r.amount.toNumber(), r.adminFee.toNumber()])).toEqual([
      ['2026-01-31', 150_000, 5_000],
      ['2026-02-28', 150_000, 0],
      ['2026-03-31', 150_000, 0],
    ]);
    expect(s.amount.toNumber()).toBe(450_000);
    expect(s.total.toNumber()).toBe(455_000);
  });

  it('NOT_FIXED_BILL: each installment its own amount', () => {
    const s = billSchedule({ type: 'NOT_FIXED_BILL', amounts: [100_000, 250_000.5, 75_000], firstDueDate: '2026-05-10' });
    expect(s.rows.map((r) => r.amount.toString())).toEqual(['100000', '250000.5', '75000']);
    expect(s.amount.toString()).toBe('425000.5');
  });

  it('WITH_TOTAL_DEBT: parts rounded down to the rupiah, the last takes the remainder', () => {
    const s = billSchedule({ type: 'WITH_TOTAL_DEBT', amount: 1_000_000, installments: 3, firstDueDate: '2026-05-10' });
    expect(s.rows.map((r) => r.amount.toString())).toEqual(['333333', '333333', '333334']);
    expect(splitTotal('100.55', 2).map(String)).toEqual(['50', '50.55']);
  });

  it('WITH_TOTAL_DEBT sums exactly for any total and count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 360 }), fc.integer({ min: 36_000, max: 10_000_000_000 }), (n, sen) => {
        const total = dec(sen).div(100);
        const parts = splitTotal(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((s, v) => s.plus(v), ZERO).eq(total)).toBe(true);
        expect(parts.every((p) => p.gt(0))).toBe(true);
      }),
    );
  });

  it('refuses what cannot be scheduled', () => {
    const problem = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as BillScheduleError).problem;
      }
      return null;
    };
    expect(problem(() => billSchedule({ type: 'FIXED_BILL', perBillAmount: 1, installments: 0, firstDueDate: '2026-01-01' }))).toBe(
      'INSTALLMENTS_REQUIRED',
    );
    expect(problem(() => billSchedule({ type: 'FIXED_BILL', installments: 2, firstDueDate: '2026-01-01' }))).toBe('AMOUNT_REQUIRED');
    expect(problem(() => billSchedule({ type: 'NOT_FIXED_BILL', amounts: [], firstDueDate: '2026-01-01' }))).toBe('INSTALLMENTS_REQUIRED');
    expect(problem(() => billSchedule({ type: 'WITH_TOTAL_DEBT', amount: 2, installments: 3, firstDueDate: '2026-01-01' }))).toBe(
      'AMOUNT_TOO_SMALL',
    );
  });
});

describe('bill payments', () => {
  it('pays the admin fee, then the amount, oldest first, never above what is owed', () => {
    const rows = [
      { adminFee: dec(5_000), adminFeePaid: ZERO, amount: dec(100_000), amountPaid: dec(20_000) },
      { adminFee: ZERO, adminFeePaid: ZERO, amount: dec(100_000), amountPaid: ZERO },
    ];
    const { allocations, left } = allocateBill(rows, 120_000);
    expect(allocations.map((a) => [a.index, a.adminFee.toNumber(), a.amount.toNumber()])).toEqual([
      [0, 5_000, 80_000],
      [1, 0, 35_000],
    ]);
    expect(left.toNumber()).toBe(0);
    expect(allocateBill(rows, 300_000).left.toNumber()).toBe(300_000 - 185_000);
  });
});
