/**
 * One database interface over two engines: PostgreSQL (node-postgres pool) and
 * the embedded PGlite (PostgreSQL compiled to WebAssembly, one connection).
 * The same SQL and migrations run on both. The pieces: core.ts (the interfaces,
 * parsers and transaction context), pg.ts, pglite.ts, login-role.ts.
 *
 * Three ways in:
 *  - `tenant(tenantId, fn)`: a transaction as the unprivileged role
 *    `koperasi_app` with `app.tenant_id` set locally, so row-level security
 *    confines every statement to that tenant. Every request uses this.
 *  - `app(fn)`: a transaction as `koperasi_app` with no tenant: only global
 *    tables and the SECURITY DEFINER lookups of the auth module are reachable.
 *  - `owner(fn)`: a transaction as the connecting (owner) role: migrations,
 *    seeds and benchmarks only.
 *
 * Values: NUMERIC arrives as `Dec` (exact, JSON-serialised as a number), DATE
 * as 'YYYY-MM-DD' text, INT8 as a JS number, timestamps as `Date`.
 */
import type { Db } from './core.ts';
import { createPgDb } from './pg.ts';
import { createPgliteDb } from './pglite.ts';

export { APP_ROLE, type Db, isUuid, type Sql, sqlLiteral, type TenantTxOptions, type Tx } from './core.ts';
export { appLoginPassword, appLoginUrl, type PgOptions } from './login-role.ts';
export { createPgDb, STATEMENT_TIMEOUT_MS } from './pg.ts';
export { createPgliteDb } from './pglite.ts';

export async function createDb(opts: {
  databaseUrl?: string;
  /** APP_DATABASE_URL (PostgreSQL). */
  appDatabaseUrl?: string;
  /** PGlite's directory. */
  dataDir?: string;
  /** DATA_DIR, where the derived password of the application's login role is kept (PostgreSQL). */
  secretsDir?: string;
  poolSize?: number;
}): Promise<Db> {
  if (opts.databaseUrl) return createPgDb(opts.databaseUrl, opts.poolSize, { appUrl: opts.appDatabaseUrl, dataDir: opts.secretsDir });
  return createPgliteDb(opts.dataDir);
}
