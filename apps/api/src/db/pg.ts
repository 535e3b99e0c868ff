/**
 * PostgreSQL: the pooled transaction (BEGIN travels with the first statement, before/after-commit statements
 * with COMMIT), retries of serialization failures and deadlocks, the job queue's own pool.
 */
import pg from 'pg';
import {
  type AfterCommit,
  type AfterCommitQuery,
  APP_ROLE,
  type BeforeCommit,
  type Db,
  MAX_ATTEMPTS,
  OID,
  parseDate,
  parseInt8,
  parseNumeric,
  RETRYABLE,
  runAfterCommit,
  type Tx,
  tenantSql,
} from './core.ts';
import { appLoginUrl, ensureLoginRole, type PgOptions } from './login-role.ts';

pg.types.setTypeParser(OID.NUMERIC, parseNumeric);
pg.types.setTypeParser(OID.INT8, parseInt8);
pg.types.setTypeParser(OID.DATE, parseDate);

/**
 * A transaction on one pooled connection. Round trips are what a request
 * pays most for (each one a write and a read on both sides), so BEGIN (with
 * the tenant) is not sent alone: it travels with the first statement when that
 * one has no parameters, and statements registered for before and after
 * COMMIT travel with COMMIT.
 */
class PgTx implements Tx {
  hooks: AfterCommit = [];
  before: BeforeCommit[] = [];
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
    this.before.push({ sql });
  }
  beforeCommitQuery<T>(sql: string): Promise<T[]> {
    return new Promise<T[]>((resolve) => this.before.push({ sql, resolve: resolve as (rows: unknown[]) => void }));
  }
  afterCommitQuery<T>(sql: string): Promise<T[]> {
    return new Promise<T[]>((resolve) => this.after.push({ sql, resolve: resolve as (rows: unknown[]) => void }));
  }
  /** COMMIT (with what travels with it), in one round trip. Nothing at all when nothing was sent. */
  async commit(): Promise<void> {
    if (this.begin !== null && !this.before.length && !this.after.length) return;
    const sql = `${this.begin ?? ''} ${[...this.before.map((b) => b.sql), 'COMMIT', ...this.after.map((a) => a.sql)].join('; ')}`;
    this.begin = null;
    // An error here comes from a before-commit statement or COMMIT itself (the transaction is rolled back):
    // after-commit statements catch their own errors.
    const r = (await this.client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(r) ? r : [r];
    const tail = results.slice(results.length - this.after.length);
    const before = results.slice(results.length - this.after.length - 1 - this.before.length, results.length - this.after.length - 1);
    for (const [i, b] of this.before.entries()) b.resolve?.(before[i]?.rows ?? []);
    for (const [i, a] of this.after.entries()) a.resolve(tail[i]?.rows ?? []);
  }
  /** Sends ROLLBACK when a transaction was begun. */
  async rollback(): Promise<void> {
    if (this.begin !== null) return;
    await this.client.query('ROLLBACK');
  }
}

/** How long one statement of the application may run (the pools' statement_timeout); beyond it PostgreSQL cancels it. */
export const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * A connection that PostgreSQL ends while it is lent out and between statements (idle_in_transaction_session_timeout
 * below, an administrator's pg_terminate_backend, a restart, a network cut) emits 'error' on its client, and the pool
 * listens only to the clients it holds: without a listener of its own that event ended the server process, every
 * teller's session with it (seen with a simulation over 1,000,000 accounts that held its transaction past the
 * timeout). The error is logged here; the transaction using the connection fails at its next statement (a clear error
 * to that one request, the connection then discarded: release(true) in run), and the pool goes on.
 */
function keepAlive(client: pg.PoolClient): void {
  client.on('error', (err) => console.error('PostgreSQL ended a connection in use', err.message));
}

export function createPgDb(url: string, poolSize = 20, opts: PgOptions = {}): Db {
  const base = {
    statement_timeout: STATEMENT_TIMEOUT_MS,
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
  for (const p of [appPool, ownerPool]) {
    p.on('error', (err) => console.error('idle PostgreSQL client error', err));
    p.on('connect', keepAlive);
  }
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
        jobPool.on('connect', keepAlive);
      }
      const r = (await jobPool.query(text, values as unknown[])) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(r) ? (r[r.length - 1] ?? { rows: [] }) : r;
    },
    close: async () => {
      await Promise.all([appPool.end(), ownerPool.end(), jobPool?.end()]);
    },
  };
}
