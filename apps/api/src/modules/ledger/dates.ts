/**
 * Calendar helpers of the ledger. Business dates are 'YYYY-MM-DD' text,
 * months ('periods') are the first day of the month. "Today" is the day in
 * Indonesia's western time zone (WIB, UTC+7), where the cooperatives work.
 */

const WIB_OFFSET_MS = 7 * 3600 * 1000;

export function todayJakarta(now: Date = new Date()): string {
  return new Date(now.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d ?? 1];
}

function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

export function isValidDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** First day of the date's month. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** Last day of the date's month. */
export function monthEnd(date: string): string {
  const [y, m] = parts(date);
  return iso(y, m + 1, 0);
}

export function addMonths(date: string, n: number): string {
  const [y, m] = parts(date);
  return iso(y, m + n, 1);
}

export function addDays(date: string, n: number): string {
  const [y, m, d] = parts(date);
  return iso(y, m, d + n);
}

export function isMonthStart(date: string): boolean {
  return date.endsWith('-01');
}

export function isMonthEnd(date: string): boolean {
  return monthEnd(date) === date;
}

/** 'YYYY-MM' of a date. */
export function periodLabel(date: string): string {
  return date.slice(0, 7);
}

/** Fiscal year of a date (named by the calendar year it starts in). */
export function fiscalYearOf(date: string, startMonth = 1): number {
  const [y, m] = parts(date);
  return m >= startMonth ? y : y - 1;
}

export function fiscalYearRange(year: number, startMonth = 1): { start: string; end: string } {
  const start = iso(year, startMonth, 1);
  return { start, end: addDays(addMonths(start, 12), -1) };
}

/** 'YYYY-MM' → its first ('start') or last ('end') day; 'YYYY-MM-DD' stays. */
export function resolvePeriodOrDate(v: string, edge: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}$/.test(v)) return edge === 'start' ? `${v}-01` : monthEnd(`${v}-01`);
  return v;
}

/** Every month start from `from` to `to` (inclusive). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let p = monthStart(from); p <= monthStart(to); p = addMonths(p, 1)) out.push(p);
  return out;
}

/** 'DD-MM-YYYY' for titles and messages. */
export function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}
