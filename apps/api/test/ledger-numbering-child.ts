/**
 * Child process of ledger-numbering.test.ts ("a crash between posting and
 * numbering loses nothing"): posts journals left for numbering after COMMIT,
 * four transactions at a time, forever, printing `committed <id>` after each
 * COMMIT (and `backend <pid>` for its connections), until the test kills it
 * with SIGKILL (no numbering ever runs here).
 *
 *   tsx ledger-numbering-child.ts <postgres url> <tenant id> <user id> <cash account id> <income account id> <date>
 */
import { createPgDb } from '../src/db/db.ts';
import { systemCtx } from '../src/lib/context.ts';
import { post } from '../src/modules/ledger/posting.ts';

const [url, tenantId, userId, cash, income, date] = process.argv.slice(2);
const db = createPgDb(url, 4, { dataDir: process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data' });
const ctx = systemCtx(db, tenantId, { userId, requestId: 'crash-child' });

async function worker(w: number) {
  for (let i = 0; ; i++) {
    const j = await db.tenant(tenantId, async (tx) => {
      const b = await tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      process.stdout.write(`backend ${b?.pid}\n`);
      return post(
        tx,
        ctx,
        {
          date,
          description: `Posting ${w}-${i} sebelum crash`,
          source: { module: 'MANUAL' },
          lines: [
            { accountId: cash, debit: 1000 + i },
            { accountId: income, credit: 1000 + i },
          ],
        },
        { numberAfterCommit: true },
      );
    });
    process.stdout.write(`committed ${j.id}\n`);
  }
}

await Promise.all([0, 1, 2, 3].map(worker));
