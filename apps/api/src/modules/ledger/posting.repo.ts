/**
 * SQL of the posting engine (posting.ts), its lookups (posting.lookups.ts) and the numbering after commit
 * (posting.numbering.ts): the calls of the ledger's SQL functions and the small reads around them. The checks and
 * errors stay with their callers.
 */
import type { Dec } from '@koperasi/finance';
import { type Db, type Tx, sqlLiteral as v } from '../../db/db.ts';

/** Posts a batch of journals in one round trip (`ledger_post_json`: checks, lines, numbers, headers, summary). */
export async function postJson<Row>(tx: Tx, payload: unknown, numberNow: boolean): Promise<Row[]> {
  return tx.query<Row>('SELECT * FROM ledger_post_json($1::jsonb, $2::boolean, true)', [JSON.stringify(payload), numberNow]);
}

/** Numbers the cooperative's committed, unnumbered journals in this transaction (the counters stay locked until it ends). */
export async function numberPendingInTx(tx: Tx): Promise<void> {
  await tx.query('SELECT ledger_number_pending()');
}

/** Numbers a cooperative's waiting journals in a transaction of its own; answers how many. */
export async function numberTenantJob(db: Db, tenantId: string): Promise<number> {
  const r = await db.appQuery<{ n: number }>('SELECT ledger_number_tenant_job($1::uuid) AS n', [tenantId]);
  return r[0]?.n ?? 0;
}

/** The numbers of these journals (a PostgreSQL array literal of uuids), numbering the waiting ones first. */
export async function numberJournalsRows(db: Db, tenantId: string, ids: string) {
  return db.appQuery<{ journal_id: string; number: string | null }>(
    'SELECT journal_id, number FROM ledger_number_journals($1::uuid, $2::uuid[])',
    [tenantId, ids],
  );
}

/** The cooperatives with journals waiting for their numbers. */
export async function unnumberedTenants(db: Db): Promise<string[]> {
  const rows = await db.appQuery<{ t: string }>('SELECT t FROM ledger_unnumbered_tenants() AS t');
  return rows.map((r) => r.t);
}

/** The account with this system key, or undefined. */
export async function accountByKey(tx: Tx, key: string) {
  return tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = $1 AND system_key = $2', [tx.tenantId, key]);
}

/** The accounts with these system keys (a PostgreSQL text array literal); missing keys are absent. */
export async function accountsByKeys<K extends string>(tx: Tx, keys: string) {
  return tx.query<{ id: string; system_key: K }>(
    'SELECT id, system_key FROM coa_account WHERE tenant_id = $1 AND system_key = ANY($2::text[])',
    [tx.tenantId, keys],
  );
}

/** An account and every account below it, with its normal balance; `root` marks the account itself. */
export async function accountSubtree(tx: Tx, accountId: string) {
  return tx.query<{ id: string; normal_balance: 'DEBIT' | 'CREDIT'; root: boolean }>(
    `WITH RECURSIVE sub AS (
       SELECT id, normal_balance, true AS root FROM coa_account WHERE tenant_id = $1 AND id = $2
       UNION ALL
       SELECT c.id, c.normal_balance, false FROM coa_account c JOIN sub ON c.tenant_id = $1 AND c.parent_id = sub.id
     ) SELECT id, normal_balance, root FROM sub`,
    [tx.tenantId, accountId],
  );
}

/** Whether the books are closed through `date` (its month is closed). */
export async function closedOn(tx: Tx, date: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM ledger_state WHERE tenant_id = $1 AND closed_through >= $2::date', [tx.tenantId, date]);
  return Boolean(r);
}

/** Journals posted for a source record, oldest first, with the id of their reversal. */
export async function journalRowsBySource(tx: Tx, module: string, id: string) {
  return tx.query<{
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
}

/**
 * The journals' numbers right after COMMIT, in COMMIT's own round trip (db.ts afterCommitQuery): for teller
 * movements and loan payments posted unnumbered (`ledger_number_journals_quietly` never fails: should numbering
 * fail, the job numbers them within a second).
 */
export function numberAfterCommit(
  tx: Tx,
  tenantId: string,
  journalIds: string[],
): Promise<Array<{ journal_id: string; number: string | null }>> {
  return tx.afterCommitQuery<{ journal_id: string; number: string | null }>(
    `SELECT journal_id, number FROM ledger_number_journals_quietly(${v(tenantId)}::uuid, ARRAY[${journalIds.map((id) => v(id)).join(', ')}]::uuid[])`,
  );
}
