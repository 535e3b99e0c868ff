/** SQL of the interest upload (interest-upload.service.ts): uploads, their rows, the confirm's writes. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { CellError } from './interest-upload.sheet.ts';

export interface UploadRow {
  id: string;
  release_date: string;
  file_name: string | null;
  rows: number;
  failed: number;
  total_gross: Dec;
  status: 'UPLOADED' | 'SUPERSEDED' | 'CONFIRMED';
  release_id: string | null;
  release_status: string | null;
  created_date: Date;
  confirmed_at: Date | null;
}

const UPLOAD_SELECT = `u.id, to_char(u.release_date, 'YYYY-MM-DD') AS release_date, u.file_name, u.rows, u.failed, u.total_gross, u.status,
  u.release_id, r.status AS release_status, u.created_date, u.confirmed_at`;
const UPLOAD_FROM = 'interest_upload u LEFT JOIN saving_interest_release r ON r.tenant_id = u.tenant_id AND r.id = u.release_id';

/** The date's current upload (the newest not superseded). */
export const currentUpload = (tx: Tx, date: string, lock = false) =>
  tx.one<UploadRow>(
    `SELECT ${UPLOAD_SELECT} FROM ${UPLOAD_FROM} WHERE u.tenant_id = app_tenant() AND u.release_date = $1 AND u.status <> 'SUPERSEDED'
     ORDER BY u.created_date DESC, u.id DESC LIMIT 1${lock ? ' FOR UPDATE OF u' : ''}`,
    [date],
  );

export interface AccountInfo {
  id: string;
  account_number: string;
  member_id: string;
  kind: string;
  saving_type: string | null;
  status: string;
}

/** Savings accounts by number. */
export async function accountsByNumber(tx: Tx, numbers: string[]) {
  return tx.query<AccountInfo>(
    `SELECT id, account_number, member_id, kind, saving_type, status FROM member_saving WHERE tenant_id = app_tenant() AND account_number = ANY($1::text[])`,
    [numbers],
  );
}

/** The date's unconfirmed uploads, superseded by a new one. */
export async function supersedeUploads(tx: Tx, releaseDate: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_upload SET status = 'SUPERSEDED' WHERE tenant_id = app_tenant() AND release_date = $1 AND status = 'UPLOADED'`,
    [releaseDate],
  );
}

/** A new upload row: [release date, file name, rows, failed, total gross, created by]. */
export async function insertUpload(tx: Tx, values: unknown[]) {
  return tx.one<{ id: string }>(
    `INSERT INTO interest_upload (tenant_id, release_date, file_name, rows, failed, total_gross, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6) RETURNING id`,
    values,
  );
}

/** A chunk of an upload's rows (JSON, as jsonb_to_recordset reads them). */
export async function insertUploadRows(tx: Tx, uploadId: string, part: string): Promise<void> {
  await tx.exec(
    `INSERT INTO interest_upload_row (tenant_id, upload_id, row_no, account_number, saving_id, member_id, gross, admin_fee, description, raw, errors, status)
     SELECT app_tenant(), $1, x.n, x.a, x.s, x.m, x.g, x.f, x.d, x.raw, x.e, x.st
     FROM jsonb_to_recordset($2::jsonb) AS x(n int, a text, s uuid, m uuid, g numeric, f numeric, d text, raw jsonb, e jsonb, st text)`,
    [uploadId, part],
  );
}

export async function findUpload(tx: Tx, id: string) {
  return tx.one<UploadRow>(`SELECT ${UPLOAD_SELECT} FROM ${UPLOAD_FROM} WHERE u.tenant_id = app_tenant() AND u.id = $1`, [id]);
}

/** How many uploads are not superseded. */
export async function countUploads(tx: Tx): Promise<number> {
  return (await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM interest_upload WHERE tenant_id = app_tenant() AND status <> 'SUPERSEDED'`,
  ))!.n;
}

/** A page of the uploads not superseded, newest date first. */
export async function uploadsPage(tx: Tx, limit: number, offset: number) {
  return tx.query<UploadRow>(
    `SELECT ${UPLOAD_SELECT} FROM ${UPLOAD_FROM} WHERE u.tenant_id = app_tenant() AND u.status <> 'SUPERSEDED'
     ORDER BY u.release_date DESC, u.created_date DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export interface RowRow {
  row_no: number;
  account_number: string | null;
  saving_id: string | null;
  member_name: string | null;
  cif_number: string | null;
  gross: Dec | null;
  admin_fee: Dec | null;
  tax: Dec | null;
  description: string | null;
  raw: Record<string, string>;
  errors: CellError[];
  status: string;
}

const ROW_WHERE = `x.tenant_id = app_tenant() AND x.upload_id = $1 AND ($2::text IS NULL OR x.status = $2)`;

/** An upload's row count and totals (status: only rows of it, or all). */
export async function rowTotals(tx: Tx, uploadId: string, status: string | null) {
  return (await tx.one<{ n: number; gross: Dec; admin: Dec; tax: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(x.gross), 0) AS gross, coalesce(sum(x.admin_fee), 0) AS admin, coalesce(sum(x.tax), 0) AS tax
     FROM interest_upload_row x WHERE ${ROW_WHERE}`,
    [uploadId, status],
  ))!;
}

/** An upload's rows in order (page: limit and offset, or every row). */
export async function uploadRows(tx: Tx, uploadId: string, status: string | null, page: { limit: number; offset: number } | null) {
  return tx.query<RowRow>(
    `SELECT x.row_no, x.account_number, x.saving_id, m.full_name AS member_name, m.cif_number, x.gross, x.admin_fee, x.tax, x.description,
            x.raw, x.errors, x.status
     FROM interest_upload_row x LEFT JOIN member m ON m.tenant_id = x.tenant_id AND m.id = x.member_id
     WHERE ${ROW_WHERE} ORDER BY x.row_no ${page ? 'LIMIT $3 OFFSET $4' : ''}`,
    page ? [uploadId, status, page.limit, page.offset] : [uploadId, status],
  );
}

/** The upload's valid rows after a row number, in order. */
export async function validRowsAfter(tx: Tx, uploadId: string, after: number, limit: number) {
  return tx.query<{ row_no: number; saving_id: string; gross: Dec; admin_fee: Dec }>(
    `SELECT row_no, saving_id, gross, admin_fee FROM interest_upload_row WHERE tenant_id = app_tenant() AND upload_id = $1 AND status = 'VALID'
       AND row_no > $2 ORDER BY row_no LIMIT $3`,
    [uploadId, after, limit],
  );
}

/** A posted chunk's results on the upload's rows (JSON of { s: saving id, p: posted, t: tax, f: admin fee }). */
export async function markRowResults(tx: Tx, uploadId: string, results: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_upload_row x SET status = CASE WHEN y.p THEN 'POSTED' ELSE 'SKIPPED' END, tax = y.t,
            admin_fee = CASE WHEN y.p THEN y.f ELSE x.admin_fee END
     FROM jsonb_to_recordset($2::jsonb) AS y(s uuid, p boolean, t numeric, f numeric)
     WHERE x.tenant_id = app_tenant() AND x.upload_id = $1 AND x.saving_id = y.s AND x.status = 'VALID'`,
    [uploadId, results],
  );
}

/** The release a confirm posts into, recorded before its first chunk (a resumed confirm finds it here). */
export async function setUploadRelease(tx: Tx, id: string, releaseId: string): Promise<void> {
  await tx.exec('UPDATE interest_upload SET release_id = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, releaseId]);
}

export async function markConfirmed(tx: Tx, id: string, releaseId: string, userId: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_upload SET status = 'CONFIRMED', release_id = $2, confirmed_at = now(), confirmed_by = $3 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, releaseId, userId],
  );
}
