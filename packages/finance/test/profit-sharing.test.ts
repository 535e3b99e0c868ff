import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../src/money.ts';
import { depositSimulationInterest, shareLargestRemainder } from '../src/profit-sharing.ts';

const s = (xs: { toFixed(n: number): string }[]) => xs.map((x) => x.toFixed(2));

describe('profit sharing by largest remainder', () => {
  it('worked example: Rp 100 over three equal balances -> 33.34, 33.33, 33.33', () => {
    // 10,000 sen / 3 = 3,333.33 each; one sen left goes to the first (ties: earlier base).
    expect(s(shareLargestRemainder(100, [1, 1, 1]))).toEqual(['33.34', '33.33', '33.33']);
  });
  it('worked example: Rp 1,000,000 over 1,000,000 / 2,000,000 / 3,000,000', () => {
    // 100,000,000 sen x 1/6 = 16,666,666.67 -> 16,666,667 (largest fraction .67), x 2/6 = 33,333,333.33, x 3/6 = 50,000,000
    expect(s(shareLargestRemainder(1_000_000, [1_000_000, 2_000_000, 3_000_000]))).toEqual(['166666.67', '333333.33', '500000.00']);
  });
  it('zero and negative bases receive nothing; no basis shares nothing', () => {
    expect(s(shareLargestRemainder(10, [0, -5, 1]))).toEqual(['0.00', '0.00', '10.00']);
    expect(s(shareLargestRemainder(10, [0, 0]))).toEqual(['0.00', '0.00']);
    expect(s(shareLargestRemainder(0, [1, 2]))).toEqual(['0.00', '0.00']);
  });
  it('property: shares sum exactly to the amount, none negative, each within one sen of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000_000 }), { minLength: 1, maxLength: 40 }),
        (cents, basesCents) => {
          const total = dec(cents).div(100);
          const bases = basesCents.map((b) => dec(b).div(100));
          const out = shareLargestRemainder(total, bases);
          const all = bases.reduce((a, b) => a.plus(b), dec(0));
          const sum = out.reduce((a, b) => a.plus(b), dec(0));
          if (all.isZero()) return out.every((x) => x.isZero());
          if (!sum.eq(total)) return false;
          return out.every((x, i) => {
            const exact = total.times(bases[i]).div(all);
            return !x.lt(0) && x.minus(exact).abs().lt(dec('0.01')) && x.decimalPlaces() <= 2;
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('deposit simulation interest', () => {
  it('Rp 10,000,000 at 6 % for 30 days = 49,315.07', () => {
    // 10,000,000 x 6 % x 30 / 365 = 49,315.068... -> 49,315.07
    expect(depositSimulationInterest({ principal: 10_000_000, ratePct: 6, days: 30 }).toFixed(2)).toBe('49315.07');
    expect(depositSimulationInterest({ principal: 10_000_000, ratePct: 6, days: 0 }).toFixed(2)).toBe('0.00');
  });
});
