/** With TEST_DATABASE_URL: migrate that database once before the workers start. */
import { createPgDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const db = createPgDb(url, 2, { dataDir: process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data' });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}
