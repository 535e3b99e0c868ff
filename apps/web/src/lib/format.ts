/**
 * Numbers, money, dates through Intl in the chosen language. Money is rupiah:
 * `Rp 1.500.000` in Indonesian, `Rp 1,500,000` in English; two decimals only
 * when the amount has a fraction. Times are the cooperative's (Asia/Jakarta,
 * WIB) whatever the browser's zone: the server dates every movement by that
 * calendar, and a receipt must not print 14.47 beside a 21.47 WIB movement.
 * A bare calendar date (YYYY-MM-DD) is shown as that day everywhere.
 */
import { useTranslation } from 'react-i18next';
import { languageInfo } from './i18n/languages';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export type Numeric = number | string | null | undefined;

function toNumber(v: Numeric): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

export function formatMoney(value: Numeric, lang: string, opts: { empty?: string } = {}): string {
  const n = toNumber(value);
  if (n === null) return opts.empty ?? '-';
  const fraction = Math.round(Math.abs(n) * 100) % 100 !== 0;
  const intl = languageInfo(lang).intl;
  const f = cached(
    `money:${intl}:${fraction}`,
    () =>
      new Intl.NumberFormat(intl, {
        style: 'currency',
        currency: 'IDR',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: fraction ? 2 : 0,
        maximumFractionDigits: fraction ? 2 : 0,
      }),
  );
  return f.format(n);
}

export function formatNumber(value: Numeric, lang: string, maximumFractionDigits = 2): string {
  const n = toNumber(value);
  if (n === null) return '-';
  const intl = languageInfo(lang).intl;
  return cached(`num:${intl}:${maximumFractionDigits}`, () => new Intl.NumberFormat(intl, { maximumFractionDigits })).format(n);
}

export function formatPercent(value: Numeric, lang: string): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return `${formatNumber(n, lang, 4)}%`;
}

type DateInput = string | number | Date | null | undefined;

/** The cooperative's time zone (WIB). */
export const COOPERATIVE_TIME_ZONE = 'Asia/Jakarta';
export const COOPERATIVE_TIME_ZONE_LABEL = 'WIB';

const isCalendarDate = (v: DateInput): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function toDate(v: DateInput): Date | null {
  if (v === null || v === undefined || v === '') return null;
  // A bare YYYY-MM-DD is a calendar date: midnight UTC, formatted in UTC (the same day in any zone).
  const d = isCalendarDate(v) ? new Date(`${v}T00:00:00Z`) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const DATE_STYLES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { month: 'long', year: 'numeric' },
  weekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

export function formatDate(value: DateInput, lang: string, style: DateStyle = 'date'): string {
  const d = toDate(value);
  if (!d) return '-';
  const intl = languageInfo(lang).intl;
  const timeZone = isCalendarDate(value) ? 'UTC' : COOPERATIVE_TIME_ZONE;
  return cached(`date:${intl}:${style}:${timeZone}`, () => new Intl.DateTimeFormat(intl, { ...DATE_STYLES[style], timeZone })).format(d);
}

/** A moment with its date and time in WIB, labelled: "26 Nov 2026, 21.47 WIB" (receipts, print footers). */
export function formatDateTimeWib(value: DateInput, lang: string): string {
  const s = formatDate(value, lang, 'dateTime');
  return s === '-' ? s : `${s} ${COOPERATIVE_TIME_ZONE_LABEL}`;
}

/** "5 minutes ago", "yesterday" ... */
export function formatRelative(value: DateInput, lang: string, now = Date.now()): string {
  const d = toDate(value);
  if (!d) return '-';
  const intl = languageInfo(lang).intl;
  const rtf = cached(`rel:${intl}`, () => new Intl.RelativeTimeFormat(intl, { numeric: 'auto' }));
  const seconds = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatDate(d, lang, 'date');
}

/** Formatting bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return {
    lang,
    money: (v: Numeric, opts?: { empty?: string }) => formatMoney(v, lang, opts),
    number: (v: Numeric, digits?: number) => formatNumber(v, lang, digits),
    percent: (v: Numeric) => formatPercent(v, lang),
    date: (v: DateInput, style?: DateStyle) => formatDate(v, lang, style),
    dateTimeWib: (v: DateInput) => formatDateTimeWib(v, lang),
    relative: (v: DateInput) => formatRelative(v, lang),
  };
}
