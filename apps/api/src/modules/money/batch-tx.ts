/**
 * What the batchers of money movements (savings.batch.ts, loans.batch.ts) share
 * to tell, when a batch's transaction failed, whether it committed: an error
 * before COMMIT was sent (RolledBack) wrote nothing; an error PostgreSQL
 * answered in COMMIT's round trip (a SQLSTATE) ended the round trip, so the
 * batch's journals tell; anything else (the connection broke after COMMIT was
 * sent) cannot be told.
 */

/** An error before COMMIT was sent: the transaction is rolled back for certain. */
export class RolledBack extends Error {
  constructor(override readonly cause: unknown) {
    super('batch rolled back', { cause });
  }
  /** The SQLSTATE of the cause, so a deadlock or serialization failure is retried as for any transaction (db.ts). */
  get code(): string | undefined {
    return (this.cause as { code?: string } | undefined)?.code;
  }
}

/** Runs the batch's work inside its transaction; any error it throws becomes RolledBack. */
export async function rolledBackOnError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new RolledBack(err);
  }
}

/** An error PostgreSQL answered (a SQLSTATE): the statement, and with it the transaction, failed. */
export function hasSqlState(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Whether a batch that failed with `err` committed: false (rolled back for certain), true (its journals exist:
 * `journalsExist` asked in a new transaction), or null (cannot be told: running it again could post twice).
 */
export async function batchCommitted(err: unknown, journalsExist: () => Promise<boolean>, label: string): Promise<boolean | null> {
  if (err instanceof RolledBack) return false;
  if (!hasSqlState(err)) return null;
  try {
    return await journalsExist();
  } catch (e) {
    console.error(`${label}: could not tell whether it committed`, e);
    return null;
  }
}
