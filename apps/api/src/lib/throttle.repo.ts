/** SQL of the fixed-window counters (throttle.ts, table auth_throttle), each one statement outside a transaction. */
import type { Db } from '../db/db.ts';

/** Counts one hit for `key` (a new window when the last one ended); answers the count and the seconds until the reset. */
export async function countHit(db: Db, key: string, windowSeconds: number) {
  const rows = await db.appQuery<{ hits: number; reset_in: number }>(
    `INSERT INTO auth_throttle AS t (key, window_start, hits, last_hit) VALUES ($1, now(), 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN 1 ELSE t.hits + 1 END,
       window_start = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN now() ELSE t.window_start END,
       last_hit = now()
     RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())))::int AS reset_in`,
    [key, windowSeconds],
  );
  return rows[0];
}

/** The key's current window (count, seconds until the reset, seconds since the last hit), or undefined when none. */
export async function currentWindow(db: Db, key: string, windowSeconds: number) {
  const rows = await db.appQuery<{ hits: number; reset_in: number; since_last: number | null }>(
    `SELECT hits, GREATEST(0, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())))::int AS reset_in,
            EXTRACT(EPOCH FROM (now() - last_hit))::float8 AS since_last
     FROM auth_throttle WHERE key = $1 AND window_start >= now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return rows[0];
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.appQuery('DELETE FROM auth_throttle WHERE key = $1', [key]);
}
