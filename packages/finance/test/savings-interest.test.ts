import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../src/money.ts';
import {
  countedBalance,
  dailyClosingBalances,
  datesInclusive,
  monthsTouched,
  savingsAdminFee,
  savingsInterest,
} from '../src/savings-interest.ts';

const n = (d: { toFixed(n: number): string }) => d.toFixed(2);
// April 2026 (30 days): Rp 1,000,000 for days 1-10, Rp 3,000,000 for days 11-30, jasa 3 % a year.
const april = [...Array(10).fill(1_000_000), ...Array(20).fill(3_000_000)];

describe('savings interest, worked examples', () => {
  it('HARIAN: sum of each day balance x rate / 365', () => {
    // (10 x 1,000,000 + 20 x 3,000,000) x 3 % / 365 = 2,100,000 / 365 = 5,753.4246... -> 5,753.42
    const r = savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'HARIAN' });
    expect(n(r.gross)).toBe('5753.42');
    expect(r.days).toBe(30);
  });
  it('RATA_RATA: average daily balance x rate x days / 365', () => {
    // average 70,000,000 / 30 = 2,333,333.33...; x 3 % x 30 / 365 = 5,753.42; average printed 2,333,333.33
    const r = savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'RATA_RATA' });
    expect(n(r.gross)).toBe('5753.42');
    expect(n(r.basisBalance)).toBe('2333333.33');
  });
  it('TERENDAH: lowest balance x rate x days / 365', () => {
    // 1,000,000 x 3 % x 30 / 365 = 2,465.7534... -> 2,465.75
    const r = savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'TERENDAH' });
    expect(n(r.gross)).toBe('2465.75');
    expect(n(r.basisBalance)).toBe('1000000.00');
  });
  it('only balances between the product min and max count', () => {
    // min 1,500,000: the 10 days at 1,000,000 count 0 -> 60,000,000 x 3 % / 365 = 4,931.5068... -> 4,931.51
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'HARIAN', minBalance: 1_500_000 }).gross)).toBe('4931.51');
    // TERENDAH with that min: the lowest counted day is 0
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'TERENDAH', minBalance: 1_500_000 }).gross)).toBe('0.00');
    // max 2,000,000: 10 x 1,000,000 + 20 x 2,000,000 = 50,000,000 -> 1,500,000 / 365 = 4,109.589... -> 4,109.59
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'HARIAN', maxBalance: 2_000_000 }).gross)).toBe('4109.59');
  });
  it('blocked amount and not-get-interest earn nothing', () => {
    // blocked 500,000: 10 x 500,000 + 20 x 2,500,000 = 55,000,000 -> 1,650,000 / 365 = 4,520.5479... -> 4,520.55
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'HARIAN', blocked: 500_000 }).gross)).toBe('4520.55');
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, basis: 'HARIAN', notGetInterest: true }).gross)).toBe('0.00');
    expect(n(countedBalance(400_000, { blocked: 500_000 }))).toBe('0.00');
  });
  it('daily interest percent: each day earns that percent of its counted balance, on every basis', () => {
    // 0.01 % a day: (10 x 1,000,000 + 20 x 3,000,000) x 0.0001 = 7,000.00 (the yearly rate is not used)
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0.01, basis: 'HARIAN' }).gross)).toBe('7000.00');
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0.01, basis: 'RATA_RATA' }).gross)).toBe('7000.00');
    // TERENDAH: 1,000,000 x 0.0001 x 30 = 3,000.00
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0.01, basis: 'TERENDAH' }).gross)).toBe('3000.00');
    // 0.0082 % a day with min 1,500,000: 60,000,000 x 0.000082 = 4,920.00; blocked 250,000 on top: 55,000,000 x 0.000082 = 4,510.00
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0.0082, basis: 'HARIAN', minBalance: 1_500_000 }).gross)).toBe(
      '4920.00',
    );
    expect(
      n(
        savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0.0082, basis: 'HARIAN', minBalance: 1_500_000, blocked: 250_000 })
          .gross,
      ),
    ).toBe('4510.00');
    // 0 (the default) means the yearly rate: 5,753.42 as above
    expect(n(savingsInterest({ dailyBalances: april, ratePct: 3, dailyPct: 0, basis: 'HARIAN' }).gross)).toBe('5753.42');
  });
  it('rounds half-up to the sen', () => {
    // 182.50 for 1 day at 1 % = 0.005 exactly -> 0.01
    expect(n(savingsInterest({ dailyBalances: [182.5], ratePct: 1, basis: 'HARIAN' }).gross)).toBe('0.01');
    expect(n(savingsInterest({ dailyBalances: [182.49], ratePct: 1, basis: 'HARIAN' }).gross)).toBe('0.00');
  });
  it('admin fee per month touched, never more than available', () => {
    expect(monthsTouched('2026-04-01', '2026-04-30')).toBe(1);
    expect(monthsTouched('2026-03-15', '2026-05-02')).toBe(3);
    expect(n(savingsAdminFee({ monthlyFee: 5000, months: 1, available: 1_000_000 }))).toBe('5000.00');
    expect(n(savingsAdminFee({ monthlyFee: 5000, months: 2, available: 7000 }))).toBe('7000.00');
    expect(n(savingsAdminFee({ monthlyFee: 5000, months: 1, available: -3 }))).toBe('0.00');
  });
  it('daily closing balances from movements', () => {
    const b = dailyClosingBalances('2026-04-01', '2026-04-05', 100, [
      { date: '2026-04-02', balanceAfter: 150 },
      { date: '2026-04-02', balanceAfter: 120 },
      { date: '2026-04-04', balanceAfter: 0 },
    ]);
    expect(b.map(n)).toEqual(['100.00', '120.00', '120.00', '0.00', '0.00']);
    expect(datesInclusive('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});

describe('savings interest, properties', () => {
  const cents = fc.integer({ min: 0, max: 10_000_000_000 });
  const balances = fc.array(cents, { minLength: 1, maxLength: 62 });
  const rate = fc.integer({ min: 0, max: 2000 }).map((x) => x / 100);
  it('HARIAN equals RATA_RATA within a sen; TERENDAH never more', () => {
    fc.assert(
      fc.property(balances, rate, (bs, r) => {
        const d = bs.map((c) => dec(c).div(100));
        const h = savingsInterest({ dailyBalances: d, ratePct: r, basis: 'HARIAN' }).gross;
        const a = savingsInterest({ dailyBalances: d, ratePct: r, basis: 'RATA_RATA' }).gross;
        const t = savingsInterest({ dailyBalances: d, ratePct: r, basis: 'TERENDAH' }).gross;
        expect(h.minus(a).abs().lte('0.01')).toBe(true);
        expect(t.lte(h.plus('0.01'))).toBe(true);
        expect(h.gte(0) && t.gte(0)).toBe(true);
        expect(h.decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });
  it('a cap never raises interest and a constant balance pays balance x rate x days / 365', () => {
    fc.assert(
      fc.property(balances, rate, cents, (bs, r, cap) => {
        const d = bs.map((c) => dec(c).div(100));
        const free = savingsInterest({ dailyBalances: d, ratePct: r, basis: 'HARIAN' }).gross;
        const capped = savingsInterest({ dailyBalances: d, ratePct: r, basis: 'HARIAN', maxBalance: dec(cap).div(100) }).gross;
        expect(capped.lte(free)).toBe(true);
        const c = d[0];
        const k = savingsInterest({ dailyBalances: d.map(() => c), ratePct: r, basis: 'TERENDAH' }).gross;
        expect(k.toFixed(2)).toBe(c.times(r).div(100).times(d.length).div(365).toDecimalPlaces(2).toFixed(2));
      }),
    );
  });
});
