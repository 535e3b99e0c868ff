/**
 * One database interface over two engines: PostgreSQL (node-postgres pool) and
 * the embedded PGlite (PostgreSQL compiled to WebAssembly, one connection).
 * The same SQL and migrations run on both.
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
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Dec } from '@koperasi/finance';
import pg from 'pg';

export const APP_ROLE = 'koperasi_app';

export interface Sql {
  /** Rows of a statement. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T | undefined>;
  /** Number of rows the statement touched. */
  exec(text: string, params?: unknown[]): Promise<number>;
  /** Several statements without parameters (migrations, seeds). */
  script(text: string): Promise<void>;
}

export interface Tx extends Sql {
  readonly tenantId: string | null;
  /** Runs after a successful COMMIT (notifications, cache updates); never on rollback. */
  afterCommit(fn: () => void | Promise<void>): void;
  /**
   * A statement without parameters (values written with `sqlLiteral`) run right
   * before COMMIT, in COMMIT's round trip; its failure rolls the transaction back.
   */
  beforeCommit(sql: string): void;
  /**
   * A statement without parameters run right after COMMIT, in COMMIT's round
   * trip, in its own transaction (it sees this one committed). It must not fail
   * (wrap it in a function that catches its errors): a failure is not reported
   * and the promise answers no rows. Resolves after COMMIT with its rows; never
   * on rollback.
   */
  afterCommitQuery<T = Record<string, unknown>>(sql: string): Promise<T[]>;
}

/**
 * A value as an SQL literal, for the parameterless statements above (and the
 * first statement of a transaction, which then travels with BEGIN): NULL,
 * booleans, finite numbers, decimals (`toFixed`), dates, and strings as E''
 * literals with quotes and backslashes doubled. Refuses NUL characters (no
 * PostgreSQL text holds them).
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('sqlLiteral: not a finite number');
    return String(v);
  }
  if (v instanceof Date) return sqlLiteral(v.toISOString());
  if (typeof v === 'object' && typeof (v as { toFixed?: unknown }).toFixed === 'function') {
    const t = (v as { toFixed: () => string }).toFixed();
    if (!/^-?\d+(\.\d+)?$/.test(t)) throw new Error('sqlLiteral: not a decimal');
    return `'${t}'`;
  }
  const t = String(v);
  if (t.includes('\0')) throw new Error('sqlLiteral: NUL character');
  return `E'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

export interface TenantTxOptions {
  /**
   * A statement without parameters run first in the transaction, in BEGIN's
   * round trip (a check that raises when the transaction must not go on).
   */
  first?: string;
}

export interface Db {
  readonly kind: 'postgres' | 'pglite';
  /** Transactions that can run at once (the pool's size; 1 on PGlite). */
  readonly slots: number;
  tenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>, opts?: TenantTxOptions): Promise<T>;
  app<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  owner<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** One statement outside any explicit transaction, as the app role. */
  appQuery<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL: creates or corrects the login role of the application's pool (run by the migration step, as the
   * owner). Absent on PGlite, which has no login roles.
   */
  ensureAppLogin?(): Promise<void>;
  /**
   * The job queue's (pg-boss's) way in, as the owner, outside the application's transactions: one statement with
   * parameters, or several without (pg-boss's own BEGIN ... COMMIT scripts). PostgreSQL: a small pool of its own;
   * PGlite: the one connection, taking its turn with the transactions. Answers the last statement's rows.
   */
  jobSql?(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID_RE.test(v);
}

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
const parseNumeric = (v: string) => new Dec(v);
const parseInt8 = (v: string) => Number(v);
const parseDate = (v: string) => v;

/** SQLSTATEs worth one more try of the whole transaction. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

type AfterCommit = Array<() => void | Promise<void>>;

async function runAfterCommit(hooks: AfterCommit) {
  for (const h of hooks) {
    try {
      await h();
    } catch (err) {
      // A failed side effect must never turn a committed transaction into an error.
      console.error('afterCommit hook failed', err);
    }
  }
}

/** The tenant of a transaction, set locally; tenantId is validated as a UUID, so inlining it is safe. */
function tenantSql(tenantId: string | null): string {
  if (!isUuid(tenantId)) throw new Error('invalid tenant id');
  return `SELECT set_config('app.tenant_id', '${tenantId}', true);`;
}

/** PGlite has one connection shared with the owner, so the role is set per transaction. */
function contextSql(mode: 'tenant' | 'app' | 'owner', tenantId: string | null): string {
  if (mode === 'owner') return '';
  if (mode === 'tenant') return `SET LOCAL ROLE ${APP_ROLE}; ${tenantSql(tenantId)}`;
  return `SET LOCAL ROLE ${APP_ROLE};`;
}

// ---------------------------------------------------------------- PostgreSQL

pg.types.setTypeParser(OID.NUMERIC, parseNumeric);
pg.types.setTypeParser(OID.INT8, parseInt8);
pg.types.setTypeParser(OID.DATE, parseDate);

interface AfterCommitQuery {
  sql: string;
  resolve: (rows: unknown[]) => void;
}

/**
 * A transaction on one pooled connection. Round trips are what a request
 * pays most for (each one a write and a read on both sides), so BEGIN (with
 * the tenant) is not sent alone: it travels with the first statement when that
 * one has no parameters, and statements registered for before and after
 * COMMIT travel with COMMIT.
 */
class PgTx implements Tx {
  hooks: AfterCommit = [];
  before: string[] = [];
  after: AfterCommitQuery[] = [];
  constructor(
    private client: pg.PoolClient,
    readonly tenantId: string | null,
    /** BEGIN and the tenant context, until sent. */
    public begin: string | null,
  ) {}
  private async run(text: string, params?: unknown[]): Promise<pg.QueryResult> {
    if (this.begin !== null) {
      const begin = this.begin;
      this.begin = null;
      if (!params?.length) {
        // One simple query: BEGIN, the tenant, the statement(s); the answer is the last statement's.
        const r = (await this.client.query(`${begin} ${text}`)) as unknown as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(r) ? r[r.length - 1] : r;
      }
      await this.client.query(begin);
    }
    const r = (await this.client.query(text, params as unknown[])) as unknown as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(r) ? r[r.length - 1] : r;
  }
  async query<T>(text: string, params?: unknown[]): Promise<T[]> {
    return (await this.run(text, params)).rows as T[];
  }
  async one<T>(text: string, params?: unknown[]): Promise<T | undefined> {
    return (await this.run(text, params)).rows[0] as T | undefined;
  }
  async exec(text: string, params?: unknown[]): Promise<number> {
    return (await this.run(text, params)).rowCount ?? 0;
  }
  async script(text: string): Promise<void> {
    await this.run(text);
  }
  afterCommit(fn: () => void | Promise<void>) {
    this.hooks.push(fn);
  }
  beforeCommit(sql: string) {
    this.before.push(sql);
  }
  afterCommitQuery<T>(sql: string): Promise<T[]> {
    return new Promise<T[]>((resolve) => this.after.push({ sql, resolve: resolve as (rows: unknown[]) => void }));
  }
  /** COMMIT (with what travels with it), in one round trip. Nothing at all when nothing was sent. */
  async commit(): Promise<void> {
    if (this.begin !== null && !this.before.length && !this.after.length) return;
    const sql = `${this.begin ?? ''} ${[...this.before, 'COMMIT', ...this.after.map((a) => a.sql)].join('; ')}`;
    this.begin = null;
    // An error here comes from a before-commit statement or COMMIT itself (the transaction is rolled back):
    // after-commit statements catch their own errors.
    const r = (await this.client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(r) ? r : [r];
    const tail = results.slice(results.length - this.after.length);
    for (const [i, a] of this.after.entries()) a.resolve(tail[i]?.rows ?? []);
  }
  /** Sends ROLLBACK when a transaction was begun. */
  async rollback(): Promise<void> {
    if (this.begin !== null) return;
    await this.client.query('ROLLBACK');
  }
}

// ---------------------------------------------------------------- the application's login role

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface PgOptions {
  /** The application's own URL (APP_DATABASE_URL); by default derived from the owner URL, see appLoginUrl. */
  appUrl?: string;
  /** Where the derived password is kept (DATA_DIR); default DATA_DIR or ./data. */
  dataDir?: string;
}

/**
 * The password of the derived login role: random, created once in `DATA_DIR/app-db-password` (mode 0600). Written
 * to a temporary file and linked into place, so processes starting together all read the one that won.
 */
export function appLoginPassword(dataDir: string): string {
  const file = path.join(dataDir, 'app-db-password');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, randomBytes(24).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The URL the application's pool logs in with: `opts.appUrl` when given (APP_DATABASE_URL), else the owner URL with
 * the user `koperasi_app` and the password kept under DATA_DIR.
 */
export function appLoginUrl(ownerUrl: string, opts: PgOptions = {}): string {
  if (opts.appUrl) return opts.appUrl;
  let u: URL;
  try {
    u = new URL(ownerUrl);
  } catch {
    throw new Error('DATABASE_URL must be a postgres:// URL (or set APP_DATABASE_URL)');
  }
  u.username = APP_ROLE;
  u.password = appLoginPassword(path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? path.join(repoRoot, 'data')));
  return u.toString();
}

/** Role attributes the login role must not have, with the clause that removes each. */
const FORBIDDEN = [
  ['rolsuper', 'NOSUPERUSER'],
  ['rolbypassrls', 'NOBYPASSRLS'],
  ['rolcreaterole', 'NOCREATEROLE'],
  ['rolcreatedb', 'NOCREATEDB'],
  ['rolreplication', 'NOREPLICATION'],
] as const;

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** Errors of two processes creating or altering the same (cluster-wide) role at once: try again. */
const ROLE_RACE = new Set(['42710', '23505', 'XX000', '40001', '40P01']);

/**
 * Creates or corrects the application's login role, as the owner: LOGIN, not superuser, no BYPASSRLS, CREATEROLE,
 * CREATEDB or REPLICATION, not a member of the owner, CONNECT on this database; a role other than koperasi_app
 * (APP_DATABASE_URL) is made a member of koperasi_app. The password is set when the role is created or first given
 * LOGIN, and again when a connection with it is refused. Several databases of one cluster share the role; servers
 * starting together retry the other's concurrent change.
 */
async function ensureLoginRole(ownerPool: pg.Pool, appUrl: string): Promise<void> {
  const u = new URL(appUrl);
  const name = decodeURIComponent(u.username);
  const password = u.password ? decodeURIComponent(u.password) : null;
  if (!name) throw new Error('APP_DATABASE_URL names no user');
  const pw = password ? ` PASSWORD ${quoteLiteral(password)}` : '';
  for (let attempt = 1; ; attempt++) {
    const c = await ownerPool.connect();
    try {
      const owner = (
        await c.query<{ u: string; su: boolean }>('SELECT current_user AS u, rolsuper AS su FROM pg_roles WHERE rolname = current_user')
      ).rows[0];
      if (owner.u === name) throw new Error(`the application's login role must not be the owner (${name})`);
      const r = (await c.query('SELECT * FROM pg_roles WHERE rolname = $1', [name])).rows[0] as Record<string, unknown> | undefined;
      if (!r) {
        await c.query(
          `CREATE ROLE ${quoteIdent(name)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION${name === APP_ROLE ? ' NOINHERIT' : ''}${pw}`,
        );
      } else {
        const fix: string[] = FORBIDDEN.filter(([col]) => r[col]).map(([, clause]) => clause);
        if (!r.rolcanlogin) fix.push('LOGIN');
        if (fix.length) await c.query(`ALTER ROLE ${quoteIdent(name)} ${fix.join(' ')}${r.rolcanlogin ? '' : pw}`);
      }
      if (name !== APP_ROLE) {
        const m = await c.query('SELECT pg_has_role($1, $2, $3) AS ok', [name, APP_ROLE, 'MEMBER']);
        if (!m.rows[0].ok) await c.query(`GRANT ${APP_ROLE} TO ${quoteIdent(name)}`);
      }
      const member = await c.query('SELECT pg_has_role($1, current_user, $2) AS ok', [name, 'MEMBER']);
      if (member.rows[0].ok) throw new Error(`the application's login role ${name} is a member of the owner ${owner.u}: revoke it`);
      const db = (await c.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d;
      await c.query(`GRANT CONNECT ON DATABASE ${quoteIdent(db)} TO ${quoteIdent(name)}`);
      c.release();
      break;
    } catch (err) {
      c.release();
      const code = (err as { code?: string }).code;
      if (code && ROLE_RACE.has(code) && attempt < 6) {
        await new Promise((res) => setTimeout(res, 20 * attempt));
        continue;
      }
      throw err;
    }
  }
  if (!password) return;
  // The role existed with another password (set by another DATA_DIR): this server's password wins.
  const probe = new pg.Client({ connectionString: appUrl });
  try {
    await probe.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
    const c = await ownerPool.connect();
    try {
      await c.query(`ALTER ROLE ${quoteIdent(name)}${pw}`);
    } finally {
      c.release();
    }
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

export function createPgDb(url: string, poolSize = 20, opts: PgOptions = {}): Db {
  const base = {
    statement_timeout: 60_000,
    idle_in_transaction_session_timeout: 120_000,
  };
  // The application's connections log in as a role that is neither superuser nor owner (koperasi_app, or the user of
  // APP_DATABASE_URL acting as koperasi_app), so RESET ROLE or SET ROLE cannot leave row-level security behind; only
  // the small owner pool (migrations, seeds, benchmarks) logs in as the owner.
  const appUrl = appLoginUrl(url, opts);
  const appUser = decodeURIComponent(new URL(appUrl).username);
  const appPool = new pg.Pool({
    ...base,
    connectionString: appUrl,
    max: poolSize,
    application_name: 'koperasi',
    ...(appUser === APP_ROLE ? {} : { options: `-c role=${APP_ROLE}` }),
  });
  const ownerPool = new pg.Pool({ ...base, connectionString: url, max: 3, application_name: 'koperasi-owner' });
  for (const p of [appPool, ownerPool]) p.on('error', (err) => console.error('idle PostgreSQL client error', err));
  // The job queue's pool, opened on first use (servers without jobs never open it).
  let jobPool: pg.Pool | null = null;

  async function run<T>(mode: 'tenant' | 'app' | 'owner', tenantId: string | null, fn: (tx: Tx) => Promise<T>, first?: string) {
    const pool = mode === 'owner' ? ownerPool : appPool;
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      // BEGIN and the tenant context travel together, and with the first statement when it has no parameters.
      const begin = mode === 'tenant' ? `BEGIN; ${tenantSql(tenantId)}` : 'BEGIN;';
      const tx = new PgTx(client, tenantId, first ? `${begin} ${first};` : begin);
      let broken = false;
      try {
        const result = await fn(tx);
        await tx.commit();
        client.release();
        await runAfterCommit(tx.hooks);
        return result;
      } catch (err) {
        try {
          await tx.rollback();
        } catch {
          broken = true;
        }
        client.release(broken);
        const code = (err as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  return {
    kind: 'postgres',
    slots: poolSize,
    tenant: (tenantId, fn, opts) => run('tenant', tenantId, fn, opts?.first),
    app: (fn) => run('app', null, fn),
    owner: (fn) => run('owner', null, fn),
    async appQuery<T>(text: string, params?: unknown[]) {
      // One statement, one round trip, as koperasi_app (the session role of the pool).
      const r = await appPool.query(text, params as unknown[]);
      return r.rows as T[];
    },
    ensureAppLogin: () => ensureLoginRole(ownerPool, appUrl),
    async jobSql(text, values) {
      if (!jobPool) {
        jobPool = new pg.Pool({ ...base, connectionString: url, max: 4, application_name: 'koperasi-jobs' });
        jobPool.on('error', (err) => console.error('idle PostgreSQL client error (jobs)', err));
      }
      const r = (await jobPool.query(text, values as unknown[])) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(r) ? (r[r.length - 1] ?? { rows: [] }) : r;
    },
    close: async () => {
      await Promise.all([appPool.end(), ownerPool.end(), jobPool?.end()]);
    },
  };
}

// ---------------------------------------------------------------- PGlite

class PgliteTx implements Tx {
  hooks: AfterCommit = [];
  before: string[] = [];
  after: AfterCommitQuery[] = [];
  constructor(
    private db: PGlite,
    readonly tenantId: string | null,
  ) {}
  async query<T>(text: string, params?: unknown[]): Promise<T[]> {
    const r = await this.db.query<T>(text, params as unknown[]);
    return r.rows;
  }
  async one<T>(text: string, params?: unknown[]): Promise<T | undefined> {
    const r = await this.db.query<T>(text, params as unknown[]);
    return r.rows[0];
  }
  async exec(text: string, params?: unknown[]): Promise<number> {
    const r = await this.db.query(text, params as unknown[]);
    return r.affectedRows ?? 0;
  }
  async script(text: string): Promise<void> {
    await this.db.exec(text);
  }
  afterCommit(fn: () => void | Promise<void>) {
    this.hooks.push(fn);
  }
  beforeCommit(sql: string) {
    this.before.push(sql);
  }
  afterCommitQuery<T>(sql: string): Promise<T[]> {
    return new Promise<T[]>((resolve) => this.after.push({ sql, resolve: resolve as (rows: unknown[]) => void }));
  }
}

/** A FIFO lock: PGlite has one connection, so transactions take turns. */
class Mutex {
  private last: Promise<void> = Promise.resolve();
  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => {
      release = r;
    });
    const prev = this.last;
    this.last = prev.then(() => next);
    await prev;
    return release;
  }
}

export async function createPgliteDb(dataDir: string | undefined): Promise<Db> {
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    parsers: {
      [OID.NUMERIC]: parseNumeric,
      [OID.INT8]: parseInt8,
      [OID.DATE]: parseDate,
      [pgliteTypes.TIMESTAMPTZ]: (v: string) => new Date(v),
    },
    serializers: {
      [OID.NUMERIC]: (v: unknown) => (v instanceof Dec ? v.toFixed() : String(v)),
    },
  });
  const mutex = new Mutex();

  async function run<T>(mode: 'tenant' | 'app' | 'owner', tenantId: string | null, fn: (tx: Tx) => Promise<T>, first?: string) {
    const release = await mutex.lock();
    const tx = new PgliteTx(db, tenantId);
    try {
      await db.exec(`BEGIN; ${contextSql(mode, tenantId)}`);
      if (first) {
        try {
          await db.exec(first);
        } catch (err) {
          await db.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }
      let result: T;
      try {
        result = await fn(tx);
        for (const sql of tx.before) await db.exec(sql);
        await db.exec('COMMIT');
      } catch (err) {
        await db.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
      // In their own transactions, as on PostgreSQL (where they travel with COMMIT); errors are not reported.
      for (const a of tx.after) {
        try {
          a.resolve((await db.query(a.sql)).rows);
        } catch {
          a.resolve([]);
        }
      }
      release();
      await runAfterCommit(tx.hooks);
      return result;
    } finally {
      release();
    }
  }

  return {
    kind: 'pglite',
    slots: 1,
    tenant: (tenantId, fn, opts) => run('tenant', tenantId, fn, opts?.first),
    app: (fn) => run('app', null, fn),
    owner: (fn) => run('owner', null, fn),
    appQuery: (text, params) => run('app', null, (tx) => tx.query(text, params)),
    async jobSql(text, values) {
      const release = await mutex.lock();
      try {
        if (values?.length) return await db.query(text, values as unknown[]);
        const results = await db.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } finally {
        release();
      }
    },
    close: () => db.close(),
  };
}

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
