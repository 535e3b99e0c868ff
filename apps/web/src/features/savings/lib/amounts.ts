/**
 * Amount arithmetic of the teller forms, exact (Dec from packages/finance,
 * never binary floating point): the balance after a movement shown before
 * confirming, what a withdrawal may take, a closing's fee and payout, the
 * role's limit. The server decides; these are the previews and warnings.
 */
import { Dec, dec } from '@koperasi/finance/money';

export type Direction = 'in' | 'out';

/** Balance after moving `amount` in or out; null while no amount is typed. */
export function balanceAfter(balance: number, amount: number | null | undefined, direction: Direction): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const b = dec(balance);
  return (direction === 'in' ? b.plus(dec(amount)) : b.minus(dec(amount))).toNumber();
}

/** True when a withdrawal or transfer of `amount` is more than `available`. */
export function exceedsAvailable(amount: number | null | undefined, available: number): boolean {
  if (amount === null || amount === undefined) return false;
  return dec(amount).gt(dec(available));
}

/** True when `amount` is above the role's limit (null limit = no limit). */
export function exceedsLimit(amount: number | null | undefined, limit: number | null | undefined): boolean {
  if (amount === null || amount === undefined || limit === null || limit === undefined) return false;
  return dec(amount).gt(dec(limit));
}

/** A closing: the fee (at most the balance) and what is paid out. */
export function closingPreview(balance: number, closingFee: number | null | undefined): { fee: number; payout: number } {
  const b = dec(balance);
  const f = Dec.min(dec(closingFee ?? 0), b.gt(0) ? b : dec(0));
  return { fee: f.toNumber(), payout: b.minus(f).toNumber() };
}

/** Most a staff block may hold: the balance less what is pledged. */
export function maxBlockable(balance: number, pledged: number): number {
  const m = dec(balance).minus(dec(pledged));
  return (m.gt(0) ? m : dec(0)).toNumber();
}

/** Exact sum (totals of a page of rows): the app's one money helper. */
export { sumMoney as total } from '../../../lib/money';
