/**
 * SQL of member uploads: the job row (members.upload.ts, members.upload.jobs.ts), its row results, and one batch's
 * lookup and write (members.upload.db.ts). An agent's reads are scoped to the uploads it made: pass its user id as
 * `agentId` (null for staff who see every upload).
 */
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { memberColumns } from './members.columns.ts';
import { agentScopeSql } from './members.repo.ts';

export interface JobRow {
  id: string;
  file_name: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  total_rows: number;
  processed_rows: number;
  success_rows: number;
  skipped_rows: number;
  failed_rows: number;
  message: string | null;
  created_date: Date;
  updated_date: Date;
  finished_date: Date | null;
}

/** Who started or finished an upload, for its audit entries (the request's context). */
export type UploadActor = Pick<Ctx, 'userId' | 'requestId' | 'ip' | 'userAgent'>;

/** ` AND created_by = $n` for an agent (it sees only the uploads it made). */
function jobScope(agentId: string | null, param: string): string {
  return agentId !== null ? ` AND created_by = ${param}` : '';
}

// ---------------------------------------------------------------- creating and finishing a job

/** Uploads of one file take turns: the lock is held until the transaction ends. */
export async function lockUploadFile(tx: Tx, key: string): Promise<void> {
  await tx.exec('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/** The running or done job of a file. */
export async function liveJobOfFile(tx: Tx, hash: string) {
  return tx.one<JobRow>(
    `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND file_hash = $1 AND status IN ('RUNNING', 'DONE')`,
    [hash],
  );
}

/** The latest stopped (FAILED) job of a file set RUNNING again, or undefined. */
export async function resumeFailedJob(tx: Tx, hash: string, dataRows: number) {
  return tx.one<JobRow>(
    `UPDATE member_upload_job SET status = 'RUNNING', message = NULL, finished_date = NULL, total_rows = $2
       WHERE tenant_id = app_tenant() AND id = (
         SELECT id FROM member_upload_job WHERE tenant_id = app_tenant() AND file_hash = $1 AND status = 'FAILED'
         ORDER BY created_date DESC, id DESC LIMIT 1)
       RETURNING *`,
    [hash, dataRows],
  );
}

/** A new RUNNING job, or undefined when another upload of the file made one meanwhile. */
export async function insertJob(tx: Tx, v: { fileName: string; hash: string; size: number; dataRows: number; userId: Ctx['userId'] }) {
  return tx.one<JobRow>(
    `INSERT INTO member_upload_job (tenant_id, file_name, file_hash, file_size, status, total_rows, created_by)
       VALUES (app_tenant(), $1, $2, $3, 'RUNNING', $4, $5)
       ON CONFLICT (tenant_id, file_hash) WHERE status IN ('RUNNING', 'DONE') DO NOTHING RETURNING *`,
    [v.fileName, v.hash, v.size, v.dataRows, v.userId],
  );
}

/** The job's audit entry (`member.upload_start`, `member.upload_resume`, `member.upload_done`). */
export async function auditJob(tx: Tx, a: UploadActor, action: string, jobId: string, after: unknown): Promise<void> {
  await tx.exec(
    `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, after, request_id, ip, user_agent)
       VALUES (app_tenant(), $1, $2, 'member_upload_job', $3, $4::jsonb, $5, $6, $7)`,
    [a.userId, action, jobId, JSON.stringify(after), a.requestId, a.ip, a.userAgent?.slice(0, 500) ?? null],
  );
}

/** Marks the job FAILED if it is still RUNNING at `committed` rows; the number of rows changed. */
export async function failJobAt(tx: Tx, jobId: string, reason: string, committed: number) {
  return tx.exec(
    `UPDATE member_upload_job SET status = 'FAILED', message = $2, finished_date = now()
           WHERE tenant_id = app_tenant() AND id = $1 AND status = 'RUNNING' AND processed_rows = $3`,
    [jobId, reason, committed],
  );
}

/** The job, locked, while it is RUNNING at exactly `committed` rows. */
export async function lockRunningJobAt(tx: Tx, jobId: string, committed: number) {
  return tx.one<JobRow>(
    `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1 AND status = 'RUNNING' AND processed_rows = $2 FOR UPDATE`,
    [jobId, committed],
  );
}

export async function markJobDone(tx: Tx, jobId: string, message: string): Promise<void> {
  await tx.exec(
    `UPDATE member_upload_job SET status = 'DONE', total_rows = processed_rows, message = $2, finished_date = now()
       WHERE tenant_id = app_tenant() AND id = $1`,
    [jobId, message],
  );
}

/** The branches and areas an upload's rows may name (member uploads, the migration's member sheet). */
export async function uploadBranches(tx: Tx) {
  return tx.query<{ id: string; code: string | null; name: string }>('SELECT id, code, name FROM branch WHERE tenant_id = app_tenant()');
}

export async function uploadAreas(tx: Tx) {
  return tx.query<{ id: string; name: string }>('SELECT id, name FROM area WHERE tenant_id = app_tenant()');
}

// ---------------------------------------------------------------- reading jobs

export async function findJob(tx: Tx, jobId: string, agentId: string | null) {
  return tx.one<JobRow>(
    `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(agentId, '$2::uuid')}`,
    agentId !== null ? [jobId, agentId] : [jobId],
  );
}

/** A RUNNING job whose progress stopped moving, marked FAILED with the reason (undefined when it is no longer RUNNING). */
export async function failStaleJob(tx: Tx, jobId: string, reason: string) {
  return tx.one<JobRow>(
    `UPDATE member_upload_job SET status = 'FAILED', message = $2, finished_date = now()
         WHERE tenant_id = app_tenant() AND id = $1 AND status = 'RUNNING' RETURNING *`,
    [jobId, reason],
  );
}

export async function pageOfJobs(tx: Tx, agentId: string | null, page: number, limit: number) {
  const params = agentId !== null ? [agentId] : [];
  const rows = await tx.query<JobRow>(
    `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant()${jobScope(agentId, '$1::uuid')}
       ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${page * limit}`,
    params,
  );
  const n = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_upload_job WHERE tenant_id = app_tenant()${jobScope(agentId, '$1::uuid')}`,
    params,
  );
  return { rows, total: n?.n ?? 0 };
}

export async function jobExists(tx: Tx, jobId: string, agentId: string | null): Promise<boolean> {
  const j = await tx.one(
    `SELECT 1 FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(agentId, '$2::uuid')}`,
    agentId !== null ? [jobId, agentId] : [jobId],
  );
  return Boolean(j);
}

export interface JobResultRow {
  row_number: number;
  status: 'FAILED' | 'SKIPPED';
  message: string;
  member_id: string | null;
  data: Record<string, unknown>;
  in_scope: boolean;
}

/** One page of a job's failed and skipped rows (optionally of one status) and their count. */
export async function pageOfJobRows(
  tx: Tx,
  jobId: string,
  agentId: string | null,
  q: { page: number; limit: number; status?: 'FAILED' | 'SKIPPED' },
) {
  const params: unknown[] = [jobId, agentId];
  let filter = '';
  if (q.status) {
    params.push(q.status);
    filter = ' AND status = $3';
  }
  const rows = await tx.query<JobResultRow>(
    // A skipped row names a member: an agent sees it only when the member is in the agent's scope.
    `SELECT r.row_number, r.status, r.message, r.member_id,
              -- A row's data is answered only while it is of a sane size (files read before the cell limit may hold more).
              CASE WHEN octet_length(r.data::text) <= 65536 THEN r.data ELSE '{}'::jsonb END AS data,
              (r.member_id IS NULL OR $2::uuid IS NULL OR EXISTS (
                SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = r.member_id AND ${agentScopeSql('m', '$2::uuid')})) AS in_scope
       FROM member_upload_row r
       WHERE r.tenant_id = app_tenant() AND r.job_id = $1${filter.replace('status', 'r.status')}
       ORDER BY r.row_number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
    params,
  );
  const n = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_upload_row WHERE tenant_id = app_tenant() AND job_id = $1${q.status ? ' AND status = $2' : ''}`,
    q.status ? [jobId, q.status] : [jobId],
  );
  return { rows, total: n?.n ?? 0 };
}

export async function jobFileName(tx: Tx, jobId: string, agentId: string | null) {
  return tx.one<{ file_name: string }>(
    `SELECT file_name FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(agentId, '$2::uuid')}`,
    agentId !== null ? [jobId, agentId] : [jobId],
  );
}

export async function failedJobRows(tx: Tx, jobId: string) {
  return tx.query<{ row_number: number; message: string; data: Record<string, string> }>(
    `SELECT row_number, message, data FROM member_upload_row WHERE tenant_id = app_tenant() AND job_id = $1 AND status = 'FAILED' ORDER BY row_number`,
    [jobId],
  );
}

// ---------------------------------------------------------------- one batch

/** The job's fence row, locked: its status and the rows committed so far. */
export async function lockJobFence(tx: Tx, jobId: string) {
  return tx.one<{ status: string; processed_rows: number }>(
    'SELECT status, processed_rows FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE',
    [jobId],
  );
}

export interface Holder {
  kind: 'identity' | 'phone' | 'cif';
  key: string;
  id: string;
  cif_number: string;
  full_name: string;
  /** False when the uploader is an agent who may not see this member: its name, CIF and id are not told. */
  in_scope: boolean;
}

/**
 * Live members holding these identity numbers or phones, and members holding
 * these CIF numbers: one index lookup per value (LATERAL ... LIMIT keeps each
 * an index lookup even while the statistics are stale mid-upload).
 */
export async function holders(
  tx: Tx,
  identities: string[],
  phones: string[],
  cifs: string[],
  agentUserId: string | null,
): Promise<Holder[]> {
  const cols = `m.id, m.cif_number, m.full_name, ($4::uuid IS NULL OR ${agentScopeSql('m', '$4::uuid')}) AS in_scope`;
  return tx.query<Holder>(
    `SELECT 'identity' AS kind, k.v AS key, h.* FROM unnest($1::text[]) AS k(v) CROSS JOIN LATERAL (
       SELECT ${cols} FROM member m
       WHERE m.tenant_id = app_tenant() AND m.is_active AND m.identity_number = k.v LIMIT 1) h
     UNION ALL
     SELECT 'phone', k.v, h.* FROM unnest($2::text[]) AS k(v) CROSS JOIN LATERAL (
       SELECT ${cols} FROM member m
       WHERE m.tenant_id = app_tenant() AND m.is_active AND m.phone = k.v LIMIT 1) h
     UNION ALL
     SELECT 'cif', k.v, h.* FROM unnest($3::text[]) AS k(v) CROSS JOIN LATERAL (
       SELECT ${cols} FROM member m
       WHERE m.tenant_id = app_tenant() AND m.cif_number = k.v LIMIT 1) h`,
    [identities, phones, cifs, agentUserId],
  );
}

/** Member columns an upload sets, with their SQL types (jsonb_to_recordset reads absent keys as NULL). */
const COLUMNS: Array<[string, string]> = memberColumns([
  'id',
  'cif_number',
  'full_name',
  'gender',
  'birth_place',
  'birth_date',
  'phone',
  'identity_type',
  'identity_number',
  'family_card_number',
  'address',
  'occupation',
  'member_type',
  'status',
  'join_date',
  'loan_limit',
  'group_name',
  'closest_family_name',
  'closest_family_relationship',
  'closest_family_phone',
  'branch_id',
  'area_id',
  'agent_id',
  'principal_status',
  'principal_owed',
]);
const COLUMN_LIST = COLUMNS.map(([c]) => c).join(', ');

/**
 * Members, audit entries, row results and job counters in one statement.
 * $1 members (jsonb array, with the file row number `row_n`), $2 actor,
 * $3 job, $4-$6 request id, ip and user agent of the audit entries,
 * $7 failed and skipped rows (jsonb array), $8-$11 the counts.
 */
const WRITE_SQL = `
WITH src AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(row_n int, ${COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
), ins AS (
  INSERT INTO member (tenant_id, ${COLUMN_LIST}, registration_channel, upload_job_id, registered_by, updated_by)
  SELECT app_tenant(), ${COLUMN_LIST}, 'UPLOAD', $3::uuid, $2::uuid, $2::uuid FROM src ORDER BY row_n
), aud AS (
  INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, after, request_id, ip, user_agent)
  SELECT app_tenant(), $2::uuid, 'member.upload', 'member', src.id::text,
         jsonb_build_object('jobId', $3::uuid, 'row', src.row_n, 'cifNumber', src.cif_number, 'fullName', src.full_name,
                            'memberType', src.member_type, 'identityNumber', src.identity_number),
         $4, $5, $6
  FROM src ORDER BY src.row_n
), res AS (
  INSERT INTO member_upload_row (tenant_id, job_id, row_number, status, message, data, member_id)
  SELECT app_tenant(), $3::uuid, x.row_number, x.status, x.message, x.data, x.member_id
  FROM jsonb_to_recordset($7::jsonb) AS x(row_number int, status text, message text, data jsonb, member_id uuid)
  ON CONFLICT (tenant_id, job_id, row_number) DO NOTHING
)
UPDATE member_upload_job SET processed_rows = processed_rows + $8, success_rows = success_rows + $9,
       skipped_rows = skipped_rows + $10, failed_rows = failed_rows + $11
WHERE tenant_id = app_tenant() AND id = $3`;

/**
 * One batch written: `members` (objects of the columns above, absent keys NULL, with the file row `row_n`), their
 * audit entries, the failed and skipped `results`, and the job's counters.
 */
export async function writeBatch(
  tx: Tx,
  jobId: string,
  a: UploadActor,
  members: Record<string, unknown>[],
  results: unknown[],
  counts: { rows: number; success: number; skipped: number; failed: number },
): Promise<void> {
  await tx.exec(WRITE_SQL, [
    JSON.stringify(members),
    a.userId,
    jobId,
    a.requestId,
    a.ip,
    a.userAgent?.slice(0, 500) ?? null,
    JSON.stringify(results),
    counts.rows,
    counts.success,
    counts.skipped,
    counts.failed,
  ]);
}
