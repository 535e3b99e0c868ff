/**
 * Child process of jobs.test.ts ("a run killed with SIGKILL resumes"): runs the test batch slowly, printing
 * `chunk <n>` after each committed chunk, until the test kills it with SIGKILL.
 *
 *   tsx jobs-batch-child.ts <postgres url> <tenant id> <run key> [concurrency]
 */
import { createPgDb } from '../src/db/db.ts';
import { runBatch } from '../src/modules/jobs/batch.ts';
import { testBatch } from './jobs-fixtures.ts';

const [url, tenantId, key, workers] = process.argv.slice(2);
const db = createPgDb(url, 3, { dataDir: process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data' });
await runBatch({
  ...testBatch(db, tenantId, key),
  concurrency: Number(workers ?? 1),
  processChunk: async (tx, items) => {
    await testBatch(db, tenantId, key).processChunk(tx, items, { runId: '', chunk: 0 });
    // Slow enough for the kill to land in the middle of a chunk now and then.
    await tx.exec('SELECT pg_sleep(0.02)');
  },
  afterChunk: ({ chunk }) => {
    process.stdout.write(`chunk ${chunk}\n`);
  },
});
process.stdout.write('finished\n');
await db.close();
