/**
 * Mandatory savings (simpanan wajib): what a member owes period by period and
 * how payments settle it.
 *
 * Rules (docs/savings.md, "Mandatory obligations"):
 *  - Periods are months (BULANAN, named by their first day) or days (HARIAN).
 *    The first period is the one containing the start date (the member's join
 *    date); a monthly period falls due on the cooperative's due day of that
 *    month, a daily one on its own day, so the periods due on a day `asOf` run
 *    from the first period through `lastDuePeriod(asOf, ...)`.
 *  - The amount of a period is the one of the terms in force on the period's
 *    first day: the step with the latest effective date on or before it (the
 *    first step also covers periods before its own effective date).
 *  - Payments are allocated to the oldest unpaid period first; what is paid
 *    beyond the periods due is an advance (it settles future periods).
 *
 * The savings module computes the same totals in SQL for its lists
 * (saving_mandatory_due); a test keeps the two in step.
 */
import { type Dec, type DecInput, dec, ZERO } from './money.ts';

export type MandatoryPeriod = 'BULANAN' | 'HARIAN';

export interface AmountStep {
  /** YYYY-MM-DD from which this amount applies. */
  effectiveDate: string;
  amount: DecInput;
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}
function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}
function addPeriods(p: string, n: number, period: MandatoryPeriod): string {
  const [y, m, d] = parts(p);
  return period === 'BULANAN' ? iso(y, m + n, 1) : iso(y, m, d + n);
}
/** The period containing a date (its first day for months). */
export function periodOf(date: string, period: MandatoryPeriod): string {
  return period === 'BULANAN' ? `${date.slice(0, 7)}-01` : date;
}
/** The first period starting on or after a date. */
function periodCeil(date: string, period: MandatoryPeriod): string {
  if (period === 'HARIAN' || date.endsWith('-01')) return periodOf(date, period);
  return addPeriods(periodOf(date, period), 1, period);
}
/** Periods from a to b inclusive (0 when b < a). */
export function periodsBetween(a: string, b: string, period: MandatoryPeriod): number {
  if (b < a) return 0;
  const [ya, ma, da] = parts(a);
  const [yb, mb, db] = parts(b);
  if (period === 'BULANAN') return (yb - ya) * 12 + (mb - ma) + 1;
  return Math.round((Date.UTC(yb, mb - 1, db) - Date.UTC(ya, ma - 1, da)) / 86_400_000) + 1;
}

/**
 * The last period already due on `asOf`: for months, this month once its due
 * day (1-28) has come, else the month before; for days, `asOf` itself.
 */
export function lastDuePeriod(asOf: string, period: MandatoryPeriod, dueDay = 1): string {
  if (period === 'HARIAN') return asOf;
  const month = periodOf(asOf, 'BULANAN');
  return parts(asOf)[2] >= dueDay ? month : addPeriods(month, -1, 'BULANAN');
}

export interface Segment {
  from: string;
  to: string;
  count: number;
  amount: Dec;
}

/** The due periods [first, through] cut into runs of one amount. */
export function segments(first: string, through: string, period: MandatoryPeriod, steps: AmountStep[]): Segment[] {
  if (!steps.length || through < first) return [];
  const sorted = [...steps].sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : 0));
  const out: Segment[] = [];
  sorted.forEach((s, i) => {
    const lower = i === 0 ? first : periodCeil(s.effectiveDate, period);
    const next = sorted[i + 1];
    const upper = next ? addPeriods(periodCeil(next.effectiveDate, period), -1, period) : through;
    const from = lower < first ? first : lower;
    const to = upper > through ? through : upper;
    const count = periodsBetween(from, to, period);
    if (count > 0) out.push({ from, to, count, amount: dec(s.amount) });
  });
  return out;
}

export interface PeriodStatus {
  /** First day of the period. */
  period: string;
  amount: Dec;
  paid: Dec;
  status: 'PAID' | 'PARTIAL' | 'UNPAID';
}

export interface MandatorySchedule {
  firstPeriod: string;
  /** The last period due (null when nothing is due yet). */
  throughPeriod: string | null;
  periodsDue: number;
  totalDue: Dec;
  /** Paid towards the periods due (at most totalDue). */
  allocated: Dec;
  /** Paid beyond the periods due. */
  advance: Dec;
  arrears: Dec;
  periodsPaid: number;
  /** Periods not fully paid (a partly paid one counts). */
  periodsUnpaid: number;
  /** The last fully paid period, or null. */
  paidThrough: string | null;
  /** The oldest period not fully paid, or null. */
  oldestUnpaid: string | null;
  /** Unpaid and partly paid periods, oldest first, at most `listLimit`. */
  unpaid: PeriodStatus[];
}

/**
 * The schedule of one member's mandatory saving on `asOf`: periods due from
 * `start`, their amounts from `steps`, and `paid` (everything paid in)
 * allocated oldest first.
 */
export function mandatorySchedule(opts: {
  start: string;
  asOf: string;
  period: MandatoryPeriod;
  steps: AmountStep[];
  paid: DecInput;
  dueDay?: number;
  listLimit?: number;
}): MandatorySchedule {
  const firstPeriod = periodOf(opts.start, opts.period);
  const through = lastDuePeriod(opts.asOf, opts.period, opts.dueDay ?? 1);
  const segs = segments(firstPeriod, through, opts.period, opts.steps);
  const totalDue = segs.reduce((s, g) => s.plus(g.amount.times(g.count)), ZERO);
  const paid = dec(opts.paid).isNegative() ? ZERO : dec(opts.paid);
  const limit = opts.listLimit ?? 400;
  let left = paid;
  let periodsPaid = 0;
  let periodsDue = 0;
  let paidThrough: string | null = null;
  let oldestUnpaid: string | null = null;
  let stopped = false;
  const unpaid: PeriodStatus[] = [];
  for (const g of segs) {
    periodsDue += g.count;
    if (g.amount.isZero()) {
      // Nothing owed for these periods: they are settled whatever was paid.
      periodsPaid += g.count;
      if (!stopped) paidThrough = g.to;
      continue;
    }
    // Once a period is left unpaid, every later one is unpaid too (oldest first).
    const full = stopped ? 0 : Math.min(g.count, left.div(g.amount).floor().toNumber());
    left = left.minus(g.amount.times(full));
    periodsPaid += full;
    if (full > 0) paidThrough = addPeriods(g.from, full - 1, opts.period);
    if (full === g.count) continue;
    if (!oldestUnpaid) oldestUnpaid = addPeriods(g.from, full, opts.period);
    for (let k = full; k < g.count && unpaid.length < limit; k++) {
      // A partial payment sits in the first unpaid period.
      const part = !stopped && k === full && left.gt(0) ? left : ZERO;
      unpaid.push({ period: addPeriods(g.from, k, opts.period), amount: g.amount, paid: part, status: part.gt(0) ? 'PARTIAL' : 'UNPAID' });
    }
    left = ZERO;
    stopped = true;
  }
  const allocated = paid.gt(totalDue) ? totalDue : paid;
  return {
    firstPeriod,
    throughPeriod: segs.length ? through : null,
    periodsDue,
    totalDue,
    allocated,
    advance: paid.gt(totalDue) ? paid.minus(totalDue) : ZERO,
    arrears: totalDue.minus(allocated),
    periodsPaid,
    periodsUnpaid: periodsDue - periodsPaid,
    paidThrough,
    oldestUnpaid,
    unpaid,
  };
}

/**
 * Amount steps from a product's terms versions (any order): the version in
 * force from a day is the highest of that day; the FIRST version (lowest
 * number) also covers the days before any version took effect.
 */
export function stepsFromVersions(versions: Array<{ version: number; effectiveDate: string; amount: DecInput | null }>): AmountStep[] {
  if (!versions.length) return [];
  const sorted = [...versions].sort((a, b) =>
    a.effectiveDate === b.effectiveDate ? a.version - b.version : a.effectiveDate < b.effectiveDate ? -1 : 1,
  );
  const byDate = new Map<string, DecInput>();
  for (const v of sorted) byDate.set(v.effectiveDate, v.amount ?? 0);
  const first = [...versions].sort((a, b) => a.version - b.version)[0];
  return [
    { effectiveDate: '0001-01-01', amount: first.amount ?? 0 },
    ...[...byDate].map(([effectiveDate, amount]) => ({ effectiveDate, amount })),
  ];
}
