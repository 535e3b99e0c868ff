/**
 * Loan mathematics (pure, exact decimals): installment schedules for the four
 * interest methods of spec section 3, fines and the payoff on a given day.
 *
 * Rules (docs/loans.md "Schedules"):
 *  - Rates come in as an ANNUAL percent (a product's monthly percent × 12).
 *  - FLAT: principal = amount / tenor; interest = amount × rate / 12 every month
 *    (`flatInterestBase` instead of the amount when given: a migrated loan's remaining schedule).
 *    EFEKTIF_BULAN: equal principal; interest = remaining × rate / 12.
 *    EFEKTIF (daily): equal principal; interest = remaining × rate × days of
 *    the period / 365 (actual days between the previous due date, or the
 *    release, and this one). ANUITAS: equal installments
 *    A = P·i / (1 − (1 + i)^−n), i = rate / 12; interest = remaining × i.
 *  - Interest is rounded to the sen (2 decimals) half-up, per installment.
 *  - The installment total (principal + interest) is rounded half-up to the
 *    product's multiple (0.01, 1, 100, 1000: Fineract's "installment in
 *    multiples of"); the principal is the total less the interest, never
 *    below 0 nor above what remains. The LAST installment takes the remaining
 *    principal, so the principal always sums exactly to the amount.
 *  - Payment component POKOK & JASA: as above. POKOK: principal only (no
 *    interest in the installments). JASA: interest only each month, the whole
 *    principal with the last installment (no rounding: the interest is exact).
 */
import { Dec, type DecInput, dec, ZERO } from './money.ts';

export const INTEREST_METHODS = ['FLAT', 'EFEKTIF', 'EFEKTIF_BULAN', 'ANUITAS'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];
export type Component = 'POKOK & JASA' | 'POKOK' | 'JASA';

export interface ScheduleInput {
  amount: DecInput;
  tenor: number;
  /** Annual percent, e.g. 18 for 1.5 % a month. */
  annualRate: DecInput;
  method: InterestMethod;
  /** 0.01, 1, 100 or 1000. */
  roundingMultiple?: DecInput;
  component?: Component;
  /** Release (disbursement) date, YYYY-MM-DD. */
  startDate: string;
  /** First due date (default one month after startDate, same day). */
  firstDueDate?: string;
  /** Day of month of the later due dates (default: the first due date's day, or the start date's when no first due date is given). */
  dueDay?: number | null;
  /**
   * FLAT only: the amount the flat interest is computed on (default `amount`). A loan taken over
   * mid-term (data migration) schedules its outstanding principal but keeps the flat interest on
   * the amount originally lent.
   */
  flatInterestBase?: DecInput;
}

export interface ScheduleRow {
  number: number;
  dueDate: string;
  principal: Dec;
  interest: Dec;
  total: Dec;
  remainingPrincipal: Dec;
}

export interface Schedule {
  installmentAmount: Dec;
  totalPrincipal: Dec;
  totalInterest: Dec;
  totalPayment: Dec;
  installments: ScheduleRow[];
}

// ---------------------------------------------------------------- dates

function ymd(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}
function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}
/** Days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
export function plusDays(date: string, n: number): string {
  const [y, m, d] = ymd(date);
  return iso(y, m, d + n);
}
/** `day` of the month `n` months after `date` (the month's last day when shorter). */
export function monthDay(date: string, n: number, day: number): string {
  const [y, m] = ymd(date);
  const last = new Date(Date.UTC(y, m + n, 0)).getUTCDate();
  return iso(y, m + n, Math.min(day, last));
}
/** The same day `n` months later (month end when shorter). */
export function plusMonths(date: string, n: number): string {
  return monthDay(date, n, ymd(date)[2]);
}
/** Due date of installment k (1-based): `day` of the month k − 1 months after the first due date (month end when shorter). */
export function dueDateOf(firstDueDate: string, k: number, day?: number | null): string {
  return k === 1 ? firstDueDate : monthDay(firstDueDate, k - 1, day ?? ymd(firstDueDate)[2]);
}
/**
 * First due date by rule: ONE_MONTH = one month after the release; DUE_DAY =
 * the due day in the month after the release (the month after that when it
 * would come less than 15 days after the release).
 */
export function firstDueDateByRule(releaseDate: string, rule: 'ONE_MONTH' | 'DUE_DAY', dueDay?: number | null): string {
  if (rule === 'DUE_DAY' && dueDay) {
    const d = monthDay(releaseDate, 1, dueDay);
    return daysBetween(releaseDate, d) < 15 ? monthDay(releaseDate, 2, dueDay) : d;
  }
  return plusMonths(releaseDate, 1);
}

// ---------------------------------------------------------------- rounding

const cent = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
/**
 * The installment total to the product's multiple: to the sen half-up (0.01),
 * else UP to the multiple (1, 100, 1000), so an installment is never below
 * the computed one and the principal never falls behind (rounding down could
 * leave an ANUITAS loan unamortised until its last installment).
 */
export function roundToMultiple(v: DecInput, multiple: DecInput): Dec {
  const m = dec(multiple);
  const d = dec(v);
  if (m.lte('0.01')) return cent(d);
  return cent(d.div(m).toDecimalPlaces(0, Dec.ROUND_CEIL).times(m));
}

/** ANUITAS payment before rounding: P·i / (1 − (1 + i)^−n); P / n when the rate is 0. */
export function annuityPayment(amount: DecInput, monthlyRate: DecInput, n: number): Dec {
  const p = dec(amount);
  const i = dec(monthlyRate);
  if (i.isZero()) return p.div(n);
  return p.times(i).div(dec(1).minus(i.plus(1).pow(-n)));
}

// ---------------------------------------------------------------- schedule

export function schedule(input: ScheduleInput): Schedule {
  const amount = dec(input.amount);
  const n = input.tenor;
  if (!Number.isInteger(n) || n < 1) throw new RangeError('tenor must be a positive integer');
  if (amount.lte(0)) throw new RangeError('amount must be positive');
  const annual = dec(input.annualRate).div(100);
  const monthly = annual.div(12);
  const multiple = dec(input.roundingMultiple ?? '0.01');
  const component = input.component ?? 'POKOK & JASA';
  const firstDue = input.firstDueDate ?? plusMonths(input.startDate, 1);
  const day = input.dueDay ?? ymd(input.firstDueDate ?? input.startDate)[2];
  const basePrincipal = amount.div(n);
  const flatBase = dec(input.flatInterestBase ?? amount);
  const annuity = input.method === 'ANUITAS' ? annuityPayment(amount, monthly, n) : ZERO;

  const rows: ScheduleRow[] = [];
  let remaining = amount;
  let prevDate = input.startDate;
  for (let k = 1; k <= n; k++) {
    const dueDate = dueDateOf(firstDue, k, day);
    let interest: Dec;
    if (component === 'POKOK') interest = ZERO;
    else if (input.method === 'FLAT') interest = cent(flatBase.times(monthly));
    else if (input.method === 'EFEKTIF')
      interest = cent(
        remaining
          .times(annual)
          .times(Math.max(0, daysBetween(prevDate, dueDate)))
          .div(365),
      );
    else interest = cent(remaining.times(monthly));

    let principal: Dec;
    if (k === n) principal = remaining;
    else if (component === 'JASA') principal = ZERO;
    else {
      const raw = input.method === 'ANUITAS' && component === 'POKOK & JASA' ? annuity : basePrincipal.plus(interest);
      const total = roundToMultiple(raw, multiple);
      principal = total.minus(interest);
      if (principal.lt(0)) principal = ZERO;
      if (principal.gt(remaining)) principal = remaining;
    }
    remaining = remaining.minus(principal);
    rows.push({ number: k, dueDate, principal, interest, total: principal.plus(interest), remainingPrincipal: remaining });
    prevDate = dueDate;
  }
  return summarize(rows);
}

export function summarize(rows: ScheduleRow[]): Schedule {
  let tp = ZERO;
  let ti = ZERO;
  for (const r of rows) {
    tp = tp.plus(r.principal);
    ti = ti.plus(r.interest);
  }
  return {
    installmentAmount: rows[0]?.total ?? ZERO,
    totalPrincipal: tp,
    totalInterest: ti,
    totalPayment: tp.plus(ti),
    installments: rows,
  };
}

// ---------------------------------------------------------------- fees

/** A fee of the product: NOMINAL rupiah, or PERCENT of the amount (to the sen, half-up). */
export function feeAmount(
  amount: DecInput,
  fee: DecInput | null | undefined,
  type: 'NOMINAL' | 'PERCENT' | string | null | undefined,
): Dec {
  const f = dec(fee ?? 0);
  if (f.lte(0)) return ZERO;
  return type === 'PERCENT' ? cent(dec(amount).times(f).div(100)) : cent(f);
}

// ---------------------------------------------------------------- fines

export interface FineInput {
  /** What of the installment is still unpaid (principal + interest). */
  unpaid: DecInput;
  dueDate: string;
  graceDays: number;
  /** NOMINAL: rupiah per day late; PERCENT: percent of the unpaid installment per day late. */
  method: 'NOMINAL' | 'PERCENT' | string;
  rate: DecInput;
  /** Fine already counted up to this day (exclusive of later days); null = none counted yet. */
  countedTo?: string | null;
  asOf: string;
}

/** Days late counted for a fine: from the first day after due date + grace days up to asOf. */
export function fineDays(dueDate: string, graceDays: number, asOf: string, countedTo?: string | null): number {
  const start = plusDays(dueDate, graceDays);
  const from = countedTo && countedTo > start ? countedTo : start;
  return Math.max(0, daysBetween(from, asOf));
}

/** Fine accrued on an unpaid installment from its first fined day (or countedTo) to asOf, to the sen. */
export function fineFor(f: FineInput): Dec {
  const unpaid = dec(f.unpaid);
  if (unpaid.lte(0) || dec(f.rate).lte(0)) return ZERO;
  const days = fineDays(f.dueDate, f.graceDays, f.asOf, f.countedTo);
  if (days <= 0) return ZERO;
  const perDay = f.method === 'PERCENT' ? unpaid.times(dec(f.rate)).div(100) : dec(f.rate);
  return cent(perDay.times(days));
}

// ---------------------------------------------------------------- payoff

export interface InstallmentState {
  dueDate: string;
  principal: DecInput;
  interest: DecInput;
  principalPaid: DecInput;
  interestPaid: DecInput;
}

/**
 * Interest that settles the loan on `asOf`: the unpaid interest of every
 * installment due on or before asOf, plus the current period's interest
 * pro rata to the day (days elapsed since the previous due date, or the
 * release, over the days of the period). Future periods' interest is not due.
 * Same rule for every method: for EFEKTIF (daily) the pro rata share is
 * exactly remaining × rate × days / 365.
 */
export function interestToDate(rows: InstallmentState[], startDate: string, asOf: string): Dec {
  let total = ZERO;
  let prev = startDate;
  for (const r of rows) {
    const unpaid = dec(r.interest).minus(dec(r.interestPaid));
    if (r.dueDate <= asOf) {
      if (unpaid.gt(0)) total = total.plus(unpaid);
    } else {
      if (asOf > prev) {
        const period = Math.max(1, daysBetween(prev, r.dueDate));
        const elapsed = Math.min(period, daysBetween(prev, asOf));
        const share = cent(dec(r.interest).times(elapsed).div(period)).minus(dec(r.interestPaid));
        if (share.gt(0)) total = total.plus(share);
      }
      break;
    }
    prev = r.dueDate;
  }
  return total;
}
