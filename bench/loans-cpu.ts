/**
 * PostgreSQL CPU per loan payment, without HTTP (docs/loans.md "Performance"): on a cooperative that
 * `npm run bench -- loans` seeded (BENCH_DATABASE_URL, LOANS_BENCH_LOANS, LOANS_BENCH_TENOR as there), one
 * connection sends LOANS_CPU_BATCHES batches of LOANS_CPU_SIZE `OPEN_AMOUNT` cash payments (distinct random loans,
 * Rp 10.000 to 200.000, each with its own Idempotency-Key) exactly as the route batcher does (loans.batch.ts): BEGIN
 * and the tenant with the loan_pay_many call built by payItem/payMany, then the stored answers (payAnswers,
 * storeAnswersAtCommit) with COMMIT. The backend's CPU is read from /proc/<pid>/stat before and after; the items
 * and answers are built in this process (its CPU is printed apart). Compare before and after back to back.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> LOANS_BENCH_LOANS=10000 npm run bench -- loans-cpu
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sqlLiteral, type Tx } from '../apps/api/src/db/db.ts';
import type { Ctx } from '../apps/api/src/lib/context.ts';
import { ok } from '../apps/api/src/lib/http.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { payAnswers, payItem, payMessage } from '../apps/api/src/modules/loans/loans.pay.ts';
import { type PayRow, payMany, storeAnswersAtCommit } from '../apps/api/src/modules/loans/loans.repo.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a database seeded by `npm run bench -- loans`');
const LOANS = Number(process.env.LOANS_BENCH_LOANS ?? 10_000);
const TENOR = Number(process.env.LOANS_BENCH_TENOR ?? 120);
const BATCHES = Number(process.env.LOANS_CPU_BATCHES ?? 200);
const SIZE = Number(process.env.LOANS_CPU_SIZE ?? 10);
const NUMBER = process.env.LOANS_CPU_NUMBER !== '0';

const client = new pg.Client({ connectionString: url, application_name: 'loans-cpu' });
await client.connect();
// LOANS_CPU_SETUP: SQL run once on the connection (e.g. auto_explain with auto_explain.log_level = notice); notices are printed.
client.on('notice', (n) => console.log(n.message));
if (process.env.LOANS_CPU_SETUP) await client.query(process.env.LOANS_CPU_SETUP);
const found = (
  await client.query<{ tenant_id: string; user_id: string }>(
    `SELECT u.tenant_id, u.id AS user_id FROM app_user u
      WHERE u.email LIKE 'loans-%@bench.koperasi.id'
        AND (SELECT count(*) FROM loan l WHERE l.tenant_id = u.tenant_id AND l.status = 'RUNNING' AND l.tenor = $2) = $1
      ORDER BY u.created_date DESC LIMIT 1`,
    [LOANS, TENOR],
  )
).rows[0];
if (!found) throw new Error(`no bench cooperative with ${LOANS} running loans of ${TENOR} months`);
const loanIds = (
  await client.query<{ id: string }>('SELECT id FROM loan WHERE tenant_id = $1 AND status = $2', [found.tenant_id, 'RUNNING'])
).rows.map((r) => r.id);
const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
console.log(`backend pid ${pid}`);
if (process.env.LOANS_CPU_PAUSE_MS) await new Promise((r) => setTimeout(r, Number(process.env.LOANS_CPU_PAUSE_MS)));
const ticks = () => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};

/** A transaction as the app's (PgTx): BEGIN, the role and the tenant travel with the first statement, before-commit SQL with COMMIT. */
function harnessTx(): Tx & { before: string[]; first: boolean } {
  const tx = {
    before: [] as string[],
    first: true,
    async query<T>(text: string): Promise<T[]> {
      const head = tx.first
        ? `BEGIN; SET LOCAL ROLE koperasi_app; SELECT set_config('app.tenant_id', ${sqlLiteral(found.tenant_id)}, true); `
        : '';
      tx.first = false;
      const r = (await client.query(head + text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(r) ? r[r.length - 1] : r).rows as T[];
    },
    beforeCommit(sql: string) {
      tx.before.push(sql);
    },
  };
  return tx as unknown as Tx & { before: string[]; first: boolean };
}

const date = todayJakarta();
let seq = 0;
let posted = 0;
let nodeUs = 0;
const load0 = loadavg()[0];
const t0 = ticks();
for (let b = 0; b < BATCHES; b++) {
  const n0 = process.cpuUsage();
  const picked = new Set<string>();
  while (picked.size < SIZE) picked.add(loanIds[Math.floor(Math.random() * loanIds.length)]);
  const ctxs = [...picked].map((loanId) => {
    const key = `loans-cpu-${process.pid}-${++seq}`;
    const ctx = {
      tenantId: found.tenant_id,
      userId: found.user_id,
      principal: { roleCode: 'ADMIN' },
      requestId: `req-${seq}`,
      ip: '127.0.0.1',
      userAgent: 'loans-cpu',
      lang: 'id',
      idem: { key, hash: 'h'.repeat(64), method: 'POST', path: '/api/transaction/product/loan/payment-open-amount' },
    } as unknown as Ctx;
    return { ctx, input: { loanId, kind: 'OPEN_AMOUNT' as const, amount: (1 + Math.floor(Math.random() * 20)) * 10_000 } };
  });
  const items = ctxs.map((c, ord) => payItem(c.ctx, c.input, ord, true));
  nodeUs += process.cpuUsage(n0).user;
  const tx = harnessTx();
  const rows: PayRow[] = await payMany(tx, date, null, items);
  const n1 = process.cpuUsage();
  const written = rows.filter((r) => r.outcome === 'POSTED');
  const answers = payAnswers(date, written);
  const stored: Array<[string, string]> = written.map((r) => [
    ctxs[r.ord].ctx.idem!.key,
    JSON.stringify(ok(answers.get(r.ord), payMessage('OPEN_AMOUNT'))),
  ]);
  if (stored.length) storeAnswersAtCommit(tx, found.tenant_id, stored);
  nodeUs += process.cpuUsage(n1).user;
  // The journals numbered in COMMIT's round trip, as loans.batch.ts does (numberAfterCommit); LOANS_CPU_NUMBER=0 leaves them
  // unnumbered (the job numbers them).
  const number =
    NUMBER && written.length
      ? `; SELECT journal_id, number FROM ledger_number_journals_quietly(${sqlLiteral(found.tenant_id)}::uuid, ARRAY[${written
          .map((r) => sqlLiteral(items[r.ord].journal))
          .join(', ')}]::uuid[])`
      : '';
  await client.query(`${tx.before.join('; ')}${tx.before.length ? '; ' : ''}COMMIT${number}`);
  posted += written.length;
}
const cpuMs = (ticks() - t0) * 10;
console.log(
  `${BATCHES} batches of ${SIZE}: ${posted} payments posted; PostgreSQL backend CPU ${(cpuMs / posted).toFixed(3)} ms per payment ` +
    `(${(cpuMs / BATCHES).toFixed(1)} ms per batch); this process's CPU building items and answers ${(nodeUs / 1000 / posted).toFixed(3)} ms per payment; ` +
    `load average ${load0.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`,
);
await client.end();
