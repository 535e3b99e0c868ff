/**
 * The monthly deposit interest release on PostgreSQL.
 *
 *   npm run bench -- deposits                      (local PostgreSQL, fresh database koperasi_bench_deposits)
 *   DEPOSITS_BENCH_N=200000 DEPOSITS_BENCH_CHUNK=2000 DEPOSITS_BENCH_KILL_AT=0.3 npm run bench -- deposits
 *
 * 1. Registers a cooperative, creates a deposit product (12 months, 6 %,
 *    monthly) and N deposits (4 per member) placed one month ago, written in
 *    bulk with one opening journal (Dr cash, Cr deposit control) so the books
 *    reconcile.
 * 2. Starts the release in a child process and kills it (SIGKILL) once
 *    DEPOSITS_BENCH_KILL_AT (default 0.3) of the deposits are committed
 *    (or after DEPOSITS_BENCH_KILL_MS), mid-run; then releases the same window again in
 *    this process, which resumes from the committed cursor; prints the time
 *    and the deposits per second of each part.
 * 3. Checks that every deposit was paid exactly once (one POSTED interest row
 *    per deposit, none twice), that a third release posts nothing, and that
 *    the interest expense equals the rows' gross and the trial balance holds.
 */
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProductCreate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import { addMonthsSameDay } from '@koperasi/finance/deposit';
import { createPgDb } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { release } from '../apps/api/src/modules/deposits/deposits.service.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { defaultGl } from '../apps/api/src/modules/products/products.seed.ts';
import { createProductTx } from '../apps/api/src/modules/products/products.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl } from './_pg.ts';

// 200,000 is the figure; the default keeps the run under two minutes on the shared 2-core machine (docs/deposits.md).
const N = Number(process.env.DEPOSITS_BENCH_N ?? 30_000);
const CHUNK = Number(process.env.DEPOSITS_BENCH_CHUNK ?? 2000);
const KILL_MS = Number(process.env.DEPOSITS_BENCH_KILL_MS ?? 120_000);
const KILL_AT = Number(process.env.DEPOSITS_BENCH_KILL_AT ?? 0.3);
const today = todayJakarta();
const start = addMonthsSameDay(today, -1);

if (process.argv[2] === 'child') {
  // The release in a process of its own (killed by the parent mid-run).
  const [, , , url, tenantId, userId] = process.argv;
  const db = createPgDb(url, 4);
  await release(systemCtx(db, tenantId, { userId }), { fromDate: start, toDate: today, chunkSize: CHUNK });
  process.exit(0);
}

const url = await benchDatabaseUrl('deposits');
const db = createPgDb(url, 4);
await migrate(db);
const t0 = Date.now();
const info = await createTenant(db, {
  name: 'Koperasi Bench Deposito',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email: `bench-deposits-${Date.now()}@bench.koperasi.id`,
  phone: `+62812${String(Date.now()).slice(-8)}`,
  password: 'Bench-Password-2026',
  active: true,
  stepConfiguration: 3,
});
const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench-deposits' });
await db.tenant(info.tenantId, async (tx) => {
  const product = (await createProductTx(tx, ctx, {
    kind: 'SAVING_DEPOSIT',
    code: 'SB',
    name: 'Deposito Bench',
    rate12Month: 6,
    dayCount: 'MONTHLY',
    effectiveDate: '2020-01-01',
    glAccounts: await defaultGl(tx, 'SAVING_DEPOSIT', null),
  } as ProductCreate)) as { id: string };
  const members = Math.ceil(N / 4);
  await tx.exec(
    `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
     SELECT app_tenant(), 'D' || lpad(g::text, 8, '0'), 'Anggota Deposito ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
            lpad((70000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID'
     FROM generate_series(1, $1::int) g`,
    [members],
  );
  // Principals from Rp 5,000,000 to Rp 104,000,000: members on both sides of the Rp 240,000 tax threshold.
  await tx.exec(
    `WITH m AS (SELECT id, row_number() OVER (ORDER BY cif_number) AS i FROM member WHERE tenant_id = app_tenant())
     INSERT INTO deposit (tenant_id, account_number, certificate_number, member_id, product_id, status, principal, placed_amount, tenor, rate, day_count,
                          terms_version, start_date, maturity_date, placed_date, paid_through, interest_destination, rollover, funding)
     SELECT app_tenant(), 'SB.' || lpad(g::text, 7, '0'), 'BLY/B/' || lpad(g::text, 7, '0'), m.id, $1, 'ACTIVE', p.amt, p.amt, 12, 6, 'MONTHLY',
            1, $3::date, ($3::date + interval '12 months')::date, $3::date, $3::date, 'HOLDING', 'NONE', 'CASH'
     FROM generate_series(1, $2::int) g
     JOIN m ON m.i = ((g - 1) / 4) + 1
     CROSS JOIN LATERAL (SELECT (5000000 + ((g * 7919) % 100) * 1000000)::numeric AS amt) p`,
    [product.id, N, start],
  );
  const total = (await tx.one<{ s: string }>('SELECT sum(principal)::text AS s FROM deposit WHERE tenant_id = app_tenant()'))!.s;
  const ids = (
    await tx.query<{ code: string; id: string }>(
      `SELECT code, id FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '20102')`,
    )
  ).reduce<Record<string, string>>((a, r) => ({ ...a, [r.code]: r.id }), {});
  await post(tx, ctx, {
    date: today,
    description: 'Saldo awal deposito (bench)',
    source: { module: 'DEPOSIT', id: null },
    // Lines of at most Rp 900 billion each (the ledger's limit per line): the full size holds about Rp 11 trillion.
    lines: splitAmount(dec(total)).flatMap((part) => [
      { accountId: ids['10101'], debit: part },
      { accountId: ids['20102'], credit: part },
    ]),
  });
});
await db.owner((tx) => tx.exec('ANALYZE deposit; ANALYZE member; ANALYZE interest_tax_month'));
console.log(
  `setup: ${N.toLocaleString('en')} deposits of ${Math.ceil(N / 4).toLocaleString('en')} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);

if (process.env.DEPOSITS_BENCH_SETUP_ONLY) {
  // For profiling the release by hand (psql): the data only.
  console.log(`tenant ${info.tenantId}, user ${info.adminUserId}, window ${start} .. ${today}`);
  process.exit(0);
}

function splitAmount(total: ReturnType<typeof dec>): ReturnType<typeof dec>[] {
  const max = dec(900_000_000_000);
  const out: ReturnType<typeof dec>[] = [];
  let left = total;
  while (left.gt(max)) {
    out.push(max);
    left = left.minus(max);
  }
  if (left.gt(0)) out.push(left);
  return out;
}

// 2. A release killed mid-run, then resumed.
const t1 = Date.now();
const child = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(import.meta.url), 'child', url, info.tenantId, info.adminUserId],
  {
    stdio: 'inherit',
  },
);
const killer = setTimeout(() => child.kill('SIGKILL'), KILL_MS);
// Killed once KILL_AT of the deposits are committed: the resumed part (measured below) is the rest.
const watcher = setInterval(async () => {
  const p = await db
    .tenant(info.tenantId, (tx) => tx.one<{ deposits: number }>('SELECT deposits FROM deposit_release WHERE tenant_id = app_tenant()'))
    .catch(() => undefined);
  if ((p?.deposits ?? 0) >= N * KILL_AT) child.kill('SIGKILL');
}, 20);
const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
clearTimeout(killer);
clearInterval(watcher);
const killedAt = (Date.now() - t1) / 1000;
const mid = await db.tenant(info.tenantId, (tx) =>
  tx.one<{ status: string; deposits: number; chunks: number }>(
    'SELECT status, deposits, chunks FROM deposit_release WHERE tenant_id = app_tenant()',
  ),
);
console.log(
  `first run ${code === 0 ? 'finished' : 'killed'} after ${killedAt.toFixed(1)} s: ${mid?.status}, ${mid?.deposits.toLocaleString('en')} deposits in ${mid?.chunks} committed chunks`,
);
const t2 = Date.now();
const cpu0 = process.cpuUsage();
const db0 = await backendCpuMs();
const r = await release(ctx, { fromDate: start, toDate: today, chunkSize: CHUNK });
const resumeS = (Date.now() - t2) / 1000;
const cpu1 = process.cpuUsage(cpu0);
const db1 = await backendCpuMs();
const resumedN = r.deposits - (mid?.deposits ?? 0);
const nodeMs = (cpu1.user + cpu1.system) / 1000;
let dbMs = 0;
for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
console.log(
  `CPU of the resumed part per 1,000 deposits: Node ${((nodeMs / resumedN) * 1000).toFixed(0)} ms, PostgreSQL backends ${((dbMs / resumedN) * 1000).toFixed(0)} ms ` +
    `(per deposit: Node ${((nodeMs / resumedN) * 1000).toFixed(0)} us, DB ${((dbMs / resumedN) * 1000).toFixed(0)} us); uptime:${execSync('uptime').toString().split('load')[1]?.trimEnd() ?? ''}`,
);
const totalS = (Date.now() - t1) / 1000;
console.log(
  `resumed: ${r.status}, ${(r.deposits - (mid?.deposits ?? 0)).toLocaleString('en')} more deposits in ${resumeS.toFixed(1)} s; ` +
    `whole release ${r.deposits.toLocaleString('en')} deposits, ${r.chunks} chunks of ${CHUNK}, ${totalS.toFixed(1)} s wall (incl. the kill), ` +
    `${Math.round(r.deposits / totalS).toLocaleString('en')} deposits/s; gross Rp ${dec(r.totalGross).toFixed(2)}, tax Rp ${dec(r.totalTax).toFixed(2)}`,
);

/** CPU time (user + system, ms) of each PostgreSQL backend connected to the bench database, from /proc (local server only). */
async function backendCpuMs(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const pids = await db.owner((tx) =>
    tx.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = $1', [
      'client backend',
    ]),
  );
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / 100);
    } catch {
      // not on this machine (remote server): no DB figure
    }
  }
  return out;
}

// 3. Exactly once, and the books.
const again = await release(ctx, { fromDate: start, toDate: today, chunkSize: CHUNK });
const check = await db.tenant(info.tenantId, async (tx) => {
  const rows = await tx.one<{ n: number; d: number; twice: number; gross: string }>(
    `SELECT count(*)::int AS n, count(DISTINCT deposit_id)::int AS d,
            (SELECT count(*)::int FROM (SELECT deposit_id FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'
                                        GROUP BY deposit_id HAVING count(*) > 1) x) AS twice,
            sum(gross)::text AS gross
     FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'`,
  );
  const tb = await tx.one<{ d: string; c: string }>(
    'SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM journal_line WHERE tenant_id = app_tenant()',
  );
  const expense = await tx.one<{ b: string }>(
    `SELECT coalesce(sum(l.debit - l.credit), 0)::text AS b FROM journal_line l JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
     WHERE l.tenant_id = app_tenant() AND a.code = '50102'`,
  );
  const journals = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal WHERE tenant_id = app_tenant() AND source_module = 'DEPOSIT'`,
  );
  return { ...rows!, tb: tb!, expense: expense!.b, journals: journals!.n };
});
const ok =
  check.n === N &&
  check.d === N &&
  check.twice === 0 &&
  again.payments === 0 &&
  check.tb.d === check.tb.c &&
  dec(check.expense).eq(check.gross);
console.log(
  `check: ${check.n.toLocaleString('en')} interest rows for ${check.d.toLocaleString('en')} deposits, paid twice: ${check.twice}, ` +
    `second release posted ${again.payments}; ${check.journals} journals; expense ${check.expense} = rows ${check.gross}; trial balance ${check.tb.d} / ${check.tb.c} -> ${ok ? 'OK' : 'FAILED'}`,
);
await db.close();
process.exit(ok ? 0 : 1);
