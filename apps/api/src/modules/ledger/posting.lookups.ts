/**
 * Reads the other modules need around posting: system accounts by key, an account's balance, whether a month is
 * open, the journals of a source record.
 */
import { type Dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { balancesAsOf, signed } from './balances.ts';
import { isValidDate } from './dates.ts';
import * as repo from './posting.repo.ts';

/** The id of the account with this system key (CASH_MAIN, SAVING_VOLUNTARY, ...). */
export async function accountIdByKey(tx: Tx, key: string): Promise<string> {
  const r = await repo.accountByKey(tx, key);
  if (!r) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key });
  return r.id;
}

/** Several system keys at once: { CASH_MAIN: id, ... }; throws on the first missing one. */
export async function accountIdsByKeys<K extends string>(tx: Tx, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await repo.accountsByKeys<K>(tx, `{${keys.map((k) => `"${String(k).replace(/["\\]/g, '')}"`).join(',')}}`);
  const out = {} as Record<K, string>;
  for (const r of rows) out[r.system_key] = r.id;
  for (const k of keys) if (!out[k]) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: k });
  return out;
}

/**
 * Balance of an account in its normal-balance sign (positive cash, positive
 * savings owed), as of a day (default: everything posted), from the monthly
 * summary plus at most one month of lines. A header account answers the sum
 * of the accounts below it. Read without locks.
 */
export async function accountBalance(tx: Tx, accountId: string, asOf?: string): Promise<Dec> {
  if (!isUuid(accountId)) throw notFound('ledger.coa_not_found');
  if (asOf !== undefined && !isValidDate(asOf)) throw badRequest('JOURNAL_DATE_INVALID', 'ledger.date_invalid');
  const rows = await repo.accountSubtree(tx, accountId);
  const root = rows.find((r) => r.root);
  if (!root) throw notFound('ledger.coa_not_found');
  const m = await balancesAsOf(tx, asOf ?? null, { accountIds: rows.map((r) => r.id) });
  let total = ZERO;
  for (const mv of m.values()) total = total.plus(signed(mv, root.normal_balance));
  return total;
}

/** True when the month of `date` is open for posting. */
export async function isPeriodOpen(tx: Tx, date: string): Promise<boolean> {
  return !(await repo.closedOn(tx, date));
}

/** Journals posted for a source record (e.g. to reverse them when the module cancels the record). Oldest first. */
export async function journalsBySource(
  tx: Tx,
  module: string,
  id: string,
): Promise<
  Array<{ id: string; number: string; date: string; reversalOfId: string | null; reversedById: string | null; totalAmount: Dec }>
> {
  const rows = await repo.journalRowsBySource(tx, module, id);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    reversalOfId: r.reversal_of_id,
    reversedById: r.reversed_by_id,
    totalAmount: r.total_amount,
  }));
}
