/**
 * Shared zod building blocks. Error messages are catalogue keys (see
 * `messages/`), translated by the server's error handler and the web forms.
 */
import { z } from 'zod';

/** Largest amount the product accepts in one field: 10 trillion rupiah (exact in a JSON number with 2 decimals). */
export const MAX_MONEY = 10_000_000_000_000;

function decimals(v: number | string): number {
  const s = String(v);
  if (/e/i.test(s)) return 99;
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

/**
 * Numeric text of an amount: digits, an optional point and at most two decimals. Anything else is refused rather
 * than read: "1.000" is one thousand to an Indonesian (the point groups thousands), never Rp 1.
 */
export const MONEY_TEXT = /^-?\d+(\.\d{1,2})?$/;

/** A rupiah amount: JSON number (or canonical numeric text, MONEY_TEXT), at most 2 decimals. */
export const moneyAny = z
  .union([z.number(), z.string().trim().regex(MONEY_TEXT, 'validation.amount_text')])
  .transform((v) => (typeof v === 'string' ? Number(v) : v))
  .refine((v) => Number.isFinite(v) && Math.abs(v) <= MAX_MONEY, 'validation.invalid')
  .refine((v) => decimals(v) <= 2, 'validation.amount_decimals');

/** A strictly positive rupiah amount. */
export const moneyPositive = moneyAny.refine((v) => v > 0, 'validation.amount_positive');
/** Zero or more. */
export const moneyNonNegative = moneyAny.refine((v) => v >= 0, 'validation.amount_positive');

/** Percent 0..100 with up to 4 decimals. */
export const percent = z.coerce
  .number()
  .min(0, 'validation.invalid')
  .max(100, 'validation.max_percent')
  .refine((v) => decimals(v) <= 4, 'validation.invalid');

export const uuid = z.string().uuid('validation.uuid');
export const idParam = z.object({ id: uuid });

/**
 * Today as YYYY-MM-DD on the cooperative's calendar: Asia/Jakarta (WIB, UTC+7,
 * no daylight saving). Every "not in the future" or "from today" rule uses it,
 * so a teller working just after midnight WIB is not a day behind (UTC).
 */
export function todayWib(now: Date = new Date()): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The earliest date the books accept (journals, opening balances, closing): nothing a cooperative keeps is older. */
export const BOOKS_FLOOR = '2000-01-01';

export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'validation.date');

export const email = z
  .string({ error: 'validation.email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.email_required')
  .max(254, 'validation.email')
  .email('validation.email');

/**
 * Indonesian phone numbers in any common writing (0812-3456-7890, +62 812..,
 * 62812..) normalised to E.164 (+62812...). Returns null when not valid.
 */
export function normalizePhone(input: string): string | null {
  const raw = input.replace(/[\s\-().]/g, '');
  let nsn: string;
  if (/^\+62\d+$/.test(raw)) nsn = raw.slice(3);
  else if (/^62\d+$/.test(raw)) nsn = raw.slice(2);
  else if (/^0\d+$/.test(raw)) nsn = raw.slice(1);
  else if (/^8\d+$/.test(raw)) nsn = raw;
  else return null;
  // Mobile: 8xx with 9 to 12 digits in all; landline: area code 2-9 then 7 to 11 digits.
  if (/^8[1-9]\d{7,10}$/.test(nsn) || /^[2-79]\d{6,10}$/.test(nsn)) return `+62${nsn}`;
  return null;
}

export const phone = z
  .string({ error: 'validation.phone_required' })
  .trim()
  .min(1, 'validation.phone_required')
  .transform((v, ctx) => {
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return p;
  });

export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return p;
  });

export const password = z
  .string({ error: 'validation.password_required' })
  .min(1, 'validation.password_required')
  .refine((v) => v.length >= 8 && v.length <= 64, 'validation.password_length');

/** `'none'` and empty strings in a filter mean "no filter". */
export const optionalFilter = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' || v.toLowerCase() === 'none' ? undefined : v));

export const boolFilter = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => {
    if (v === undefined || v === '' || v === 'none') return undefined;
    if (typeof v === 'boolean') return v;
    return ['1', 'true', 'yes'].includes(v.toLowerCase());
  });

/** The largest page the list convention answers (`limit`). */
export const MAX_PAGE_LIMIT = 1000;

/** List convention: page (0-based), limit (default 10, 999 or 1000 for "all"), search, sortBy, ascOrDesc. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
  search: z
    .string()
    .optional()
    .transform((v) => {
      const s = v?.trim().toLowerCase();
      return s && s !== 'none' ? s : undefined;
    }),
  sortBy: z.string().optional(),
  ascOrDesc: z
    .string()
    .optional()
    .transform((v) => (v?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC') as 'ASC' | 'DESC'),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * The most rows one Excel export holds, on the server (lib/excel.ts, each sheet) and in the browser (a list's export
 * built from its pages): a larger export is refused with EXPORT_TOO_MANY_ROWS (common.export_too_many_rows: narrow the
 * period or the filter), never cut short silently.
 */
export const EXPORT_MAX_ROWS = 100_000;

export interface Page<T> {
  content: T[];
  page: number;
  limit: number;
  totalElements: number;
  totalPages: number;
}

export interface Envelope<T> {
  status: boolean;
  code: number;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  status: false;
  code: number;
  message: string;
  /** Same text as message, for clients that read `error` (registration). */
  error: string;
  errorCode: string;
  data: { fields?: Array<{ field: string; message: string }> } | null;
  requestId?: string;
}
