/**
 * The database interface (Sql, Tx, Db), value parsers, literals and the transaction context shared by both
 * engines (db.ts is the entry point).
 */
import { Dec } from '@koperasi/finance';

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
   * As `beforeCommit`, and the statement's rows: resolves after COMMIT; never on
   * rollback (its failure, like COMMIT's, rolls the transaction back).
   */
  beforeCommitQuery<T = Record<string, unknown>>(sql: string): Promise<T[]>;
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

export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
export const parseNumeric = (v: string) => new Dec(v);
export const parseInt8 = (v: string) => Number(v);
export const parseDate = (v: string) => v;

/** SQLSTATEs worth one more try of the whole transaction. */
export const RETRYABLE = new Set(['40001', '40P01']);
export const MAX_ATTEMPTS = 4;

export type AfterCommit = Array<() => void | Promise<void>>;

export async function runAfterCommit(hooks: AfterCommit) {
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
export function tenantSql(tenantId: string | null): string {
  if (!isUuid(tenantId)) throw new Error('invalid tenant id');
  return `SELECT set_config('app.tenant_id', '${tenantId}', true);`;
}

/** PGlite has one connection shared with the owner, so the role is set per transaction. */
export function contextSql(mode: 'tenant' | 'app' | 'owner', tenantId: string | null): string {
  if (mode === 'owner') return '';
  if (mode === 'tenant') return `SET LOCAL ROLE ${APP_ROLE}; ${tenantSql(tenantId)}`;
  return `SET LOCAL ROLE ${APP_ROLE};`;
}

export interface AfterCommitQuery {
  sql: string;
  resolve: (rows: unknown[]) => void;
}

/** A statement sent right before COMMIT; `resolve` (beforeCommitQuery) gets its rows after COMMIT. */
export interface BeforeCommit {
  sql: string;
  resolve?: (rows: unknown[]) => void;
}
