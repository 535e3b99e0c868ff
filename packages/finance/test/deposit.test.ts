import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accruedInterest,
  addMonthsSameDay,
  breakPenalty,
  depositSchedule,
  maturityDate,
  monthlyInterestTax,
  periodInterest,
  projectInterest,
  taxOfMonthTotal,
} from '../src/deposit.ts';
import { dec } from '../src/money.ts';

const rule = { taxFreeAmount: 240000, ratePct: 10 };
const n = (d: { toFixed(n: number): string }) => d.toFixed(2);

describe('deposit schedule', () => {
  it('pays on the placement day of each month, the last day when shorter', () => {
    expect(addMonthsSameDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsSameDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsSameDay('2026-11-15', 3)).toBe('2027-02-15');
    expect(maturityDate('2026-01-31', 3)).toBe('2026-04-30');
    const s = depositSchedule('2026-01-31', 3);
    expect(s.map((p) => [p.from, p.to, p.days])).toEqual([
      ['2026-01-31', '2026-02-28', 28],
      ['2026-02-28', '2026-03-31', 31],
      ['2026-03-31', '2026-04-30', 30],
    ]);
  });

  it('periods chain without gaps from placement to maturity', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.constantFrom(1, 3, 6, 12, 24),
        (d, tenor) => {
          const start = d.toISOString().slice(0, 10);
          const s = depositSchedule(start, tenor);
          expect(s).toHaveLength(tenor);
          expect(s[0].from).toBe(start);
          for (let i = 1; i < s.length; i++) expect(s[i].from).toBe(s[i - 1].to);
          expect(s[tenor - 1].to).toBe(maturityDate(start, tenor));
          for (const p of s) expect(p.days).toBeGreaterThanOrEqual(28);
        },
      ),
    );
  });
});

describe('deposit interest', () => {
  it('monthly: principal x rate / 12 whatever the month length', () => {
    // Rp 10,000,000 at 6 % a year: Rp 50,000 a month.
    expect(n(periodInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'MONTHLY', days: 28 }))).toBe('50000.00');
    expect(n(periodInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'MONTHLY', days: 31 }))).toBe('50000.00');
    // Rp 1,234,567 at 5.5 %: 5,658.43541... -> 5,658.43
    expect(n(periodInterest({ principal: 1_234_567, ratePct: 5.5, dayCount: 'MONTHLY', days: 30 }))).toBe('5658.43');
  });

  it('actual/365: principal x rate x days / 365, half-up to the sen', () => {
    // 10,000,000 x 6 % x 31 / 365 = 50,958.904... -> 50,958.90
    expect(n(periodInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'ACTUAL_365', days: 31 }))).toBe('50958.90');
    // 28 days: 46,027.397... -> 46,027.40
    expect(n(periodInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'ACTUAL_365', days: 28 }))).toBe('46027.40');
  });

  it('accrues pro rata inside a period', () => {
    const p = depositSchedule('2026-01-10', 1)[0];
    expect(n(accruedInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'MONTHLY', period: p, asOf: '2026-01-10' }))).toBe('0.00');
    // 15 of 31 days of 50,000 = 24,193.548 -> 24,193.55
    expect(n(accruedInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'MONTHLY', period: p, asOf: '2026-01-25' }))).toBe('24193.55');
    expect(n(accruedInterest({ principal: 10_000_000, ratePct: 6, dayCount: 'MONTHLY', period: p, asOf: '2026-03-01' }))).toBe('50000.00');
  });
});

describe('PP 15/2009 interest tax', () => {
  it('exactly the tax-free amount is not taxed', () => {
    const t = monthlyInterestTax({ ...rule, priorGross: 0, priorTax: 0, gross: 240000 });
    expect([n(t.tax), n(t.net)]).toEqual(['0.00', '240000.00']);
  });

  it('one sen above taxes the whole amount', () => {
    const t = monthlyInterestTax({ ...rule, priorGross: 0, priorTax: 0, gross: 240000.01 });
    // 10 % of 240,000.01 = 24,000.001 -> 24,000.00
    expect([n(t.tax), n(t.net)]).toEqual(['24000.00', '216000.01']);
  });

  it('a second posting in the month withholds the difference', () => {
    // Deposit interest 200,000 (under the threshold: no tax), then savings interest 100,000: the month has 300,000, tax 30,000.
    const a = monthlyInterestTax({ ...rule, priorGross: 0, priorTax: 0, gross: 200000 });
    expect(n(a.tax)).toBe('0.00');
    const b = monthlyInterestTax({ ...rule, priorGross: a.monthGross, priorTax: a.monthTax, gross: 100000 });
    expect([n(b.tax), n(b.net), n(b.monthTax)]).toEqual(['30000.00', '70000.00', '30000.00']);
    // A third of 50,000: month 350,000, tax 35,000, this one 5,000.
    const c = monthlyInterestTax({ ...rule, priorGross: b.monthGross, priorTax: b.monthTax, gross: 50000 });
    expect(n(c.tax)).toBe('5000.00');
  });

  it('never withholds more than the posting: the shortfall falls to the next posting', () => {
    const a = monthlyInterestTax({ ...rule, priorGross: 240000, priorTax: 0, gross: 100 });
    expect([n(a.tax), n(a.net)]).toEqual(['100.00', '0.00']);
    const b = monthlyInterestTax({ ...rule, priorGross: a.monthGross, priorTax: a.monthTax, gross: 50000 });
    // month 290,100 -> 29,010 due, 100 withheld before
    expect(n(b.tax)).toBe('28910.00');
  });

  it('property: after any sequence the month withheld the tax of its total (or all it could), never negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (cents, freeCents, rateBp) => {
          const r = { taxFreeAmount: dec(freeCents).div(100), ratePct: dec(rateBp).div(100) };
          let g = dec(0);
          let t = dec(0);
          let lastNet = dec(0);
          for (const c of cents) {
            const gross = dec(c).div(100);
            const x = monthlyInterestTax({ ...r, priorGross: g, priorTax: t, gross });
            lastNet = x.net;
            expect(x.tax.gte(0)).toBe(true);
            expect(x.tax.lte(gross)).toBe(true);
            expect(x.net.plus(x.tax).eq(gross)).toBe(true);
            g = x.monthGross;
            t = x.monthTax;
          }
          const due = taxOfMonthTotal(g, r);
          expect(t.lte(due)).toBe(true);
          // Withheld all that is due, unless the last posting was too small to carry it (then it was withheld whole).
          if (t.lt(due)) expect(lastNet.isZero()).toBe(true);
        },
      ),
    );
  });

  it('property: splitting a month into postings never changes the tax when no posting is capped', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 10_000_00, max: 5_000_000_00 }), { minLength: 1, maxLength: 6 }), (cents) => {
        let g = dec(0);
        let t = dec(0);
        for (const c of cents) {
          const x = monthlyInterestTax({ ...rule, priorGross: g, priorTax: t, gross: dec(c).div(100) });
          g = x.monthGross;
          t = x.monthTax;
        }
        expect(n(t)).toBe(n(taxOfMonthTotal(g, rule)));
      }),
    );
  });
});

describe('break penalty', () => {
  it('percent of the principal or of the interest earned', () => {
    expect(n(breakPenalty({ basis: 'PRINCIPAL', pct: 1, principal: 10_000_000, interestEarned: 100000 }))).toBe('100000.00');
    expect(n(breakPenalty({ basis: 'INTEREST', pct: 50, principal: 10_000_000, interestEarned: 100000.01 }))).toBe('50000.01');
    expect(n(breakPenalty({ basis: 'INTEREST', pct: 100, principal: 1000, interestEarned: 5000 }))).toBe('1000.00');
  });

  it('property: between 0 and the principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.boolean(),
        (p, i, bp, b) => {
          const x = breakPenalty({
            basis: b ? 'PRINCIPAL' : 'INTEREST',
            pct: dec(bp).div(100),
            principal: dec(p).div(100),
            interestEarned: dec(i).div(100),
          });
          expect(x.gte(0) && x.lte(dec(p).div(100))).toBe(true);
        },
      ),
    );
  });
});

describe('projection', () => {
  it('gross, tax and net per month', () => {
    // 60,000,000 at 6 %: 300,000 a month, taxed 30,000.
    const p = projectInterest({ start: '2026-01-15', tenor: 3, principal: 60_000_000, ratePct: 6, dayCount: 'MONTHLY', rule });
    expect(p.map((x) => [x.to, n(x.gross), n(x.tax), n(x.net)])).toEqual([
      ['2026-02-15', '300000.00', '30000.00', '270000.00'],
      ['2026-03-15', '300000.00', '30000.00', '270000.00'],
      ['2026-04-15', '300000.00', '30000.00', '270000.00'],
    ]);
  });
});
