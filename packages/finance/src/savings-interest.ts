/**
 * Savings interest (jasa simpanan sukarela) of one account over one period.
 * Pure functions over `Dec`.
 *
 * Input: the account's closing balance of each day of the period, in order
 * (day 1 .. day N). Each day's balance first loses the blocked amount (a held
 * amount earns nothing), then is counted only between the product's interest
 * minimum and maximum: a day whose balance is below the minimum counts as 0,
 * a balance above the maximum counts as the maximum (null = no cap).
 *
 *  - HARIAN: sum over days of counted balance × rate / 365, each day's
 *    interest kept unrounded, the sum rounded once half-up to the sen.
 *  - RATA_RATA: average counted daily balance × rate × days / 365.
 *    (Mathematically equal to HARIAN; kept separate because it is the basis
 *    cooperatives print on the statement: the average balance.)
 *  - TERENDAH: lowest counted balance of the period × rate × days / 365.
 * A product with a daily interest percent (above 0) earns that percent of the
 * counted balance per day instead of rate / 365, on every basis.
 *
 * An account flagged not-get-interest earns nothing. The monthly admin fee is
 * charged per month of the period whatever the interest, capped at what the
 * account can pay: never more than interest + (last balance - blocked) so the
 * fee never drives the balance negative. Tax is NOT computed here: the release
 * applies `monthlyInterestTax` (deposit.ts) cumulatively per month with the
 * deposit interest.
 */
import { Dec, type DecInput, dec, ZERO } from './money.ts';

export type BalanceBasisName = 'HARIAN' | 'RATA_RATA' | 'TERENDAH';

const round = (v: Dec): Dec => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

export interface SavingsInterestInput {
  /** Closing balance of each day of the period (length = days of the period). */
  dailyBalances: DecInput[];
  /** Percent per year. */
  ratePct: DecInput;
  /**
   * The product's daily interest percent (percent of the balance per day). When above 0 it replaces the yearly rate:
   * each day earns counted balance × dailyPct / 100 instead of × ratePct / 100 / 365 (docs/interest.md).
   */
  dailyPct?: DecInput | null;
  basis: BalanceBasisName;
  /** Product interest minimum balance (days below it count 0). */
  minBalance?: DecInput;
  /** Product interest maximum balance (null/undefined = no cap). */
  maxBalance?: DecInput | null;
  /** Blocked amount of the account, never earns interest. */
  blocked?: DecInput;
  notGetInterest?: boolean;
}

export interface SavingsInterest {
  days: number;
  /** The balance the interest was computed on: average (HARIAN, RATA_RATA) or lowest (TERENDAH), to the sen. */
  basisBalance: Dec;
  gross: Dec;
}

/** The part of one day's balance that earns interest. */
export function countedBalance(balance: DecInput, v: Pick<SavingsInterestInput, 'minBalance' | 'maxBalance' | 'blocked'>): Dec {
  let b = dec(balance).minus(dec(v.blocked ?? 0));
  if (b.lte(0)) return ZERO;
  if (b.lt(dec(v.minBalance ?? 0))) return ZERO;
  if (v.maxBalance !== null && v.maxBalance !== undefined && b.gt(dec(v.maxBalance))) b = dec(v.maxBalance);
  return b;
}

export function savingsInterest(v: SavingsInterestInput): SavingsInterest {
  const days = v.dailyBalances.length;
  if (days === 0) return { days, basisBalance: ZERO, gross: ZERO };
  const counted = v.dailyBalances.map((b) => countedBalance(b, v));
  const rate = dec(v.ratePct).div(100);
  const daily = dec(v.dailyPct ?? 0).gt(0) ? dec(v.dailyPct ?? 0).div(100) : null;
  // `days` days of a balance: the daily percent × days when the product has one, else × the yearly rate × days / 365.
  const earn = (b: Dec, n: number): Dec => (daily ? b.times(daily).times(n) : b.times(rate).times(n).div(365));
  let basisBalance: Dec;
  let gross: Dec;
  if (v.basis === 'TERENDAH') {
    basisBalance = counted.reduce((m, b) => (b.lt(m) ? b : m), counted[0]);
    gross = earn(basisBalance, days);
  } else {
    const total = counted.reduce((s, b) => s.plus(b), ZERO);
    basisBalance = total.div(days);
    gross = v.basis === 'HARIAN' ? counted.reduce((s, b) => s.plus(earn(b, 1)), ZERO) : earn(basisBalance, days);
  }
  if (v.notGetInterest) gross = ZERO;
  return { days, basisBalance: round(basisBalance), gross: round(gross) };
}

/**
 * Admin fee for `months` months: `fee` each, never more than what the account
 * holds after the interest (last balance − blocked + net interest), never negative.
 */
export function savingsAdminFee(v: { monthlyFee: DecInput; months: number; available: DecInput }): Dec {
  const due = round(dec(v.monthlyFee).times(v.months));
  const avail = dec(v.available);
  if (avail.lte(0)) return ZERO;
  return due.gt(avail) ? round(avail) : due;
}

/** Whole or partial calendar months touched by [start, end] (inclusive dates YYYY-MM-DD): the admin fee count. */
export function monthsTouched(start: string, end: string): number {
  const [ay, am] = start.split('-').map(Number);
  const [by, bm] = end.split('-').map(Number);
  return Math.max(0, (by - ay) * 12 + (bm - am) + 1);
}

/** Every date from `start` to `end` inclusive (YYYY-MM-DD). */
export function datesInclusive(start: string, end: string): string[] {
  const out: string[] = [];
  const [y, m, d] = start.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  for (;;) {
    const s = t.toISOString().slice(0, 10);
    if (s > end) break;
    out.push(s);
    t.setUTCDate(t.getUTCDate() + 1);
  }
  return out;
}

/**
 * Closing balance of each date in [start, end] from movements: `opening` is the
 * balance before `start`; `changes` are (date, balance_after) in posting order.
 */
export function dailyClosingBalances(
  start: string,
  end: string,
  opening: DecInput,
  changes: Array<{ date: string; balanceAfter: DecInput }>,
): Dec[] {
  const byDate = new Map<string, Dec>();
  for (const c of changes) byDate.set(c.date, dec(c.balanceAfter));
  let cur = dec(opening);
  return datesInclusive(start, end).map((d) => {
    const b = byDate.get(d);
    if (b !== undefined) cur = b;
    return cur;
  });
}
