/**
 * The SQL of the movement path (deposit, withdrawal, by CIF, batches, cancel,
 * close): the calls of saving_move and saving_move_many, the statements that
 * travel with COMMIT, and the few reads and writes around them. The rules
 * themselves live in the SQL functions (apps/api/src/db/functions/saving_*.sql);
 * the services decide, this file only talks to the database.
 *
 * Statements that travel with BEGIN or COMMIT (one round trip) carry their
 * values as literals (`sqlLiteral`), since those round trips take no parameters.
 */
import type { Dec } from '@koperasi/finance';
import { type Tx, sqlLiteral as v } from '../../db/db.ts';
import type { CashRow } from './savings.repo.ts';

// ---------------------------------------------------------------- one movement alone

/** The arguments of saving_move, in its order (migration 0403; db/functions/saving_move.sql). */
export interface SavingMoveArgs {
  kind: 'TOPUP' | 'WITHDRAW';
  activity: string;
  label: string;
  savingId: string;
  amount: Dec;
  date: string;
  agentId: string | null;
  coaId: string | null;
  userId: string | null;
  cashHolderOk: string | null;
  channel: string;
  description: string | null;
  requestId: string | null;
  groupId: string;
  journalId: string;
  auditAction: string;
  httpRequestId: string;
  ip: string | null;
  userAgent: string | null;
  idem: { key: string; hash: string; method: string; path: string } | undefined;
}

/** One movement in one call (saving_move); without parameters, so it travels with BEGIN. */
export function callSavingMove<T>(tx: Tx, a: SavingMoveArgs): Promise<T | undefined> {
  return tx.one<T>(
    `SELECT * FROM saving_move(${v(a.kind)}, ${v(a.activity)}, ${v(a.label)}, ${v(a.savingId)}::uuid,
       ${v(a.amount.toFixed(2))}::numeric, ${v(a.date)}::date, ${v(a.agentId)}::uuid, ${v(a.coaId)}::uuid,
       ${v(a.userId)}::uuid, ${v(a.cashHolderOk)}::uuid, ${v(a.channel)}, ${v(a.description)}, ${v(a.requestId)}::uuid,
       ${v(a.groupId)}::uuid, ${v(a.journalId)}::uuid, false, ${v(a.auditAction)},
       ${v(a.httpRequestId)}, ${v(a.ip)}, ${v(a.userAgent)}, ${v(a.idem?.key ?? null)}, ${v(a.idem?.hash ?? null)},
       ${v(a.idem?.method ?? null)}, ${v(a.idem?.path ?? null)})`,
  );
}

/** The cash or bank account a movement would use (saving_resolve_cash: the chosen one, the user's, else Kas Besar). */
export function findCashRow(tx: Tx, coaId: string | null, userId: string | null): Promise<CashRow | undefined> {
  return tx.one<CashRow>('SELECT * FROM saving_resolve_cash($1::uuid, $2::uuid)', [coaId, userId]);
}

/** A withdrawal above the user's limit, recorded as a request waiting for approval. */
export async function insertWithdrawalRequest(
  tx: Tx,
  r: {
    savingId: string;
    memberId: string;
    amount: Dec;
    description: string | null;
    cashId: string | null;
    channel: string;
    userId: string | null;
  },
): Promise<{ id: string; requested_at: Date }> {
  return (await tx.one<{ id: string; requested_at: Date }>(
    `INSERT INTO saving_request (tenant_id, type, saving_id, member_id, amount, description, cash_coa_id, channel, requested_by)
     VALUES (app_tenant(), 'WITHDRAWAL', $1, $2, $3, $4, $5, $6, $7) RETURNING id, requested_at`,
    [r.savingId, r.memberId, r.amount.toFixed(2), r.description, r.cashId, r.channel, r.userId],
  ))!;
}

// ---------------------------------------------------------------- by CIF

/** A member by CIF (upper-cased by the caller). */
export function memberByCif(tx: Tx, cif: string): Promise<{ id: string; full_name: string; member_type: string } | undefined> {
  return tx.one<{ id: string; full_name: string; member_type: string }>(
    'SELECT id, full_name, member_type FROM member WHERE tenant_id = app_tenant() AND cif_number = $1',
    [cif],
  );
}

/** A member's ACTIVE accounts of a product, or without a product the voluntary (kind SAVING) ones, oldest first. */
export function activeAccountsOf(
  tx: Tx,
  memberId: string,
  productId: string | null,
): Promise<Array<{ id: string; product_id: string; product_name: string; kind: string; account_number: string }>> {
  return tx.query<{ id: string; product_id: string; product_name: string; kind: string; account_number: string }>(
    `SELECT s.id, s.product_id, p.name AS product_name, s.kind, s.account_number FROM member_saving s JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
     WHERE s.tenant_id = app_tenant() AND s.member_id = $1 AND s.status = 'ACTIVE'
       AND ($2::uuid IS NULL OR s.product_id = $2::uuid) AND ($2::uuid IS NOT NULL OR s.kind = 'SAVING')
     ORDER BY s.created_date, s.id`,
    [memberId, productId],
  );
}

// ---------------------------------------------------------------- batches

/**
 * One batch in one statement: the items (by-CIF ones get their account from saving_resolve_cifs, once:
 * MATERIALIZED, as inlined it would run again for every answered row), then saving_move_many.
 */
export function callSavingMoveMany<T>(tx: Tx, payload: string, byCif: boolean, date: string, agentId: string | null): Promise<T[]> {
  const list = byCif ? `saving_resolve_cifs(${v(payload)}::jsonb)` : `${v(payload)}::jsonb`;
  return tx.query<T>(
    `WITH i AS MATERIALIZED (SELECT ${list} AS j)
     SELECT m.*, (i.j -> m.ord ->> 'saving')::uuid AS saving_id FROM i, saving_move_many(${v(date)}::date, ${v(agentId)}::uuid, i.j) m`,
  );
}

/**
 * The batch's journals, posted and numbered right before COMMIT, in its round trip (saving_post_journals: the
 * cooperative's journal counter is held from there to the end of COMMIT only). Resolves after COMMIT.
 */
export function postJournalsBeforeCommit(tx: Tx): Promise<Array<{ journal_id: string; number: string | null }>> {
  return tx.beforeCommitQuery<{ journal_id: string; number: string | null }>('SELECT journal_id, number FROM saving_post_journals()');
}

/** The answers stored with their Idempotency-Keys, right before COMMIT (in its round trip). */
export function storeAnswersBeforeCommit(tx: Tx, tenantId: string, answers: Array<{ key: string; response: string }>): void {
  if (!answers.length) return;
  const values = answers.map((a) => `(${v(a.key)}, ${v(a.response)})`).join(', ');
  tx.beforeCommit(
    `UPDATE idempotency_key AS k SET status_code = 200, response = s.r::jsonb FROM (VALUES ${values}) AS s(key, r)
     WHERE k.tenant_id = ${v(tenantId)}::uuid AND k.key = s.key`,
  );
}

/** Whether any of these journals exists (a batch commits whole, so one tells). */
export async function anyJournalExists(tx: Tx, journalIds: string[]): Promise<boolean> {
  const ids = journalIds.map((id) => v(id)).join(', ');
  return (await tx.query(`SELECT 1 FROM journal WHERE tenant_id = app_tenant() AND id = ANY(ARRAY[${ids}]::uuid[]) LIMIT 1`)).length > 0;
}

// ---------------------------------------------------------------- cancel and close

/** The operation (group) of a transaction. */
export async function groupOfTransaction(tx: Tx, transactionId: string): Promise<string | null> {
  return (
    (
      await tx.one<{ group_id: string }>('SELECT group_id FROM member_transaction WHERE tenant_id = app_tenant() AND id = $1', [
        transactionId,
      ])
    )?.group_id ?? null
  );
}

/** The rows of an operation, locked (ascending id). */
export function lockGroupRows<T>(tx: Tx, groupId: string): Promise<T[]> {
  return tx.query<T>(
    `SELECT id, seq, code, saving_id, kind, activity, amount, status, reversal_of_id, journal_id, transaction_date, group_id, cash_coa_id,
            description, product_kind
     FROM member_transaction WHERE tenant_id = app_tenant() AND group_id = $1 ORDER BY id FOR UPDATE`,
    [groupId],
  );
}

/** The rows of an operation marked cancelled. */
export async function markGroupCancelled(tx: Tx, groupId: string, userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND group_id = $1`,
    [groupId, userId, reason],
  );
}

/** Whether an account has a request waiting for approval. */
export async function hasWaitingRequest(tx: Tx, savingId: string): Promise<boolean> {
  return Boolean(
    await tx.one('SELECT 1 FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = $2', [savingId, 'WAITING']),
  );
}

/** An account closed (no longer the source of fund nor auto-debited). */
export async function markAccountClosed(
  tx: Tx,
  savingId: string,
  date: string,
  userId: string | null,
  reason: string | null,
): Promise<void> {
  await tx.exec(
    `UPDATE member_saving SET status = 'CLOSED', close_date = $2, closed_by = $3, close_reason = $4, is_source_of_fund = false,
            is_auto_debit = false, updated_by = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [savingId, date, userId, reason],
  );
}
