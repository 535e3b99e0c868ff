/**
 * The web app's one money helper. Rupiah typed by staff: digits with the language's grouping, at most two
 * decimals. The value sent to the API is a JSON number (spec: numbers on the
 * wire); `toWire` keeps it exact to the cent.
 */
import { dec } from '@koperasi/finance/money';
import { languageInfo } from './i18n/languages';

export function separators(lang: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(languageInfo(lang).intl).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? '.',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? ',',
  };
}

/** Text typed in a money field to a number (null when empty or not a number). */
export function parseMoneyInput(text: string, lang: string): number | null {
  const { decimal } = separators(lang);
  let s = text.replace(/\s|Rp/gi, '');
  if (!s) return null;
  const negative = s.startsWith('-');
  // Keep digits and the decimal separator only; grouping characters go away.
  s = [...s].filter((c) => /\d/.test(c) || c === decimal).join('');
  const [int, frac = ''] = s.split(decimal);
  if (!int && !frac) return null;
  const n = Number(`${int || '0'}.${frac.slice(0, 2) || '0'}`);
  if (!Number.isFinite(n)) return null;
  return toWire(negative ? -n : n);
}

/** Grouped digits without the currency symbol, for the input box. */
export function formatMoneyInput(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const fraction = Math.round(Math.abs(value) * 100) % 100 !== 0;
  return new Intl.NumberFormat(languageInfo(lang).intl, {
    minimumFractionDigits: fraction ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Round half away from zero to 2 decimals through the decimal text, never binary arithmetic drift. */
export function toWire(value: number): number {
  const [int, frac = ''] = Math.abs(value).toFixed(10).split('.');
  let cents = BigInt(int) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  if (Number(frac[2] ?? '0') >= 5) cents += 1n;
  const n = Number(cents) / 100;
  return value < 0 ? -n : n;
}

/** Whole cents of an amount (amounts carry at most two decimals); 0 for nothing. */
export function toCents(v: number | null | undefined): bigint {
  if (v === null || v === undefined || !Number.isFinite(v)) return 0n;
  return BigInt(Math.round(v * 100));
}

/** An amount from whole cents, exact to the cent. */
export function fromCents(c: bigint): number {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  const n = Number(abs / 100n) + Number(abs % 100n) / 100;
  return negative ? -n : n;
}

/** Exact sum of rupiah amounts (report footers, page totals): decimal arithmetic, never float drift. */
export function sumMoney(values: Array<number | null | undefined>): number {
  return values.reduce((s, v) => (v === null || v === undefined || !Number.isFinite(v) ? s : s.plus(dec(v))), dec(0)).toNumber();
}
