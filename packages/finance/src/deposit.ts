/**
 * Term deposit (simpanan berjangka / deposito) math and the cooperative
 * interest tax rule. Pure functions over `Dec`; dates are `YYYY-MM-DD` text.
 *
 *  - A deposit placed on day S for N months pays interest on the same day of
 *    each following month (the month's last day when it is shorter), and
 *    matures on the N-th such day (`depositSchedule`).
 *  - Interest of one period (`periodInterest`): MONTHLY day count pays
 *    principal × rate / 12 for a whole month whatever its length; ACTUAL_365
 *    pays principal × rate × days / 365. Rounded half-up to the sen.
 *  - Tax (`monthlyInterestTax`, PP 15/2009 on cooperative interest): the
 *    interest a member (or one account, per the tenant's basis) receives in a
 *    month, up to the tax-free amount, is not taxed; above it the WHOLE amount
 *    is taxed at the rate. Withheld cumulatively: each posting withholds the
 *    tax of the month's total so far less what the month's earlier postings
 *    withheld, never more than its own gross (the rest falls to the month's
 *    next posting). The savings interest release uses the same function.
 *  - Break penalty (`breakPenalty`): a percent of the principal or of the
 *    interest earned (paid) so far, never more than the principal.
 */
import { Dec, type DecInput, dec, ZERO } from './money.ts';

export const DEPOSIT_TENORS = [1, 3, 6, 12, 24] as const;
export type DepositTenor = (typeof DEPOSIT_TENORS)[number];
export const DAY_COUNTS = ['MONTHLY', 'ACTUAL_365'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];
export const PENALTY_BASES = ['PRINCIPAL', 'INTEREST'] as const;
export type PenaltyBasis = (typeof PENALTY_BASES)[number];

const round = (v: Dec): Dec => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

function lastDay(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const fmt = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The same day `n` months after `date` (the month's last day when that month is shorter). */
export function addMonthsSameDay(date: string, n: number): string {
  const [y, m, d] = parts(date);
  const idx = y * 12 + (m - 1) + n;
  const ny = Math.floor(idx / 12);
  const nm = (idx % 12) + 1;
  return fmt(ny, nm, Math.min(d, lastDay(ny, nm)));
}

/** Days from `from` to `to` (to - from). */
export function daysBetween(from: string, to: string): number {
  const [ay, am, ad] = parts(from);
  const [by, bm, bd] = parts(to);
  const a = Date.UTC(ay, am - 1, ad);
  const b = Date.UTC(by, bm - 1, bd);
  return Math.round((b - a) / 86_400_000);
}

export interface SchedulePeriod {
  /** 1..tenor */
  period: number;
  /** First day of the period (the placement or the previous payment day). */
  from: string;
  /** Payment day (interest paid for [from, to)). */
  to: string;
  days: number;
}

/** The interest periods of a deposit placed on `start` for `tenor` months; the last period's `to` is the maturity date. */
export function depositSchedule(start: string, tenor: number): SchedulePeriod[] {
  const out: SchedulePeriod[] = [];
  let from = start;
  for (let k = 1; k <= tenor; k++) {
    const to = addMonthsSameDay(start, k);
    out.push({ period: k, from, to, days: daysBetween(from, to) });
    from = to;
  }
  return out;
}

export function maturityDate(start: string, tenor: number): string {
  return addMonthsSameDay(start, tenor);
}

/** Gross interest of one period, rounded half-up to the sen. `ratePct` is percent per year. */
export function periodInterest(v: { principal: DecInput; ratePct: DecInput; dayCount: DayCount; days: number }): Dec {
  const p = dec(v.principal);
  const r = dec(v.ratePct).div(100);
  if (v.dayCount === 'MONTHLY') return round(p.times(r).div(12));
  return round(p.times(r).times(v.days).div(365));
}

/** Interest accrued from `from` up to (not including) `asOf` inside one period: pro rata by days of the period's interest. */
export function accruedInterest(v: {
  principal: DecInput;
  ratePct: DecInput;
  dayCount: DayCount;
  period: SchedulePeriod;
  asOf: string;
}): Dec {
  const elapsed = Math.max(0, Math.min(v.period.days, daysBetween(v.period.from, v.asOf)));
  if (elapsed === 0) return ZERO;
  const full = periodInterest({ principal: v.principal, ratePct: v.ratePct, dayCount: v.dayCount, days: v.period.days });
  return round(full.times(elapsed).div(v.period.days));
}

export interface TaxRule {
  /** Interest per month (per member or per account) not taxed; default Rp 240,000. */
  taxFreeAmount: DecInput;
  /** Percent; default 10. */
  ratePct: DecInput;
}

export const DEFAULT_TAX_RULE = { taxFreeAmount: 240_000, ratePct: 10 } as const;

/** The tax of a month's total interest: none up to the tax-free amount, above it the whole amount at the rate. */
export function taxOfMonthTotal(total: DecInput, rule: TaxRule): Dec {
  const t = dec(total);
  if (t.lte(dec(rule.taxFreeAmount))) return ZERO;
  return round(t.times(dec(rule.ratePct)).div(100));
}

export interface MonthlyTaxInput extends TaxRule {
  /** Gross interest already posted to the subject (member or account) in the month. */
  priorGross: DecInput;
  /** Tax already withheld from it in the month. */
  priorTax: DecInput;
  /** Gross interest of this posting. */
  gross: DecInput;
}

export interface MonthlyTax {
  tax: Dec;
  net: Dec;
  monthGross: Dec;
  monthTax: Dec;
}

/**
 * FOR SIMULATIONS AND PROJECTIONS ONLY: every posting withholds through the SQL
 * function `interest_tax_withhold` (apps/api/src/db/functions), the one rule;
 * `apps/api/test/deposits-tax-rule.test.ts` proves both agree.
 * PP 15/2009, withheld cumulatively: the tax this posting withholds so the
 * month's withheld total reaches the tax of the month's gross total, at most
 * this posting's gross and never negative (a cancellation earlier in the
 * month never refunds through a later posting).
 */
export function monthlyInterestTax(v: MonthlyTaxInput): MonthlyTax {
  const gross = dec(v.gross);
  const priorTax = dec(v.priorTax);
  const monthGross = dec(v.priorGross).plus(gross);
  const due = taxOfMonthTotal(monthGross, v).minus(priorTax);
  let tax = due.gt(0) ? due : ZERO;
  if (tax.gt(gross)) tax = gross;
  return { tax, net: gross.minus(tax), monthGross, monthTax: priorTax.plus(tax) };
}

/**
 * FOR SIMULATIONS AND PROJECTIONS ONLY, like `monthlyInterestTax`: the postings of one moment (one release) withheld
 * as SQL `interest_tax_withhold` withholds one call's postings: per subject, smallest gross first (ties in the given
 * order), each on what the subject's month held before it (`prior`, then the postings before it). Taxes in the given
 * order. The one month is the caller's.
 */
export function monthlyInterestTaxes(
  rule: TaxRule,
  prior: (subject: string) => { gross: DecInput; tax: DecInput },
  postings: Array<{ subject: string; gross: DecInput }>,
): Dec[] {
  const order = postings
    .map((p, i) => ({ i, subject: p.subject, gross: dec(p.gross) }))
    .sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : a.gross.comparedTo(b.gross) || a.i - b.i));
  const running = new Map<string, { g: Dec; t: Dec }>();
  const out: Dec[] = new Array(postings.length);
  for (const p of order) {
    const before = running.get(p.subject) ?? (({ gross, tax }) => ({ g: dec(gross), t: dec(tax) }))(prior(p.subject));
    const r = monthlyInterestTax({ ...rule, priorGross: before.g, priorTax: before.t, gross: p.gross });
    running.set(p.subject, { g: r.monthGross, t: r.monthTax });
    out[p.i] = r.tax;
  }
  return out;
}

/** Early-break penalty: `pct` of the principal or of the interest earned so far, never above the principal. */
export function breakPenalty(v: { basis: PenaltyBasis; pct: DecInput; principal: DecInput; interestEarned: DecInput }): Dec {
  const base = v.basis === 'PRINCIPAL' ? dec(v.principal) : dec(v.interestEarned);
  const p = round(base.times(dec(v.pct)).div(100));
  const principal = dec(v.principal);
  if (p.lt(0)) return ZERO;
  return p.gt(principal) ? principal : p;
}

/** The rate of a tenor from a product's table (null when the product has none for it). */
export function rateForTenor(rates: Partial<Record<DepositTenor, DecInput | null>>, tenor: number): Dec | null {
  const r = rates[tenor as DepositTenor];
  return r === null || r === undefined ? null : dec(r);
}

/** Projected gross, tax and net of each period, as if this deposit were the member's only interest in each month. */
export function projectInterest(v: {
  start: string;
  tenor: number;
  principal: DecInput;
  ratePct: DecInput;
  dayCount: DayCount;
  rule: TaxRule;
}): Array<SchedulePeriod & { gross: Dec; tax: Dec; net: Dec }> {
  return depositSchedule(v.start, v.tenor).map((p) => {
    const gross = periodInterest({ principal: v.principal, ratePct: v.ratePct, dayCount: v.dayCount, days: p.days });
    const t = monthlyInterestTax({ ...v.rule, priorGross: 0, priorTax: 0, gross });
    return { ...p, gross, tax: t.tax, net: t.net };
  });
}
