/**
 * Fixed-window counters in the database (table auth_throttle), shared by every
 * server process: failed sign-ins per account and per account and source,
 * code requests per phone.
 */
import type { Db } from '../db/db.ts';

export interface ThrottleState {
  hits: number;
  /** Seconds until the window resets. */
  resetIn: number;
  /** Seconds since the last hit (Infinity when none in the window). */
  sinceLast: number;
}

/** Count one hit for `key` and return the count in the current window. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<ThrottleState> {
  const rows = await db.appQuery<{ hits: number; reset_in: number }>(
    `INSERT INTO auth_throttle AS t (key, window_start, hits, last_hit) VALUES ($1, now(), 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN 1 ELSE t.hits + 1 END,
       window_start = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN now() ELSE t.window_start END,
       last_hit = now()
     RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())))::int AS reset_in`,
    [key, windowSeconds],
  );
  return { hits: rows[0].hits, resetIn: rows[0].reset_in, sinceLast: 0 };
}

/** Current count without counting. */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<ThrottleState> {
  const rows = await db.appQuery<{ hits: number; reset_in: number; since_last: number | null }>(
    `SELECT hits, GREATEST(0, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())))::int AS reset_in,
            EXTRACT(EPOCH FROM (now() - last_hit))::float8 AS since_last
     FROM auth_throttle WHERE key = $1 AND window_start >= now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return rows[0]
    ? { hits: rows[0].hits, resetIn: rows[0].reset_in, sinceLast: rows[0].since_last ?? Number.POSITIVE_INFINITY }
    : { hits: 0, resetIn: 0, sinceLast: Number.POSITIVE_INFINITY };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.appQuery('DELETE FROM auth_throttle WHERE key = $1', [key]);
}
