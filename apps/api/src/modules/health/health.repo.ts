import type { Db } from '../../db/db.ts';

/** The liveness probe's database check: one round trip. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.appQuery('SELECT 1');
}
