/**
 * Profit sharing (bagi hasil) of savings interest: a profit amount shared in
 * proportion to the members' basis balances, to the sen, by the largest
 * remainder method so the shares add up exactly to the amount.
 * docs/interest.md "Profit-sharing simulation".
 */
import { Dec, type DecInput, dec, ZERO } from './money.ts';

/**
 * `total` (rounded to the sen) shared in proportion to `bases`: each share is
 * first rounded down to the sen, then the sen left over go one each to the
 * shares with the largest dropped fractions (ties: the earlier base). Negative
 * bases count as zero; with no basis at all (or a total not above zero) every
 * share is zero. The shares always sum to the total exactly when any basis is
 * positive.
 */
export function shareLargestRemainder(total: DecInput, bases: DecInput[]): Dec[] {
  const cents = dec(total).times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  const b = bases.map((x) => Dec.max(dec(x), ZERO));
  const all = b.reduce((s, x) => s.plus(x), ZERO);
  if (all.isZero() || !cents.gt(0)) return b.map(() => ZERO);
  const exact = b.map((x) => cents.times(x).div(all));
  const floors = exact.map((x) => x.toDecimalPlaces(0, Dec.ROUND_DOWN));
  let left = cents.minus(floors.reduce((s, x) => s.plus(x), ZERO)).toNumber();
  const order = exact
    .map((x, i) => ({ i, frac: x.minus(floors[i]) }))
    .filter((o) => b[o.i].gt(0))
    .sort((p, q) => q.frac.comparedTo(p.frac) || p.i - q.i);
  for (const o of order) {
    if (left <= 0) break;
    floors[o.i] = floors[o.i].plus(1);
    left--;
  }
  return floors.map((x) => x.div(100));
}

/**
 * Gross interest of a deposit over `days` days at `ratePct` a year on
 * `principal` (actual/365), to the sen: the profit-deposit simulation.
 */
export function depositSimulationInterest(v: { principal: DecInput; ratePct: DecInput; days: number }): Dec {
  if (v.days <= 0) return ZERO;
  return dec(v.principal).times(dec(v.ratePct)).div(100).times(v.days).div(365).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}
