/**
 * Exact money arithmetic for the whole product.
 *
 * `Dec` is a decimal.js clone with 40 significant digits and banker-free
 * ROUND_HALF_UP as the default rounding (the rule Indonesian cooperatives and
 * their auditors use for rupiah: 0.5 rounds away from zero).
 *
 * Values read from PostgreSQL NUMERIC columns arrive as `Dec` (the database
 * layer installs the parser), and `Dec#toJSON()` writes a JSON number, because
 * the HTTP contract carries money as numbers. Never use `+`, `-`, `*`, `/` on
 * money: use the methods (`plus`, `minus`, `times`, `div`).
 */
import Decimal from 'decimal.js';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;
export type DecInput = Dec | Decimal | string | number | bigint;

// JSON numbers on the wire; every rupiah amount stored is NUMERIC(20,2), so its
// shortest double representation prints back the exact decimal text.
(Dec.prototype as unknown as { toJSON: () => number }).toJSON = function toJSON(this: Dec) {
  return this.toNumber();
};
// node-postgres calls toPostgres() when a parameter is an object.
(Dec.prototype as unknown as { toPostgres: () => string }).toPostgres = function toPostgres(this: Dec) {
  return this.toFixed();
};

export const ZERO = new Dec(0);

export function dec(v: DecInput | null | undefined): Dec {
  if (v === null || v === undefined) return new Dec(0);
  if (v instanceof Dec) return v;
  if (typeof v === 'bigint') return new Dec(v.toString());
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError('money must be finite');
    // String(n) gives the shortest text that round-trips, so 0.1 becomes "0.1".
    return new Dec(String(v));
  }
  return new Dec(v.toString());
}

/** Rounding rules a product may choose. */
export type RoundingRule = 'RUPIAH' | 'CENT' | 'UP_100' | 'UP_1000' | 'DOWN_RUPIAH';

/** Round an amount by a product's documented rule. */
export function roundMoney(v: DecInput, rule: RoundingRule = 'CENT'): Dec {
  const d = dec(v);
  switch (rule) {
    case 'CENT':
      return d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    case 'RUPIAH':
      return d.toDecimalPlaces(0, Dec.ROUND_HALF_UP);
    case 'DOWN_RUPIAH':
      return d.toDecimalPlaces(0, Dec.ROUND_DOWN);
    case 'UP_100':
      return d.div(100).toDecimalPlaces(0, Dec.ROUND_CEIL).times(100);
    case 'UP_1000':
      return d.div(1000).toDecimalPlaces(0, Dec.ROUND_CEIL).times(1000);
  }
}

/** Number of digits after the decimal point of a user-supplied amount. */
export function decimalPlaces(v: DecInput): number {
  return dec(v).decimalPlaces();
}

/** True when the amount is a valid rupiah amount: finite, at most 2 decimals. */
export function isMoney(v: unknown): boolean {
  if (typeof v !== 'number' && typeof v !== 'string') return false;
  if (typeof v === 'number' && !Number.isFinite(v)) return false;
  try {
    const d = dec(v as DecInput);
    return d.isFinite() && d.decimalPlaces() <= 2 && d.abs().lt('1e18');
  } catch {
    return false;
  }
}

export function sum(values: Iterable<DecInput>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.plus(dec(v));
  return total;
}

/** Format rupiah for messages and exports: "Rp 1.500.000" (id) or "Rp 1,500,000" (en). */
export function formatRupiah(v: DecInput, locale: 'id' | 'en' = 'id'): string {
  const d = dec(v);
  const fixed = d.toFixed(d.decimalPlaces() > 0 ? 2 : 0);
  const [int, frac] = fixed.replace('-', '').split('.');
  const sep = locale === 'id' ? '.' : ',';
  const decSep = locale === 'id' ? ',' : '.';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${d.isNegative() ? '-' : ''}Rp ${grouped}${frac ? decSep + frac : ''}`;
}
