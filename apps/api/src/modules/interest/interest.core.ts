/**
 * Savings interest (jasa simpanan sukarela): the per-account computation used
 * by the simulation and the release. Daily closing balances come from the
 * savings movements: the account's balance less the movements dated after
 * each day (every row counts, a cancellation being a new reversing
 * movement). docs/interest.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { type BalanceBasisName, dailyClosingBalances, monthsTouched, savingsInterest } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';
import { balancesAndNetsFrom, type InterestAccount } from './interest.repo.ts';

export { type InterestAccount, interestAccounts } from './interest.repo.ts';

/**
 * Closing balance of each day of [start, end] per account: the account's balance less the movements dated after the
 * day (the ledger's dates), not a row's balance_after (the balance in entry order, which puts a movement dated before
 * rows already entered on the wrong days). The same rule as SQL `saving_interest_chunk`.
 */
export async function dailyBalancesOf(tx: Tx, ids: string[], start: string, end: string): Promise<Map<string, Dec[]>> {
  const out = new Map<string, Dec[]>();
  if (!ids.length) return out;
  const rows = await balancesAndNetsFrom(tx, `{${ids.join(',')}}`, start);
  const byId = new Map<string, { balance: Dec; nets: Array<{ date: string; net: Dec }> }>();
  for (const r of rows) {
    const a = byId.get(r.saving_id) ?? { balance: dec(r.balance), nets: [] };
    if (r.date !== null && r.net !== null) a.nets.push({ date: r.date, net: dec(r.net) });
    byId.set(r.saving_id, a);
  }
  for (const id of ids) {
    const a = byId.get(id);
    if (!a) {
      out.set(id, dailyClosingBalances(start, end, ZERO, []));
      continue;
    }
    // The opening balance is the balance less every net from `start` on; each day then adds its own net.
    const opening = a.nets.reduce((b, n) => b.minus(n.net), a.balance);
    let running = opening;
    const closings: Array<{ date: string; balanceAfter: Dec }> = [];
    for (const n of a.nets) {
      if (n.date > end) break;
      running = running.plus(n.net);
      closings.push({ date: n.date, balanceAfter: running });
    }
    out.set(id, dailyClosingBalances(start, end, opening, closings));
  }
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
