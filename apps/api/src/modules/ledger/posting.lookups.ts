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

/** The id of the account with this system key (CASH_MAIN, SAVING_VOLUNTARY, ...). */
export async function accountIdByKey(tx: Tx, key: string): Promise<string> {
  const r = await tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = $1 AND system_key = $2', [tx.tenantId, key]);
  if (!r) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key });
  return r.id;
}

/** Several system keys at once: { CASH_MAIN: id, ... }; throws on the first missing one. */
export async function accountIdsByKeys<K extends string>(tx: Tx, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await tx.query<{ id: string; system_key: K }>(
    'SELECT id, system_key FROM coa_account WHERE tenant_id = $1 AND system_key = ANY($2::text[])',
    [tx.tenantId, `{${keys.map((k) => `"${String(k).replace(/["\\]/g, '')}"`).join(',')}}`],
  );
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
  const rows = await tx.query<{ id: string; normal_balance: 'DEBIT' | 'CREDIT'; root: boolean }>(
    `WITH RECURSIVE sub AS (
       SELECT id, normal_balance, true AS root FROM coa_account WHERE tenant_id = $1 AND id = $2
       UNION ALL
       SELECT c.id, c.normal_balance, false FROM coa_account c JOIN sub ON c.tenant_id = $1 AND c.parent_id = sub.id
     ) SELECT id, normal_balance, root FROM sub`,
    [tx.tenantId, accountId],
  );
  const root = rows.find((r) => r.root);
  if (!root) throw notFound('ledger.coa_not_found');
  const m = await balancesAsOf(tx, asOf ?? null, { accountIds: rows.map((r) => r.id) });
  let total = ZERO;
  for (const mv of m.values()) total = total.plus(signed(mv, root.normal_balance));
  return total;
}

/** True when the month of `date` is open for posting. */
export async function isPeriodOpen(tx: Tx, date: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM ledger_state WHERE tenant_id = $1 AND closed_through >= $2::date', [tx.tenantId, date]);
  return !r;
}

/** Journals posted for a source record (e.g. to reverse them when the module cancels the record). Oldest first. */
export async function journalsBySource(
  tx: Tx,
  module: string,
  id: string,
): Promise<
  Array<{ id: string; number: string; date: string; reversalOfId: string | null; reversedById: string | null; totalAmount: Dec }>
> {
  const rows = await tx.query<{
    id: string;
    number: string;
    date: string;
    reversal_of_id: string | null;
    reversed_by_id: string | null;
    total_amount: Dec;
  }>(
    `SELECT j.id, j.number, j.date, j.reversal_of_id, r.id AS reversed_by_id, j.total_amount
     FROM journal j LEFT JOIN journal r ON r.tenant_id = j.tenant_id AND r.reversal_of_id = j.id
     WHERE j.tenant_id = $1 AND j.source_module = $2 AND j.source_id = $3
     ORDER BY j.fiscal_year, j.seq`,
    [tx.tenantId, module, id],
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    reversalOfId: r.reversal_of_id,
    reversedById: r.reversed_by_id,
    totalAmount: r.total_amount,
  }));
}
