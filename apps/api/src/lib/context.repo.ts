/**
 * SQL of the request context (context.ts): the cached principal's check, and the Idempotency-Key's row (claim,
 * stored answer, expiry).
 */
import { sqlLiteral, type Tx } from '../db/db.ts';
import { envelopeText } from './http.ts';

/**
 * The statement that checks a cached principal (auth_principal_check raises KA001 when it changed), with its
 * values as literals: it runs first in the transaction, in BEGIN's round trip.
 */
export function principalCheckSql(tenantId: string, sessionId: string, userId: string, digest: string): string {
  return `SELECT auth_principal_check(${sqlLiteral(tenantId)}, ${sqlLiteral(sessionId)}, ${sqlLiteral(userId)}, ${sqlLiteral(digest)})`;
}

/** The statement that stores a transaction's answer with its key, values as literals (it runs in COMMIT's round trip). */
export function storeAnswerSql(tenantId: string, key: string, body: unknown): string {
  return `UPDATE idempotency_key SET status_code = 200, response = ${sqlLiteral(envelopeText(body))}::jsonb
         WHERE tenant_id = ${sqlLiteral(tenantId)} AND key = ${sqlLiteral(key)}`;
}

/** Inserts the key's row unless it exists; answers the row when this call inserted it. */
export async function insertIdempotencyKey(tx: Tx, tenantId: string, key: string, hash: string, method: string, path: string) {
  return tx.one(
    `INSERT INTO idempotency_key (tenant_id, key, request_hash, method, path)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, key) DO NOTHING RETURNING key`,
    [tenantId, key, hash, method, path],
  );
}

/** The key's row: the request's hash, the stored answer (status null: in progress) and whether it expired. */
export async function findIdempotencyKey(tx: Tx, tenantId: string, key: string) {
  return tx.one<{ request_hash: string; status_code: number | null; response: unknown; expired: boolean }>(
    `SELECT request_hash, status_code, response, expires_at < now() AS expired
       FROM idempotency_key WHERE tenant_id = $1 AND key = $2`,
    [tenantId, key],
  );
}

export async function deleteIdempotencyKey(tx: Tx, tenantId: string, key: string): Promise<void> {
  await tx.exec('DELETE FROM idempotency_key WHERE tenant_id = $1 AND key = $2', [tenantId, key]);
}

/** An expired key's row, before the key is claimed again (the generic Idempotency-Key plugin). */
export async function deleteExpiredIdempotencyKey(tx: Tx, tenantId: string, key: string): Promise<void> {
  await tx.exec('DELETE FROM idempotency_key WHERE tenant_id = $1 AND key = $2 AND expires_at < now()', [tenantId, key]);
}

/** A claimed key given back after a server error (no answer stored: a retry may run again). */
export async function deleteUnansweredIdempotencyKey(tx: Tx, tenantId: string, key: string): Promise<void> {
  await tx.exec('DELETE FROM idempotency_key WHERE tenant_id = $1 AND key = $2 AND status_code IS NULL', [tenantId, key]);
}

/** The answer a retry with the key replays (status and body). */
export async function storeIdempotencyAnswer(tx: Tx, tenantId: string, key: string, statusCode: number, body: unknown): Promise<void> {
  await tx.exec('UPDATE idempotency_key SET status_code = $3, response = $4::jsonb WHERE tenant_id = $1 AND key = $2', [
    tenantId,
    key,
    statusCode,
    JSON.stringify(body),
  ]);
}
