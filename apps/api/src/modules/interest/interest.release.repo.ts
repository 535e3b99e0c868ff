/**
 * SQL of the savings interest release row (`saving_interest_release`) and of the release's cancellation
 * (interest.service.ts), the consolidation and the upload (figures.post.ts). docs/interest.md "Release".
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface SavingReleaseRow {
  id: string;
  start_date: string;
  end_date: string;
  product_id: string | null;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  cursor: string | null;
  accounts: number;
  chunks: number;
  total_gross: Dec;
  total_tax: Dec;
  total_admin: Dec;
  total_net: Dec;
  created_date: Date;
  finished_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

const RELEASE_SELECT = `id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, product_id, status, cursor,
  accounts, chunks, total_gross, total_tax, total_admin, total_net, created_date, finished_at, cancelled_at, cancel_reason`;

/** One release row (FOR UPDATE when `lock`). */
export const findRelease = (tx: Tx, id: string, lock = false) =>
  tx.one<SavingReleaseRow>(
    `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() AND id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );

/** The RUNNING release of this period and product, if any. */
export const runningRelease = (tx: Tx, start: string, end: string, productId: string | null) =>
  tx.one<SavingReleaseRow>(
    `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() AND start_date = $1 AND end_date = $2
       AND product_id IS NOT DISTINCT FROM $3::uuid AND status = 'RUNNING'`,
    [start, end, productId],
  );

/** Whether `id` is a savings interest release of this cooperative. */
export async function releaseExists(tx: Tx, id: string): Promise<boolean> {
  return !!(await tx.one('SELECT 1 FROM saving_interest_release WHERE tenant_id = app_tenant() AND id = $1', [id]));
}

/** Savings interest releases, newest first, one page, and their count. */
export async function releasePage(tx: Tx, page: number, limit: number) {
  const n = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM saving_interest_release WHERE tenant_id = app_tenant()'))!.n;
  const rows = await tx.query<SavingReleaseRow>(
    `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() ORDER BY created_date DESC, id LIMIT $1 OFFSET $2`,
    [limit, page * limit],
  );
  return { rows, total: n };
}

/** A RUNNING savings interest release row; undefined when one is running already (for the period and product). */
export async function insertRelease(tx: Tx, start: string, end: string, userId: string | null, productId: string | null = null) {
  return tx.one<{ id: string }>(
    `INSERT INTO saving_interest_release (tenant_id, start_date, end_date, product_id, status, created_by)
     VALUES (app_tenant(), $1, $2, $3, 'RUNNING', $4) ON CONFLICT DO NOTHING RETURNING id`,
    [start, end, productId, userId],
  );
}

/** Adds a chunk's figures to the release row (and moves its cursor when given). */
export async function addToRelease(
  tx: Tx,
  releaseId: string,
  s: { accounts: number; gross: Dec; tax: Dec; admin: Dec; net: Dec },
  cursor: string | null,
) {
  await tx.exec(
    `UPDATE saving_interest_release SET cursor = coalesce($2::uuid, cursor), accounts = accounts + $3, chunks = chunks + 1, total_gross = total_gross + $4,
            total_tax = total_tax + $5, total_admin = total_admin + $6, total_net = total_net + $7
     WHERE tenant_id = app_tenant() AND id = $1`,
    [releaseId, cursor, s.accounts, s.gross.toFixed(2), s.tax.toFixed(2), s.admin.toFixed(2), s.net.toFixed(2)],
  );
}

/** Closes a release row (RELEASED). */
export async function finishRelease(tx: Tx, releaseId: string) {
  await tx.exec(`UPDATE saving_interest_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
    releaseId,
  ]);
}

/** SQL `saving_interest_chunk`: one chunk of the release computed and posted (args as the function takes them). */
export async function callInterestChunk(tx: Tx, args: unknown[]) {
  return (await tx.one<{ accounts: number; gross: string; tax: string; admin: string; net: string; journal_id: string | null }>(
    'SELECT * FROM saving_interest_chunk($1, $2::uuid[], $3::date, $4::date, $5::uuid, $6::uuid, $7, $8, $9, $10)',
    args,
  ))!;
}

export interface InterestRow {
  id: string;
  saving_id: string;
  gross: Dec;
  tax: Dec;
  admin_fee: Dec;
  net: Dec;
  tax_subject: string;
  tax_month: string;
  journal_id: string;
  end_date: string;
}

/** The live (POSTED) interest rows of a release, in account order. */
export function postedInterestOf(tx: Tx, releaseId: string) {
  return tx.query<InterestRow>(
    `SELECT id, saving_id, gross, tax, admin_fee, net, tax_subject, to_char(tax_month, 'YYYY-MM-DD') AS tax_month, journal_id,
            to_char(end_date, 'YYYY-MM-DD') AS end_date
     FROM saving_interest WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED' ORDER BY saving_id`,
    [releaseId],
  );
}

/** Marks a cancelled release's rows: its movements (by their journals), its interest rows and the release row. */
export async function markReleaseCancelled(tx: Tx, releaseId: string, journalIds: string[], userId: string | null, reason: string) {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND journal_id = ANY($1::uuid[]) AND status = 'POSTED'`,
    [`{${journalIds.join(',')}}`, userId, reason],
  );
  await tx.exec(
    `UPDATE saving_interest SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED'`,
    [releaseId],
  );
  await tx.exec(
    `UPDATE saving_interest_release SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [releaseId, userId, reason],
  );
}
