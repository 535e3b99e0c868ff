/**
 * Child process of release-resume.test.ts: runs the deposit or the savings interest release in chunks of 2 on two
 * connections, printing `chunk <n>` after each committed chunk (slowly), until the test kills it with SIGKILL.
 *
 *   tsx release-resume-child.ts <postgres url> <tenant id> <user id> deposits|savings <from> <to>
 */
import { createPgDb } from '../src/db/db.ts';
import { systemCtx } from '../src/lib/context.ts';
import { release } from '../src/modules/deposits/deposits.service.ts';
import { releaseSavings } from '../src/modules/interest/interest.service.ts';

const [url, tenantId, userId, kind, from, to] = process.argv.slice(2);
const db = createPgDb(url, 3, { dataDir: process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data' });
const ctx = systemCtx(db, tenantId, { userId });
const hooks = {
  afterChunk: async (n: number) => {
    process.stdout.write(`chunk ${n}\n`);
    await new Promise((r) => setTimeout(r, 40));
  },
};
if (kind === 'deposits') await release(ctx, { fromDate: from, toDate: to, chunkSize: 2, concurrency: 2 }, hooks);
else await releaseSavings(ctx, { startDate: from, endDate: to, chunkSize: 2, concurrency: 2 }, hooks);
process.stdout.write('finished\n');
await db.close();
