/**
 * Savings interest (jasa simpanan sukarela): the per-account computation used
 * by the simulation and the release. Daily closing balances come from the
 * savings movements (member_transaction.balance_after, the last movement of
 * each date in entry order; every row counts, a cancellation being a new
 * reversing movement). docs/interest.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { type BalanceBasisName, dailyClosingBalances, monthsTouched, savingsInterest } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';
import { type InterestAccount, movementsBetween, openingBalances } from './interest.repo.ts';

export { type InterestAccount, interestAccounts } from './interest.repo.ts';

/** Closing balance of each day of [start, end] per account, from the movements. */
export async function dailyBalancesOf(tx: Tx, ids: string[], start: string, end: string): Promise<Map<string, Dec[]>> {
  const out = new Map<string, Dec[]>();
  if (!ids.length) return out;
  const arr = `{${ids.join(',')}}`;
  const opening = await openingBalances(tx, arr, start);
  const moves = await movementsBetween(tx, arr, start, end);
  const open = new Map(opening.map((r) => [r.saving_id, r.balance_after]));
  const byId = new Map<string, Array<{ date: string; balanceAfter: Dec }>>();
  for (const m of moves) byId.set(m.saving_id, [...(byId.get(m.saving_id) ?? []), { date: m.date, balanceAfter: m.balance_after }]);
  for (const id of ids) out.set(id, dailyClosingBalances(start, end, open.get(id) ?? ZERO, byId.get(id) ?? []));
  return out;
}

export interface AccountInterest {
  a: InterestAccount;
  basis: BalanceBasisName;
  rate: Dec;
  basisBalance: Dec;
  gross: Dec;
  /** The admin fee due for the period (capped at what the account holds when posted). */
  adminFee: Dec;
  lastBalance: Dec;
}

/** Gross interest and admin fee of each account; `overrides` (simulation) replace the product's rate and interest minimum. */
export function computeInterest(
  accounts: InterestAccount[],
  balances: Map<string, Dec[]>,
  start: string,
  end: string,
  overrides: { baseRate?: number | null; minBalance?: number | null } = {},
): AccountInterest[] {
  const months = monthsTouched(start, end);
  return accounts.map((a) => {
    const days = balances.get(a.id) ?? [];
    const override = overrides.baseRate !== undefined && overrides.baseRate !== null;
    // The rate recorded: a daily percent as its yearly equivalent (× 365).
    const daily = dec(a.daily_interest_percent ?? 0);
    const rate = override ? dec(overrides.baseRate as number) : daily.gt(0) ? daily.times(365) : dec(a.base_rate);
    const r = savingsInterest({
      dailyBalances: days,
      ratePct: rate,
      // A simulated base rate replaces the product's rate, its daily percent too.
      dailyPct: override ? null : a.daily_interest_percent,
      basis: a.balance_basis,
      minBalance: overrides.minBalance !== undefined && overrides.minBalance !== null ? overrides.minBalance : a.interest_min_balance,
      maxBalance: a.interest_max_balance,
      blocked: a.blocked_amount,
      notGetInterest: a.is_not_get_interest,
    });
    return {
      a,
      basis: a.balance_basis,
      rate,
      basisBalance: r.basisBalance,
      gross: r.gross,
      adminFee: dec(a.monthly_admin_fee).times(months).toDecimalPlaces(2),
      lastBalance: days.length ? days[days.length - 1] : ZERO,
    };
  });
}
