/**
 * PostgreSQL's CPU per teller batch on one backend, by function (no HTTP, no Node in the figure).
 *
 *   npm run bench -- savings            (first: leaves koperasi_bench_savings seeded)
 *   npm run bench -- savings-batch-cpu  [BATCH_CPU_SIZES=1,10,20 BATCH_CPU_BATCHES=200 BATCH_CPU_WARMUP=20 BATCH_CPU_ROUNDS=2]
 *
 * Sends, on one connection of the application's pool, the batches the teller routes send (`savings.batch.ts`):
 * BEGIN + tenant + `saving_move_many` (deposits and withdrawals alternating on random accounts, an
 * Idempotency-Key and a signed-in principal each), then the stored answers (a real one of the savings bench's, ~1 KB) + `saving_post_journals()`
 * + COMMIT, and reads that backend's CPU from /proc/<pid>/stat. With `track_functions = 'all'` on the server it also
 * prints each function's time per batch (pg_stat_user_functions, wall time of the one backend).
 * BATCH_CPU_CIF=1 sends the by-CIF items of the teller screen's routes (cif and product; the account found in the batch's
 * statement, saving_resolve_cifs) instead of the account ids.
 * BATCH_CPU_NO_STORE=1 leaves the stored answers out, BATCH_CPU_NO_IDEM=1 the Idempotency-Keys (what they cost).
 * CPU time on a shared 2-core VM moves by 10-20 % between runs of the same code: compare A and B alternated, each on
 * a fresh copy of one seeded database (`CREATE DATABASE ... TEMPLATE`), several rounds.
 */
import { readFileSync } from 'node:fs';
import { createDb } from '../apps/api/src/db/db.ts';
import { uuidv7 } from '../apps/api/src/lib/uuid7.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import {
  callSavingMoveMany,
  postJournalsBeforeCommit,
  storeAnswersBeforeCommit,
} from '../apps/api/src/modules/savings/savings.moves.repo.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/koperasi_bench_savings';
const SIZES = (process.env.BATCH_CPU_SIZES ?? '1,10,20').split(',').map(Number);
const BATCHES = Number(process.env.BATCH_CPU_BATCHES ?? 200);
const WARMUP = Number(process.env.BATCH_CPU_WARMUP ?? 20);
const ROUNDS = Number(process.env.BATCH_CPU_ROUNDS ?? 2);

const db = await createDb({ databaseUrl: url, poolSize: 1 });
const owner = new (await import('pg')).default.Client({ connectionString: url });
await owner.connect();
const t = (
  await owner.query(`SELECT t.tenant_id AS tenant, u.id AS usr, p.id AS product
  FROM tenant t JOIN app_user u ON u.tenant_id = t.tenant_id JOIN product p ON p.tenant_id = t.tenant_id AND p.system_key = 'VOLUNTARY'
  ORDER BY u.created_date LIMIT 1`)
).rows[0];
const accountRows = (
  await owner.query(
    `SELECT s.id, m.cif_number AS cif FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
      WHERE s.tenant_id = $1 AND s.product_id = $2 AND s.status = 'ACTIVE'`,
    [t.tenant, t.product],
  )
).rows as Array<{ id: string; cif: string }>;
const accounts = accountRows.map((r) => r.id);
const cifOf = new Map(accountRows.map((r) => [r.id, r.cif]));
// BATCH_CPU_CIF=1: the teller screen's by-CIF items (cif + product, the account resolved in the batch's statement).
const BY_CIF = process.env.BATCH_CPU_CIF === '1';
// The signed-in principal the routes check (the savings bench signs in once: one principal per batch).
const principals = (
  await owner
    .query(
      `SELECT s.id AS session, s.user_id AS usr, auth_principal_digest(s.tenant_id, s.id, s.user_id) AS digest
  FROM auth_session s WHERE s.tenant_id = $1 AND s.user_id = $2 LIMIT 32`,
      [t.tenant, t.usr],
    )
    .catch(() => ({ rows: [] }))
).rows;
const date = todayJakarta();
// A real stored answer (the savings bench's), or one of its size and shape.
const answer: string =
  (await owner.query(`SELECT response::text AS r FROM idempotency_key WHERE tenant_id = $1 AND status_code = 200 LIMIT 1`, [t.tenant]))
    .rows[0]?.r ??
  JSON.stringify({
    code: 200,
    status: true,
    message: 'saving.deposit_success',
    data: { status: 'POSTED', transaction: { pad: 'x'.repeat(1000) } },
  });
let n = 0;

async function batch(size: number): Promise<number> {
  const picked = new Set<string>();
  while (picked.size < size) picked.add(accounts[Math.floor(Math.random() * accounts.length)]);
  const items = [...picked].map((saving, ord) => {
    const p = principals.length ? principals[(n + ord) % principals.length] : null;
    const op = (n + ord) % 2 ? 'WITHDRAW' : 'TOPUP';
    return {
      ord,
      op,
      activity: op === 'TOPUP' ? 'DEPOSIT' : 'WITHDRAWAL',
      label: op === 'TOPUP' ? 'Setoran' : 'Penarikan',
      ...(BY_CIF ? { saving: null, cif: cifOf.get(saving), product: t.product } : { saving }),
      amount: '5000.00',
      coa: null,
      usr: t.usr,
      holder_ok: null,
      channel: 'TELLER',
      description: null,
      request: null,
      grp: crypto.randomUUID(),
      journal: uuidv7(),
      audit_action: 'saving.deposit',
      request_id: `h-${n}-${ord}`,
      ip: '127.0.0.1',
      user_agent: 'harness',
      idem_key: process.env.BATCH_CPU_NO_IDEM ? null : `h-${process.pid}-${n}-${ord}`,
      idem_hash: 'x',
      idem_method: 'POST',
      idem_path: '/api/transaction/topup-saving',
      session: p?.session ?? null,
      digest: p?.digest ?? null,
    };
  });
  n++;
  let posted = 0;
  await db.tenant(t.tenant, async (tx) => {
    const rows = await callSavingMoveMany<{ outcome: string }>(tx, JSON.stringify(items), BY_CIF, date, null);
    posted = rows.filter((r) => r.outcome === 'POSTED').length;
    if (!process.env.BATCH_CPU_NO_IDEM && !process.env.BATCH_CPU_NO_STORE)
      storeAnswersBeforeCommit(
        tx,
        t.tenant,
        items.map((i) => ({ key: i.idem_key!, response: answer })),
      );
    postJournalsBeforeCommit(tx);
  });
  return posted;
}

const pid = (await db.tenant(t.tenant, (tx) => tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid')))!.pid;
const tick = 100; // USER_HZ
const cpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * (1000 / tick);
};
console.log(
  `one backend (pid ${pid}), ${accounts.length} accounts, ${principals.length} principals, ${BATCHES} batches per size after ${WARMUP}`,
);
for (let round = 0; round < ROUNDS; round++)
  for (const size of SIZES) {
    for (let i = 0; i < WARMUP; i++) await batch(size);
    await owner.query('SELECT pg_stat_reset()');
    const c0 = cpu();
    const w0 = performance.now();
    let posted = 0;
    for (let i = 0; i < BATCHES; i++) posted += await batch(size);
    const c1 = cpu();
    const w1 = performance.now();
    await new Promise((r) => setTimeout(r, 1500)); // the backend reports its function stats when idle (at most once a second)
    const f = (
      await owner.query(
        `SELECT funcname, round((self_time / $1)::numeric, 3) AS self, round((total_time / $1)::numeric, 3) AS total, calls
     FROM pg_stat_user_functions WHERE calls > 0 ORDER BY self_time DESC LIMIT 30`,
        [BATCHES],
      )
    ).rows;
    console.log(
      `\nbatch of ${size}: ${((c1 - c0) / BATCHES).toFixed(2)} ms of backend CPU per batch (${((c1 - c0) / posted).toFixed(3)} ms per movement), wall ${((w1 - w0) / BATCHES).toFixed(2)} ms, ${posted} posted`,
    );
    for (const r of f)
      console.log(`  ${r.funcname.padEnd(34)} self ${r.self} ms  total ${r.total} ms  calls/batch ${(r.calls / BATCHES).toFixed(1)}`);
  }
await owner.end();
await db.close?.();
process.exit(0);
