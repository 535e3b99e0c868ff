/**
 * Sums of rupiah amounts for report footers, exact: amounts carry at most two
 * decimals, so they add as whole cents (BigInt), never as floats.
 */
export function toCents(v: number | null | undefined): bigint {
  if (v === null || v === undefined || !Number.isFinite(v)) return 0n;
  return BigInt(Math.round(v * 100));
}

export function fromCents(c: bigint): number {
  return Number(c) / 100;
}

export function sumMoney(values: Array<number | null | undefined>): number {
  return fromCents(values.reduce<bigint>((s, v) => s + toCents(v), 0n));
}
