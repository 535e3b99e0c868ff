/**
 * Fixed-window counters in the database (table auth_throttle), shared by every
 * server process: failed sign-ins per account and per account and source,
 * code requests per phone.
 */
import type { Db } from '../db/db.ts';
import { countHit, currentWindow, deleteCounter } from './throttle.repo.ts';

export interface ThrottleState {
  hits: number;
  /** Seconds until the window resets. */
  resetIn: number;
  /** Seconds since the last hit (Infinity when none in the window). */
  sinceLast: number;
}

/** Count one hit for `key` and return the count in the current window. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<ThrottleState> {
  const row = await countHit(db, key, windowSeconds);
  return { hits: row.hits, resetIn: row.reset_in, sinceLast: 0 };
}

/** Current count without counting. */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<ThrottleState> {
  const row = await currentWindow(db, key, windowSeconds);
  return row
    ? { hits: row.hits, resetIn: row.reset_in, sinceLast: row.since_last ?? Number.POSITIVE_INFINITY }
    : { hits: 0, resetIn: 0, sinceLast: Number.POSITIVE_INFINITY };
}

export async function clear(db: Db, key: string): Promise<void> {
  await deleteCounter(db, key);
}
