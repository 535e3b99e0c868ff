import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastDuePeriod, mandatorySchedule, periodsBetween, segments, stepsFromVersions } from '../src/mandatory.ts';

const num = (d: { toNumber(): number }) => d.toNumber();

describe('mandatory saving periods', () => {
  it.each([
    ['2026-01-01', '2026-01-31', 'BULANAN', 1],
    ['2026-01-01', '2026-03-01', 'BULANAN', 3],
    ['2025-11-01', '2026-02-01', 'BULANAN', 4],
    ['2026-03-01', '2026-02-01', 'BULANAN', 0],
    ['2026-01-01', '2026-01-01', 'HARIAN', 1],
    ['2026-02-27', '2026-03-02', 'HARIAN', 4],
    ['2024-02-28', '2024-03-01', 'HARIAN', 3],
  ] as const)('periodsBetween(%s, %s, %s) = %i', (a, b, p, n) => {
    expect(periodsBetween(a, b, p)).toBe(n);
  });

  it.each([
    ['2026-03-09', 10, '2026-02-01'],
    ['2026-03-10', 10, '2026-03-01'],
    ['2026-03-31', 28, '2026-03-01'],
    ['2026-01-05', 10, '2025-12-01'],
    ['2026-01-05', 1, '2026-01-01'],
  ] as const)('monthly period due on %s with due day %i is %s', (asOf, dueDay, p) => {
    expect(lastDuePeriod(asOf, 'BULANAN', dueDay)).toBe(p);
  });

  it('cuts the due periods into runs of one amount by effective date', () => {
    const s = segments('2025-10-01', '2026-03-01', 'BULANAN', [
      { effectiveDate: '2026-01-15', amount: 75000 },
      { effectiveDate: '2025-12-01', amount: 50000 },
    ]);
    expect(s.map((g) => [g.from, g.to, g.count, g.amount.toNumber()])).toEqual([
      ['2025-10-01', '2026-01-01', 4, 50000],
      ['2026-02-01', '2026-03-01', 2, 75000],
    ]);
  });
});

describe('mandatorySchedule', () => {
  const base = { start: '2025-11-20', period: 'BULANAN' as const, dueDay: 10, steps: [{ effectiveDate: '2020-01-01', amount: 50000 }] };
  const cases: Array<{
    name: string;
    asOf: string;
    paid: number;
    due: number;
    arrears: number;
    advance: number;
    periodsDue: number;
    periodsPaid: number;
    paidThrough: string | null;
    oldestUnpaid: string | null;
  }> = [
    {
      name: 'nothing paid after four months',
      asOf: '2026-02-15',
      paid: 0,
      due: 200000,
      arrears: 200000,
      advance: 0,
      periodsDue: 4,
      periodsPaid: 0,
      paidThrough: null,
      oldestUnpaid: '2025-11-01',
    },
    {
      name: 'before the due day the month is not yet owed',
      asOf: '2026-02-09',
      paid: 150000,
      due: 150000,
      arrears: 0,
      advance: 0,
      periodsDue: 3,
      periodsPaid: 3,
      paidThrough: '2026-01-01',
      oldestUnpaid: null,
    },
    {
      name: 'a partial payment settles the oldest periods first',
      asOf: '2026-02-15',
      paid: 120000,
      due: 200000,
      arrears: 80000,
      advance: 0,
      periodsDue: 4,
      periodsPaid: 2,
      paidThrough: '2025-12-01',
      oldestUnpaid: '2026-01-01',
    },
    {
      name: 'paying ahead leaves an advance',
      asOf: '2026-02-15',
      paid: 300000,
      due: 200000,
      arrears: 0,
      advance: 100000,
      periodsDue: 4,
      periodsPaid: 4,
      paidThrough: '2026-02-01',
      oldestUnpaid: null,
    },
    {
      name: 'the month of joining is owed once its due day has come',
      asOf: '2025-11-25',
      paid: 0,
      due: 50000,
      arrears: 50000,
      advance: 0,
      periodsDue: 1,
      periodsPaid: 0,
      paidThrough: null,
      oldestUnpaid: '2025-11-01',
    },
  ];
  it.each(cases)('$name', (c) => {
    const s = mandatorySchedule({ ...base, asOf: c.asOf, paid: c.paid });
    expect(num(s.totalDue)).toBe(c.due);
    expect(num(s.arrears)).toBe(c.arrears);
    expect(num(s.advance)).toBe(c.advance);
    expect(s.periodsDue).toBe(c.periodsDue);
    expect(s.periodsPaid).toBe(c.periodsPaid);
    expect(s.periodsUnpaid).toBe(c.periodsDue - c.periodsPaid);
    expect(s.paidThrough).toBe(c.paidThrough);
    expect(s.oldestUnpaid).toBe(c.oldestUnpaid);
  });

  it('lists unpaid periods with the partial payment in the oldest', () => {
    const s = mandatorySchedule({ ...base, asOf: '2026-02-15', paid: 120000 });
    expect(s.unpaid.map((p) => [p.period, p.status, p.paid.toNumber()])).toEqual([
      ['2026-01-01', 'PARTIAL', 20000],
      ['2026-02-01', 'UNPAID', 0],
    ]);
  });

  it('takes each period amount from the terms in force on its first day', () => {
    const s = mandatorySchedule({
      start: '2025-11-03',
      asOf: '2026-03-12',
      period: 'BULANAN',
      dueDay: 10,
      steps: [
        { effectiveDate: '2025-01-01', amount: 50000 },
        { effectiveDate: '2026-01-20', amount: 100000 },
      ],
      paid: 250000,
    });
    // Nov, Dec, Jan at 50.000; Feb, Mar at 100.000.
    expect(num(s.totalDue)).toBe(350000);
    expect(s.periodsPaid).toBe(4);
    expect(s.paidThrough).toBe('2026-02-01');
    expect(s.unpaid.map((p) => [p.period, p.amount.toNumber()])).toEqual([['2026-03-01', 100000]]);
  });

  it('counts daily obligations day by day', () => {
    const s = mandatorySchedule({
      start: '2026-03-01',
      asOf: '2026-03-10',
      period: 'HARIAN',
      steps: [{ effectiveDate: '2026-01-01', amount: 2000 }],
      paid: 15000,
    });
    expect(s.periodsDue).toBe(10);
    expect(num(s.totalDue)).toBe(20000);
    expect(s.periodsPaid).toBe(7);
    expect(s.unpaid[0]).toMatchObject({ period: '2026-03-08', status: 'PARTIAL' });
    expect(num(s.unpaid[0].paid)).toBe(1000);
  });

  it('settles zero-amount periods whatever was paid', () => {
    const s = mandatorySchedule({
      start: '2026-01-05',
      asOf: '2026-04-15',
      period: 'BULANAN',
      steps: [
        { effectiveDate: '2026-01-01', amount: 0 },
        { effectiveDate: '2026-03-01', amount: 10000 },
      ],
      paid: 0,
    });
    expect(num(s.totalDue)).toBe(20000);
    expect(s.periodsDue).toBe(4);
    expect(s.periodsPaid).toBe(2);
    expect(s.oldestUnpaid).toBe('2026-03-01');
  });

  it('never allocates more than was paid and always balances (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 200 })), { minLength: 1, maxLength: 4 }),
        (months, paid, steps) => {
          const asOf = new Date(Date.UTC(2024, months, 15)).toISOString().slice(0, 10);
          const s = mandatorySchedule({
            start: '2024-01-10',
            asOf,
            period: 'BULANAN',
            dueDay: 10,
            steps: steps.map(([m, a]) => ({ effectiveDate: new Date(Date.UTC(2024, m, 1)).toISOString().slice(0, 10), amount: a * 1000 })),
            paid,
          });
          expect(s.allocated.plus(s.advance).toNumber()).toBe(paid);
          expect(s.allocated.plus(s.arrears).eq(s.totalDue)).toBe(true);
          expect(s.periodsPaid + s.periodsUnpaid).toBe(s.periodsDue);
          expect(s.arrears.isZero()).toBe(s.periodsUnpaid === 0);
        },
      ),
    );
  });
});

describe('stepsFromVersions', () => {
  it('lets the first version cover earlier days and the last version of a day win from that day', () => {
    const steps = stepsFromVersions([
      { version: 2, effectiveDate: '2026-03-10', amount: 60000 },
      { version: 1, effectiveDate: '2026-03-10', amount: 50000 },
      { version: 3, effectiveDate: '2026-06-01', amount: 75000 },
    ]);
    const s = mandatorySchedule({ start: '2026-01-05', asOf: '2026-07-20', period: 'BULANAN', dueDay: 10, steps, paid: 0 });
    // Jan-Mar at 50.000 (March starts before the change of the 10th), Apr-May at 60.000, Jun-Jul at 75.000.
    expect(s.totalDue.toNumber()).toBe(3 * 50000 + 2 * 60000 + 2 * 75000);
    expect(stepsFromVersions([])).toEqual([]);
  });
});
