/** The job runner's SQL: progress rows (job_run), done items (job_item), and the owner's reads of the daily tick. */
import type { Tx } from '../../db/db.ts';

export interface JobRunRow {
  id: string;
  name: string;
  key: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  done: number;
  total: number | null;
  cursor: string | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** Every cooperative with its time zone (run by the job queue as the owner; only ids and zones). */
export const COOPERATIVE_ZONES = `SELECT t.tenant_id::text AS id, COALESCE(c.value #>> '{}', 'Asia/Jakarta') AS tz
  FROM tenant t LEFT JOIN tenant_config c ON c.tenant_id = t.tenant_id AND c.key = 'timeZone'`;

/** Of `tenant:key` pairs ($2), those whose run of job $1 is done. */
export const DONE_RUNS = `SELECT tenant_id::text || ':' || key AS k FROM job_run
  WHERE name = $1 AND status = 'DONE' AND tenant_id::text || ':' || key = ANY($2::text[])`;

/** The run of (name, key), created RUNNING or started again (a FAILED run keeps its cursor); a DONE run as it is. */
export async function claimRun(tx: Tx, name: string, key: string, userId: string | null, id?: string): Promise<JobRunRow> {
  const row = await tx.one<JobRunRow>(
    `INSERT INTO job_run (tenant_id, id, name, key, status, attempts, created_by)
     VALUES (app_tenant(), COALESCE($4::uuid, gen_random_uuid()), $1, $2, 'RUNNING', 1, $3)
     ON CONFLICT (tenant_id, name, key) DO UPDATE
       SET status = CASE WHEN job_run.status = 'DONE' THEN 'DONE' ELSE 'RUNNING' END,
           attempts = job_run.attempts + CASE WHEN job_run.status = 'DONE' THEN 0 ELSE 1 END,
           error = CASE WHEN job_run.status = 'DONE' THEN job_run.error END,
           updated_at = now()
     RETURNING *`,
    [name, key, userId, id ?? null],
  );
  return row!;
}

export async function setTotal(tx: Tx, runId: string, total: number | null): Promise<void> {
  await tx.exec('UPDATE job_run SET total = $2 WHERE tenant_id = app_tenant() AND id = $1', [runId, total]);
}

/** The run, locked for this chunk (one chunk of a run at a time, whoever runs it). */
export async function lockRun(tx: Tx, runId: string): Promise<JobRunRow | undefined> {
  return tx.one<JobRunRow>('SELECT * FROM job_run WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [runId]);
}

/** Marks these items done in the run; answers the ones not done before (the others are left alone). */
export async function claimItems(tx: Tx, runId: string, keys: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ item_key: string }>(
    `INSERT INTO job_item (tenant_id, run_id, item_key)
     SELECT app_tenant(), $1, k FROM unnest($2::text[]) AS k
     ON CONFLICT DO NOTHING RETURNING item_key`,
    [runId, keys],
  );
  return new Set(rows.map((r) => r.item_key));
}

export async function advance(tx: Tx, runId: string, cursor: string, n: number): Promise<void> {
  await tx.exec('UPDATE job_run SET cursor = $2, done = done + $3, updated_at = now() WHERE tenant_id = app_tenant() AND id = $1', [
    runId,
    cursor,
    n,
  ]);
}

/** A parallel chunk's step: the done count, and the cursor when the chunk knows a safe one (null: left as it is). */
export async function advanceParallel(tx: Tx, runId: string, cursor: string | null, n: number): Promise<number> {
  const r = await tx.one<{ done: number }>(
    `UPDATE job_run SET cursor = COALESCE($2, cursor), done = done + $3, updated_at = now() WHERE tenant_id = app_tenant() AND id = $1
     RETURNING done`,
    [runId, cursor, n],
  );
  return r?.done ?? 0;
}

export async function finish(tx: Tx, runId: string, status: 'DONE' | 'FAILED', error: string | null): Promise<JobRunRow | undefined> {
  return tx.one<JobRunRow>(
    `UPDATE job_run SET status = $2, error = $3, updated_at = now(), finished_at = now()
     WHERE tenant_id = app_tenant() AND id = $1 RETURNING *`,
    [runId, status, error],
  );
}

export async function findRun(tx: Tx, runId: string, startedBy: string | null = null): Promise<JobRunRow | undefined> {
  return tx.one<JobRunRow>(
    'SELECT * FROM job_run WHERE tenant_id = app_tenant() AND id = $1 AND ($2::uuid IS NULL OR created_by = $2::uuid)',
    [runId, startedBy],
  );
}

/** The run of (name, key), locked. */
export async function lockRunByKey(tx: Tx, name: string, key: string): Promise<JobRunRow | undefined> {
  return tx.one<JobRunRow>('SELECT * FROM job_run WHERE tenant_id = app_tenant() AND name = $1 AND key = $2 FOR UPDATE', [name, key]);
}
