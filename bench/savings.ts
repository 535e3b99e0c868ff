/**
 * Savings deposits and withdrawals through the HTTP API on PostgreSQL.
 *
 *   npm run bench -- savings                        (local PostgreSQL, fresh database koperasi_bench_savings)
 *   BENCH_DATABASE_URL=... npm run bench -- savings
 *   SAVINGS_BENCH_ACCOUNTS=10000 SAVINGS_BENCH_SECONDS=30 SAVINGS_BENCH_CONNECTIONS=32 npm run bench -- savings
 *   SAVINGS_BENCH_TENANTS=10 npm run bench -- savings   (the same accounts spread over 10 cooperatives)
 *
 * 1. Creates the cooperative(s) through registration (chart of accounts,
 *    default products), then 10,000 members with a voluntary saving account
 *    each holding Rp 10.000.000 (OPENING), written in bulk with their OPENING_BALANCE
 *    transaction rows and one opening journal, so the books reconcile.
 * 2. Drives, one after the other, the teller screen's calls
 *    POST /api/transaction/topup-saving-by-cif-product-kas-bank and
 *    /withdraw-saving-by-cif-product-kas-bank (by CIF, product and cash
 *    account), and the by-account POST /api/transaction/topup-saving and
 *    /withdraw (alternating, random accounts, random amounts, a fresh
 *    Idempotency-Key on every request as a teller client sends) with
 *    bench/_http.ts (keep-alive, one request at a time per connection) for a sustained period after a warm-up, and prints for each
 *    transactions per second and latency percentiles, the database round
 *    trips and CPU per request, and where the time of one request goes.
 *    SAVINGS_BENCH_ROUTES=cif or =account drives only one of them.
 * 3. Prints the ceiling of the machine: a minimal deposit in plain SQL (one
 *    UPDATE and one INSERT in a transaction) with pgbench and the same 32
 *    clients, when pgbench is installed (SAVINGS_BENCH_PGBENCH=0 skips it):
 *    10 s of it right before each route (each rate also printed as a share
 *    of that adjacent ceiling; SAVINGS_BENCH_CEILING_SECONDS), and the whole
 *    SECONDS after them. SAVINGS_BENCH_ROUNDS=n alternates the routes n times.
 * 4. Checks afterwards that the members' balances equal the control account
 *    and the trial balance holds, and that every request posted exactly once.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { buildApp, loggerOptions } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { type LoadResult, load, rawRequest } from './_http.ts';
import {
  benchDatabaseUrl,
  dropPlainDepositTables,
  pgbenchPath,
  plainDepositCeiling,
  plainDepositTables,
  serverSettingsLine,
} from './_pg.ts';

const ACCOUNTS = Number(process.env.SAVINGS_BENCH_ACCOUNTS ?? 10_000);
const SECONDS = Number(process.env.SAVINGS_BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SAVINGS_BENCH_CONNECTIONS ?? 32);
const TENANTS = Number(process.env.SAVINGS_BENCH_TENANTS ?? 1);
/** The pool: the server's default (DB_POOL_SIZE: 2 x cores, at least 4) unless given. */
const POOL = process.env.SAVINGS_BENCH_POOL ? Number(process.env.SAVINGS_BENCH_POOL) : undefined;
const PASSWORD = 'Bench-Password-2026';
const ROUTES = (process.env.SAVINGS_BENCH_ROUTES ?? 'cif,account').split(',') as Array<'cif' | 'account'>;

/**
 * SAVINGS_BENCH_LOG=<file>: the server's own logger (info, one asynchronous line per request) writing to that file;
 * SAVINGS_BENCH_LOG_SYNC=1 with it: the same line written synchronously (a system call per line, as the server
 * wrote its two lines per request before). Without: no logging.
 */
const LOG = process.env.SAVINGS_BENCH_LOG;
const url = await benchDatabaseUrl(TENANTS > 1 ? `savings${TENANTS}` : 'savings');
const app = await buildApp({
  logger: !LOG
    ? false
    : process.env.SAVINGS_BENCH_LOG_SYNC
      ? { level: 'info', stream: pino.destination({ dest: LOG, sync: true }) }
      : loggerOptions({ logLevel: 'info' }, LOG),
  config: {
    databaseUrl: url,
    jwtSecret: 'bench-secret-0123456789abcdefghijkl',
    authRateLimitPerMinute: 1_000_000,
    ...(POOL ? { dbPoolSize: POOL } : {}),
  },
  jobs: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = app.db;
const today = todayJakarta();

// ---------------------------------------------------------------- seed

interface BenchTenant {
  tenantId: string;
  token: string;
  accounts: string[];
  /** The CIF of each account's member (same order). */
  cifs: string[];
  productId: string;
  cashId: string;
}

/**
 * Each account's opening balance. Withdrawals and deposits of Rp 5,000-100,000 alternate at random, so a balance walks;
 * at Rp 1,000,000 a fast machine's ~25 movements per account in a run took a few below the minimum (refused, 422):
 * Rp 10,000,000 keeps every request a posting.
 */
const OPENING = 10_000_000;

async function seedTenant(n: number, count: number): Promise<BenchTenant> {
  const email = `savings-${n}-${Date.now()}@bench.koperasi.id`;
  const info = await createTenant(db, {
    name: `Koperasi Bench Simpanan ${n}`,
    cooperativeType: 'KSP',
    fullName: 'Bench Admin',
    email,
    phone: null,
    password: PASSWORD,
    active: true,
    stepConfiguration: 3,
  });
  const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench' });
  const accounts = await db.tenant(info.tenantId, async (tx) => {
    await tx.exec(
      `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
       SELECT app_tenant(), 'B' || $1 || lpad(g::text, 7, '0'), 'Anggota Bench ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
              lpad(($1::int * 10000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID'
       FROM generate_series(1, $2::int) g`,
      [n, count],
    );
    const product = (await tx.one<{ id: string }>(`SELECT id FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`))!
      .id;
    const rows = await tx.query<{ id: string; cif: string }>(
      `WITH m AS (SELECT id, row_number() OVER (ORDER BY cif_number) AS i FROM member WHERE tenant_id = app_tenant()),
            p AS (UPDATE product SET last_account_seq = last_account_seq + $2 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code),
            s AS (
       INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
       SELECT app_tenant(), p.code || '.' || lpad(m.i::text, 6, '0'), m.id, $1, 'SAVING', 'VOLUNTARY', 'ACTIVE', $4::numeric, $4::numeric, $3::date
       FROM m, p RETURNING id, member_id)
       SELECT s.id, mm.cif_number AS cif FROM s JOIN member mm ON mm.tenant_id = app_tenant() AND mm.id = s.member_id`,
      [product, count, today, OPENING],
    );
    const group = crypto.randomUUID();
    await tx.exec(
      `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, created_by, approved_by)
       SELECT app_tenant(), n.seq, 'TRX' || to_char($1::date, 'YYMMDD') || lpad(n.seq::text, 8, '0'), $1::date, s.member_id, s.product_id, 'SAVING',
              s.id, 'TOPUP', 'OPENING_BALANCE', $4::numeric, $4::numeric, 'SYSTEM', $2, $3, $3
       FROM (SELECT id, tenant_sequence_next('member_transaction_seq') AS seq FROM member_saving WHERE tenant_id = app_tenant()) n
       JOIN member_saving s ON s.tenant_id = app_tenant() AND s.id = n.id`,
      [today, group, info.adminUserId, OPENING],
    );
    const acc = Object.fromEntries(
      (
        await tx.query<{ id: string; code: string }>(
          `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('30901', '20101')`,
        )
      ).map((r) => [r.code, r.id]),
    );
    // The cash account the teller screen starts on for an admin without one assigned: Kas Besar.
    acc.cash = (await tx.one<{ id: string }>(`SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND system_key = 'CASH_MAIN'`))!.id;
    const j = await post(tx, ctx, {
      date: today,
      description: 'Saldo awal simpanan sukarela (benchmark)',
      source: { module: 'SAVING', id: group },
      lines: [
        { accountId: acc['30901'], debit: OPENING * count },
        { accountId: acc['20101'], credit: OPENING * count },
      ],
    });
    await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
    return { ids: rows.map((r) => r.id), cifs: rows.map((r) => r.cif), product, cash: acc.cash };
  });
  const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
  const res = await fetch(
    `${base}/oauth/token?username=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&grant_type=password`,
    {
      method: 'POST',
      headers: { authorization: basic },
    },
  );
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    tenantId: info.tenantId,
    token,
    accounts: accounts.ids,
    cifs: accounts.cifs,
    productId: accounts.product,
    cashId: accounts.cash,
  };
}

const seedStart = Date.now();
const tenants: BenchTenant[] = [];
for (let i = 0; i < TENANTS; i++) tenants.push(await seedTenant(i + 1, Math.round(ACCOUNTS / TENANTS)));
await db.owner((tx) => tx.exec('ANALYZE'));
console.log(`seeded ${ACCOUNTS} accounts in ${TENANTS} cooperative(s) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- load

let roundTrips = 0;
/** Batch statements (saving_move_many) sent: movements per batch = requests / batches. */
let batches = 0;
let counting = false;
let profiling = false;
const profile = new Map<string, { n: number; ms: number }>();
const origQuery = pg.Client.prototype.query;
/** A short label for a statement: its first words, without parameters. */
function label(text: unknown): string {
  const t = typeof text === 'string' ? text : ((text as { text?: string })?.text ?? '?');
  return t.replace(/\s+/g, ' ').trim().slice(0, 70);
}
// Every statement the app sends (pool clients): round trips per request, and time per statement when profiling.
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    roundTrips++;
    const t = args[0];
    if (typeof t === 'string' && t.includes('saving_move_many(')) batches++;
  }
  const out = (origQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (profiling && out && typeof (out as Promise<unknown>).then === 'function') {
    const start = performance.now();
    const key = label(args[0]);
    (out as Promise<unknown>).then(
      () => {
        const e = profile.get(key) ?? { n: 0, ms: 0 };
        e.n++;
        e.ms += performance.now() - start;
        profile.set(key, e);
      },
      () => undefined,
    );
  }
  return out;
};

let seq = 0;
/**
 * The load: CONNECTIONS keep-alive connections, one request at a time on each (bench/_http.ts), every request with
 * its own Idempotency-Key, a random account and amount, deposits and withdrawals alternating.
 */
function run(duration: number, routes: 'cif' | 'account'): Promise<LoadResult> {
  const host = new URL(base).host;
  return load({
    url: base,
    connections: CONNECTIONS,
    seconds: duration,
    next: () => {
      seq++;
      const t = tenants[seq % tenants.length];
      const i = Math.floor(Math.random() * t.accounts.length);
      const deposit = seq % 2 === 0;
      const amount = (1 + Math.floor(Math.random() * 20)) * 5000;
      const headers = { authorization: `Bearer ${t.token}`, 'idempotency-key': `bench-${process.pid}-${seq}` };
      if (routes === 'cif') {
        return rawRequest(
          host,
          'POST',
          deposit ? '/api/transaction/topup-saving-by-cif-product-kas-bank' : '/api/transaction/withdraw-saving-by-cif-product-kas-bank',
          headers,
          JSON.stringify({ cif: t.cifs[i], productId: t.productId, coaId: t.cashId, amount }),
        );
      }
      return rawRequest(
        host,
        'POST',
        deposit ? '/api/transaction/topup-saving' : '/api/transaction/withdraw',
        headers,
        JSON.stringify({ memberSavingId: t.accounts[i], amount }),
      );
    },
  });
}

/**
 * CPU seconds used by the PostgreSQL backends serving this benchmark's
 * database, and the WAL writer (from /proc; other databases' work is left
 * out). Backends come and go (the pool opens and closes connections), so the
 * set is read again every 250 ms and each process counts from when it was
 * first seen (from zero when it started during the run) to when it was last
 * seen.
 */
const pgTicks = new Map<string, { first: number; last: number }>();
let sampling: NodeJS.Timeout | null = null;
async function benchPids(): Promise<Set<string>> {
  const rows = await db.owner((tx) =>
    tx.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
    ),
  );
  return new Set(rows.map((r) => String(r.pid)));
}
function ticksOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (comm !== 'postgres') return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // the process ended meanwhile
  }
}
async function samplePostgres(starting: boolean) {
  for (const pid of await benchPids()) {
    const t = ticksOf(pid);
    if (t === null) continue;
    const seen = pgTicks.get(pid);
    if (seen) seen.last = t;
    else pgTicks.set(pid, { first: starting ? t : 0, last: t });
  }
}
async function startPostgresCpu() {
  pgTicks.clear();
  await samplePostgres(true);
  sampling = setInterval(() => void samplePostgres(false).catch(() => undefined), 250);
}
async function stopPostgresCpu(): Promise<number> {
  if (sampling) clearInterval(sampling);
  await samplePostgres(false);
  let ticks = 0;
  for (const { first, last } of pgTicks.values()) ticks += last - first;
  return ticks / 100;
}
const countTx = async () => {
  let n = 0;
  for (const t of tenants) {
    n += (await db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_transaction WHERE activity <> 'OPENING_BALANCE'`),
    ))!.n;
  }
  return n;
};

interface Measured {
  routes: 'cif' | 'account';
  load: number;
  r: LoadResult;
  posted: number;
  roundTrips: number;
  batches: number;
  cpuNode: NodeJS.CpuUsage;
  cpuPg: number;
}

async function measure(routes: 'cif' | 'account'): Promise<Measured> {
  await run(5, routes); // warm-up: JIT, plans, connections
  // Statistics as a running database has them (the server runs without autovacuum: conf.d/90-ci.conf). The ANALYZE
  // after seeding saw one journal per cooperative; plans made from that (the foreign-key checks' among them, kept per
  // connection) scan a cooperative's journals instead of using the primary key, and cost grows with every posting.
  await db.owner((tx) => tx.exec('ANALYZE'));
  const before = await countTx();
  counting = true;
  roundTrips = 0;
  batches = 0;
  const load = loadavg()[0];
  await startPostgresCpu();
  const cpuNode0 = process.cpuUsage();
  const r = await run(SECONDS, routes);
  const cpuNode = process.cpuUsage(cpuNode0);
  const cpuPg = await stopPostgresCpu();
  counting = false;
  const posted = (await countTx()) - before;
  return { routes, load, r, posted, roundTrips, batches, cpuNode, cpuPg };
}

// ---------------------------------------------------------------- the ceiling: a minimal deposit in plain SQL

const pgbench = pgbenchPath(process.env.SAVINGS_BENCH_PGBENCH === '0' ? 'SAVINGS_BENCH_PGBENCH=0' : null);

/**
 * The machine's speed drifts by ~20 % within minutes (docs/savings.md), so besides the ceiling of the whole run
 * (after the routes, SECONDS long) each route is preceded by a short one (SAVINGS_BENCH_CEILING_SECONDS, default 10;
 * 0: none) and its rate is also printed as a share of that adjacent ceiling. SAVINGS_BENCH_ROUNDS=n drives the routes
 * n times, alternated (each round on the database the rounds before it grew).
 */
const CEILING_SECONDS = Number(process.env.SAVINGS_BENCH_CEILING_SECONDS ?? 10);
const ROUNDS = Number(process.env.SAVINGS_BENCH_ROUNDS ?? 1);
const measured: Array<Measured & { adjacent: number | null }> = [];
if (typeof pgbench === 'string') await plainDepositTables(db, ACCOUNTS);
for (let round = 0; round < ROUNDS; round++)
  for (const routes of ROUTES) {
    const adjacent =
      typeof pgbench === 'string' && CEILING_SECONDS > 0
        ? plainDepositCeiling(pgbench, url, ACCOUNTS, CONNECTIONS, CEILING_SECONDS).tps
        : null;
    measured.push({ ...(await measure(routes)), adjacent });
  }
let ceiling: string;
if (typeof pgbench === 'string') {
  const c = plainDepositCeiling(pgbench, url, ACCOUNTS, CONNECTIONS, SECONDS);
  ceiling = `pgbench ceiling (minimal deposit in plain SQL, ${CONNECTIONS} clients, ${SECONDS} s): ${c.tps.toFixed(0)} transactions/s, latency average ${c.latency} ms`;
  await dropPlainDepositTables(db);
} else ceiling = pgbench.skipped;

// ---------------------------------------------------------------- one request, step by step

const t0 = tenants[0];
const timings: number[] = [];
profiling = true;
for (let i = 0; i < 200; i++) {
  const s = performance.now();
  const res = await fetch(`${base}/api/transaction/topup-saving`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t0.token}`, 'idempotency-key': `solo-${i}-${Date.now()}` },
    body: JSON.stringify({ memberSavingId: t0.accounts[i], amount: 10000 }),
  });
  await res.arrayBuffer();
  timings.push(performance.now() - s);
}
profiling = false;
timings.sort((a, b) => a - b);

// ---------------------------------------------------------------- verification

const checks: string[] = [];
for (const t of tenants) {
  const v = await db.tenant(t.tenantId, (tx) =>
    tx.one<{ members: string; ledger: string; d: string; c: string; bad: number }>(
      `SELECT (SELECT sum(balance) FROM member_saving)::text AS members,
              (SELECT sum(b.credit) - sum(b.debit) FROM ledger_balance b JOIN coa_account a ON a.id = b.account_id AND a.tenant_id = b.tenant_id
                WHERE a.code = '20101')::text AS ledger,
              (SELECT sum(debit) FROM ledger_balance)::text AS d, (SELECT sum(credit) FROM ledger_balance)::text AS c,
              (SELECT count(*)::int FROM member_transaction WHERE journal_id IS NULL) AS bad`,
    ),
  );
  checks.push(
    `members ${v!.members} = control account 20101 ${v!.ledger}: ${v!.members === v!.ledger ? 'yes' : 'NO'}; trial balance ${v!.d} = ${v!.c}: ${
      v!.d === v!.c ? 'yes' : 'NO'
    }; rows without journal: ${v!.bad}`,
  );
}

/** " (422 x 28)": the non-2xx answers by status, or nothing. */
function statusCounts(byStatus: Record<string, number>): string {
  const parts = Object.entries(byStatus).map(([status, n]) => `${status} x ${n}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

console.log(`\nsavings benchmark on PostgreSQL, ${new Date().toISOString()}, ${cpus().length} CPUs`);
console.log(await serverSettingsLine(db));
console.log(
  `${ACCOUNTS} accounts in ${TENANTS} cooperative(s), ${CONNECTIONS} connections, pool ${app.config.dbPoolSize}, ${SECONDS} s sustained (after 5 s warm-up)`,
);
for (const m of measured) {
  const { r } = m;
  const ok2xx = r.requests - r.non2xx;
  const n = Math.max(1, r.requests);
  console.log(
    m.routes === 'cif'
      ? `\nby CIF (the teller screen: topup-saving-by-cif-product-kas-bank / withdraw-saving-by-cif-product-kas-bank), load average ${m.load.toFixed(1)} at start`
      : `\nby account (topup-saving / withdraw), load average ${m.load.toFixed(1)} at start`,
  );
  console.log(
    `  ${(ok2xx / SECONDS).toFixed(0)} transactions/s   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   max ${r.latency.max} ms`,
  );
  if (m.adjacent)
    console.log(
      `  ${((100 * ok2xx) / SECONDS / m.adjacent).toFixed(0)} % of the ceiling measured just before it (pgbench ${m.adjacent.toFixed(0)}/s for ${CEILING_SECONDS} s; 2,500/s on a 5,100-5,800/s machine is 43-49 %)`,
    );
  console.log(
    `  requests ${r.requests}, 2xx ${ok2xx}, non-2xx ${r.non2xx}${statusCounts(r.byStatus)}, errors ${r.errors}, timeouts ${r.timeouts}; rows posted ${m.posted}`,
  );
  console.log(
    `  database round trips per request: ${(m.roundTrips / n).toFixed(2)}; batches ${m.batches}, ${(n / Math.max(1, m.batches)).toFixed(1)} movements per batch`,
  );
  console.log(
    `  CPU per request: Node (API, load generator, crypto threads) ${((m.cpuNode.user + m.cpuNode.system) / 1000 / n).toFixed(2)} ms, PostgreSQL ${(
      (m.cpuPg * 1000) / n
    ).toFixed(2)} ms (the backends of this database and the WAL writer)`,
  );
}
console.log(`\n${ceiling}`);
console.log(`one request at a time (200 deposits, no contention): p50 ${timings[100].toFixed(1)} ms, p99 ${timings[197].toFixed(1)} ms`);
console.log('where one request spends its database time (mean per request, 200 sequential deposits):');
for (const [k, v] of [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 16)) {
  console.log(`  ${(v.ms / 200).toFixed(2).padStart(6)} ms  ${String((v.n / 200).toFixed(1)).padStart(4)}x  ${k}`);
}
for (const c of checks) console.log(c);
await app.close();
