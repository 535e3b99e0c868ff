/**
 * Live SQL functions: `src/db/functions/<name>.sql`, one file per function
 * name (its every overload, with its grants), the one place to read and change
 * a function's current body. Applied after the migrations (`migrate`) whenever
 * a file's content changed since it was last applied, like Flyway's repeatable
 * migrations; `schema_functions` (migration 0406) records the checksums.
 * New functions go here, never in a migration; a migration only drops a
 * function (or an overload) that no file defines any more.
 *
 * `functionDrift` compares the database's functions with the files (the test
 * `sql-functions.test.ts` fails on any difference): in a transaction that is
 * rolled back it creates every file in a scratch schema placed first on the
 * search path, and compares definitions and grants, overload by overload.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Tx } from './db.ts';

export const functionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export interface FunctionFile {
  name: string;
  sql: string;
  checksum: string;
}

export function listFunctionFiles(dir = functionsDir): FunctionFile[] {
  return readdirSync(dir)
    .filter((f) => /^[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = readFileSync(path.join(dir, f), 'utf8');
      return { name: f.slice(0, -4), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Runs the files whose content changed since they were last applied; returns their names. */
export async function applyFunctions(db: Db, log: (msg: string) => void = () => undefined): Promise<string[]> {
  const files = listFunctionFiles();
  const seen = new Map(
    (await db.owner((tx) => tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions'))).map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  const changed = files.filter((f) => seen.get(f.name) !== f.checksum);
  if (changed.length === 0) return [];
  await db.owner(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727001)');
    // A function's body may call one created later in this loop: bodies are checked when they run.
    await tx.exec('SET LOCAL check_function_bodies = off');
    await tx.exec('SET LOCAL search_path = public');
    for (const f of changed) {
      const again = await tx.one<{ checksum: string }>('SELECT checksum FROM schema_functions WHERE name = $1', [f.name]);
      if (again?.checksum === f.checksum) continue;
      await tx.script(f.sql);
      await tx.exec(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [f.name, f.checksum],
      );
      log(`function applied: ${f.name}`);
    }
  });
  return changed.map((f) => f.name);
}

/**
 * The function files a migration names on its first line, `-- functions: a, b`: a trigger it creates needs its
 * function before the migration runs (functions are otherwise applied after every migration). Applied inside the
 * migration's transaction, before its script, and recorded, so the step after the migrations skips them.
 */
export function functionsNeededBy(migrationSql: string): string[] {
  const m = /^--\s*functions:\s*(.+)$/m.exec(migrationSql.split('\n', 1)[0] ?? '');
  return m
    ? m[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : [];
}

/** Applies the named function files in the caller's owner transaction and records their checksums. */
export async function applyFunctionFilesIn(tx: Tx, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const byName = new Map(listFunctionFiles().map((f) => [f.name, f]));
  const before = await tx.one<{ bodies: string; path: string }>(
    "SELECT current_setting('check_function_bodies') AS bodies, current_setting('search_path') AS path",
  );
  await tx.exec('SET LOCAL check_function_bodies = off');
  await tx.exec('SET LOCAL search_path = public');
  for (const name of names) {
    const f = byName.get(name);
    if (!f) throw new Error(`a migration needs src/db/functions/${name}.sql, which does not exist`);
    await tx.script(f.sql);
    await tx.exec(
      `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [f.name, f.checksum],
    );
  }
  // The migration itself runs with the transaction's settings as they were.
  await tx.query("SELECT set_config('check_function_bodies', $1, true), set_config('search_path', $2, true)", [
    before?.bodies ?? 'on',
    before?.path ?? 'public',
  ]);
}

interface Defined {
  signature: string;
  def: string;
  acl: string | null;
}

async function definitions(tx: Tx, schema: string): Promise<Map<string, Defined>> {
  const rows = await tx.query<{ signature: string; def: string; acl: string | null }>(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
            pg_get_functiondef(p.oid) AS def, p.proacl::text AS acl
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
    [schema],
  );
  return new Map(
    rows.map((r) => [r.signature, { signature: r.signature, def: r.def.replace(`FUNCTION ${schema}.`, 'FUNCTION '), acl: r.acl }]),
  );
}

/**
 * What differs between the database's functions (schema public, extensions
 * left out) and the files: one line per overload that is only in the
 * database, only in the files, or defined or granted differently. Empty when
 * they agree. Changes nothing (its transaction is rolled back).
 */
export async function functionDrift(db: Db): Promise<string[]> {
  const rollback = new Error('rollback');
  let drift: string[] = [];
  try {
    await db.owner(async (tx) => {
      drift = await functionDriftIn(tx);
      throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
  }
  return drift;
}

/** `functionDrift` inside the caller's owner transaction, which must be rolled back (it leaves a scratch schema). */
export async function functionDriftIn(tx: Tx): Promise<string[]> {
  const drift: string[] = [];
  const scratch = `fn_check_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await tx.exec(`CREATE SCHEMA ${scratch}`);
  await tx.exec(`SET LOCAL search_path = ${scratch}, public`);
  await tx.exec('SET LOCAL check_function_bodies = off');
  const live = await definitions(tx, 'public');
  for (const f of listFunctionFiles()) await tx.script(f.sql);
  const filed = await definitions(tx, scratch);
  for (const [sig, d] of live) {
    const f = filed.get(sig);
    if (!f) drift.push(`${sig}: in the database, in no file of src/db/functions`);
    else if (f.def !== d.def) drift.push(`${sig}: the database's definition differs from src/db/functions`);
    else if (f.acl !== d.acl) drift.push(`${sig}: grants differ (database ${d.acl}, file ${f.acl})`);
  }
  for (const sig of filed.keys()) if (!live.has(sig)) drift.push(`${sig}: in src/db/functions, not in the database`);
  return drift.sort();
}
