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

export interface InterestAccount {
  id: string;
  account_number: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  product_id: string;
  product_name: string;
  blocked_amount: Dec;
  is_not_get_interest: boolean;
  base_rate: Dec;
  /** Percent of the balance per day; above 0 it replaces the yearly rate (docs/interest.md). */
  daily_interest_percent: Dec;
  balance_basis: BalanceBasisName;
  monthly_admin_fee: Dec;
  interest_min_balance: Dec;
  interest_max_balance: Dec | null;
}

/** Voluntary savings accounts (active, open on or before `end`) with the terms in force on `end`; id > `after`, at most `limit`. */
export async function interestAccounts(
  tx: Tx,
  v: { end: string; productId?: string | null; after?: string | null; limit?: number | null; ids?: string[] },
): Promise<InterestAccount[]> {
  return tx.query<InterestAccount>(
    `SELECT s.id, s.account_number, s.member_id, m.full_name AS member_name, m.cif_number, s.product_id, p.name AS product_name,
            s.blocked_amount, s.is_not_get_interest, t.base_rate, t.daily_interest_percent, t.balance_basis, t.monthly_admin_fee,
            t.interest_min_balance, t.interest_max_balance
     FROM member_saving s
     JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
     JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
     JOIN LATERAL (SELECT * FROM product_terms t WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id AND t.effective_date <= $1::date
                   ORDER BY t.effective_date DESC, t.version DESC LIMIT 1) t ON true
     WHERE s.tenant_id = app_tenant() AND s.kind = 'SAVING' AND s.saving_type = 'VOLUNTARY' AND s.status = 'ACTIVE'
       AND (s.open_date IS NULL OR s.open_date <= $1::date)
       AND ($2::uuid IS NULL OR s.product_id = $2::uuid)
       AND ($3::uuid IS NULL OR s.id > $3::uuid)
       AND ($5::uuid[] IS NULL OR s.id = ANY($5::uuid[]))
     ORDER BY s.id
     LIMIT $4`,
    [v.end, v.productId ?? null, v.after ?? null, v.limit ?? null, v.ids ? `{${v.ids.join(',')}}` : null],
  );
}

/** Closing balance of each day of [start, end] per account, from the movements. */
export async function dailyBalancesOf(tx: Tx, ids: string[], start: string, end: string): Promise<Map<string, Dec[]>> {
  const out = new Map<string, Dec[]>();
  if (!ids.length) return out;
  const arr = `{${ids.join(',')}}`;
  const opening = await tx.query<{ saving_id: string; balance_after: Dec }>(
    `SELECT DISTINCT ON (saving_id) saving_id, balance_after FROM member_transaction
     WHERE tenant_id = app_tenant() AND saving_id = ANY($1::uuid[]) AND transaction_date < $2::date
     ORDER BY saving_id, transaction_date DESC, seq DESC`,
    [arr, start],
  );
  const moves = await tx.query<{ saving_id: string; date: string; balance_after: Dec }>(
    `SELECT saving_id, to_char(transaction_date, 'YYYY-MM-DD') AS date, balance_after FROM member_transaction
     WHERE tenant_id = app_tenant() AND saving_id = ANY($1::uuid[]) AND transaction_date BETWEEN $2::date AND $3::date
     ORDER BY saving_id, transaction_date, seq`,
    [arr, start, end],
  );
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
