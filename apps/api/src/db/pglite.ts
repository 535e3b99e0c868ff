/**
 * PGlite (embedded PostgreSQL in WebAssembly): one connection, so transactions take turns (a FIFO lock), and the
 * role and tenant are set per transaction.
 */
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Dec } from '@koperasi/finance';
import {
  type AfterCommit,
  type AfterCommitQuery,
  type BeforeCommit,
  contextSql,
  type Db,
  OID,
  parseDate,
  parseInt8,
  parseNumeric,
  runAfterCommit,
  type Tx,
} from './core.ts';

class PgliteTx implements Tx {
  hooks: AfterCommit = [];
  before: BeforeCommit[] = [];
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
    this.before.push({ sql });
  }
  beforeCommitQuery<T>(sql: string): Promise<T[]> {
    return new Promise<T[]>((resolve) => this.before.push({ sql, resolve: resolve as (rows: unknown[]) => void }));
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
        const rows: unknown[][] = [];
        for (const b of tx.before) {
          if (b.resolve) rows.push((await db.query(b.sql)).rows);
          else {
            await db.exec(b.sql);
            rows.push([]);
          }
        }
        await db.exec('COMMIT');
        for (const [i, b] of tx.before.entries()) b.resolve?.(rows[i]);
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
