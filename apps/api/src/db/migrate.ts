/**
 * Forward-only SQL migrations: `src/db/migrations/NNNN_name.sql`, applied in
 * name order, each in its own transaction, recorded with a checksum in
 * `schema_migrations`. A migration that changed after it was applied stops the
 * start-up (write a new migration instead). Identical on PGlite and PostgreSQL.
 * After them, the SQL functions of `src/db/functions` whose files changed
 * (functions.ts): functions are written there, not in migrations. A migration
 * whose first line is `-- functions: a, b` gets those files applied first, in
 * its transaction (the functions of the triggers it creates).
 *
 * Number ranges by area keep parallel work from colliding:
 * 0001-0099 platform, 0100-0199 ledger, 0200-0299 access, 0300-0399 members,
 * 0400-0499 products and savings, 0500-0599 web support, 0600+ later modules.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';
import { applyFunctionFilesIn, applyFunctions, functionsNeededBy } from './functions.ts';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = migrationsDir): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export async function migrate(db: Db, log: (msg: string) => void = () => undefined): Promise<string[]> {
  await db.owner(async (tx) => {
    // Two servers starting on an empty database would both run CREATE TABLE IF NOT EXISTS, and the second can
    // fail on pg_type's unique index: the same advisory lock as the migrations makes them take turns.
    await tx.query('SELECT pg_advisory_xact_lock(727001)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied = new Map(
    (await db.owner((tx) => tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations'))).map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  const done: string[] = [];
  for (const m of listMigrations()) {
    const seen = applied.get(m.name);
    if (seen) {
      if (seen !== m.checksum) {
        throw new Error(`migration ${m.name} changed after it was applied; add a new migration instead`);
      }
      continue;
    }
    await db.owner(async (tx) => {
      // Two servers starting together: the advisory lock lets one apply, the other waits and skips.
      await tx.query('SELECT pg_advisory_xact_lock(727001)');
      const again = await tx.one('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
      if (again) return;
      // A trigger's function must exist before the migration that creates the trigger: its first line names them.
      await applyFunctionFilesIn(tx, functionsNeededBy(m.sql));
      await tx.script(m.sql);
      await tx.exec('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
    });
    log(`migration applied: ${m.name}`);
    done.push(m.name);
  }
  // PostgreSQL: the application's login role (not superuser, not owner), created or corrected by the owner.
  await db.ensureAppLogin?.();
  // Then the live SQL functions (src/db/functions) whose files changed.
  await applyFunctions(db, log);
  return done;
}
