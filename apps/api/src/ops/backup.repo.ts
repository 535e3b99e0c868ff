/** SQL of backup and restore (backup.ts), on the owner's own connections: PostgreSQL's `pg.Client`, PGlite. */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { APP_ROLE } from '../db/db.ts';

/** Tables of the public schema (a restore goes only into an empty database). */
export async function tableCount(c: pg.Client): Promise<number> {
  const r = await c.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  return r.rows[0].n as number;
}

/** Creates the application's role when the cluster lacks it (cluster-wide; another may be creating it). */
export async function ensureAppRole(c: pg.Client): Promise<void> {
  await c.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOINHERIT NOBYPASSRLS;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
}

/** One statement, so a data directory that does not open fails here. */
export async function ping(db: PGlite): Promise<void> {
  await db.query('SELECT 1');
}
