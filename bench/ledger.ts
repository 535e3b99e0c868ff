/**
 * General ledger benchmark on PostgreSQL.
 *
 *   npm run bench -- ledger                 (local PostgreSQL, fresh database koperasi_bench_ledger)
 *   BENCH_DATABASE_URL=... npm run bench -- ledger
 *   LEDGER_BENCH_LINES=1000000 npm run bench -- ledger   (a smaller ledger)
 *   LEDGER_BENCH_REUSE=1 npm run bench -- ledger          (measure again on the ledger seeded by an earlier run)
 *
 * 1. Seeds one cooperative with 5,000,000 journal lines (1,250,000 journals of
 *    2 to 6 lines) over the three past years with bulk SQL, writing the
 *    monthly summary and the numbering counters consistently, then closes the
 *    three years through the closing service (real closing journals).
 * 2. Posting throughput of the engine (post() in its own transaction per
 *    journal, 2 to 6 lines, random accounts of the chart) with several
 *    concurrent callers, numbered at once or after COMMIT (numberAfterCommit,
 *    then numberJournals as a teller movement does), a batch job (postMany),
 *    and four cooperatives posting at once.
 * 3. Time of the balance sheet, profit and loss and trial balance (service
 *    call and full HTTP request), median and p95 of 20 runs.
 */
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { closeYear } from '../apps/api/src/modules/ledger/closing.service.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { type JournalInput, numberJournals, post, postMany } from '../apps/api/src/modules/ledger/posting.ts';
import { computeBalanceSheet, computeProfitAndLoss, computeTrialBalance } from '../apps/api/src/modules/reports/statements.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl, percentile } from './_pg.ts';

const TOTAL_LINES = Number(process.env.LEDGER_BENCH_LINES ?? 5_000_000);
const JOURNALS = Math.round(TOTAL_LINES / 4); // 2+3+4+5+6 lines per five journals: 4 on average
const PASSWORD = 'Bench-Password-2026';
const today = todayJakarta();
const THIS_YEAR = Number(today.slice(0, 4));
const YEARS = [THIS_YEAR - 3, THIS_YEAR - 2, THIS_YEAR - 1];

const REUSE = process.env.LEDGER_BENCH_REUSE === '1';
const url = REUSE
  ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/koperasi_bench_ledger')
  : await benchDatabaseUrl('ledger');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', authRateLimitPerMinute: 1_000_000, dbPoolSize: 24 },
});
await app.ready();
const db = app.db;

async function tenant(name: string) {
  const email = `ledger-${name}-${Date.now()}@bench.koperasi.id`;
  const info = await createTenant(db, {
    name: `Koperasi Bench ${name}`,
    cooperativeType: 'KSP',
    fullName: 'Bench Admin',
    email,
    phone: null,
    password: PASSWORD,
    active: true,
    stepConfiguration: 3,
  });
  const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench' });
  const accounts = await db.tenant(info.tenantId, (tx) =>
    tx.query<{ id: string; code: string }>('SELECT id, code FROM coa_account WHERE is_postable AND is_active ORDER BY code'),
  );
  return { ...info, email, ctx, accounts };
}

async function existing(name: string) {
  const row = await db.owner((tx) =>
    tx.one<{ tenant_id: string; user_id: string; email: string }>(
      `SELECT t.tenant_id, u.id AS user_id, u.email FROM tenant t JOIN app_user u ON u.tenant_id = t.tenant_id
       WHERE t.name = $1 ORDER BY t.created_date LIMIT 1`,
      [`Koperasi Bench ${name}`],
    ),
  );
  if (!row) throw new Error('LEDGER_BENCH_REUSE=1 but no seeded cooperative: run the benchmark once without it');
  const ctx = systemCtx(db, row.tenant_id, { userId: row.user_id, requestId: 'bench' });
  const accounts = await db.tenant(row.tenant_id, (tx) =>
    tx.query<{ id: string; code: string }>('SELECT id, code FROM coa_account WHERE is_postable AND is_active ORDER BY code'),
  );
  return { tenantId: row.tenant_id, adminUserId: row.user_id, email: row.email, ctx, accounts };
}

const main = REUSE ? await existing('utama') : await tenant('utama');
const ids = main.accounts.map((a) => a.id);

// ------------------------------------------------------------------ bulk seed

function fmt(n: number) {
  return n.toLocaleString('en-US');
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`\nledger benchmark on PostgreSQL, ${new Date().toISOString()}, ${cpus().length} CPUs, load average ${load()}`);
if (!REUSE) {
  console.log(`seeding ${fmt(TOTAL_LINES)} lines (${fmt(JOURNALS)} journals) over ${YEARS.join(', ')} ...`);
  const seedStart = performance.now();
  const months = YEARS.flatMap((y) => Array.from({ length: 12 }, (_, m) => `${y}-${String(m + 1).padStart(2, '0')}-01`));
  const perMonth = Math.ceil(JOURNALS / months.length);
  const seqByYear = new Map<number, number>();
  const accountsLiteral = `{${ids.join(',')}}`;
  for (const [k, month] of months.entries()) {
    const from = k * perMonth;
    const to = Math.min(JOURNALS, from + perMonth);
    if (from >= to) break;
    const year = Number(month.slice(0, 4));
    const seq0 = seqByYear.get(year) ?? 0;
    seqByYear.set(year, seq0 + (to - from));
    await db.owner(async (tx) => {
      // Bulk load as the owner: triggers and foreign-key checks off, the data is consistent by construction.
      await tx.exec('SET LOCAL session_replication_role = replica');
      // Line amount of journal i, line j: 100.00 to 5,000,000.00 with cents; the last line balances the others.
      const amt = (i: string, j: string) => `((((${i})::bigint * 7919 + (${j}) * 104729) % 499990000) + 10000) / 100.0`;
      await tx.exec(
        `INSERT INTO journal (tenant_id, id, fiscal_year, seq, number, date, period, description, reference_code, source_module,
                            is_adjustment, total_amount, line_count, posted_at)
       SELECT $1, md5('bench-' || i)::uuid, $4::int, $5::int + (i - $2::bigint) + 1,
              'JU/' || $4::int || '/' || lpad(($5::int + (i - $2::bigint) + 1)::text, 6, '0'),
              d, $6::date, 'Transaksi ' || i, 'BN-' || i,
              (ARRAY['SAVING','LOAN','TELLER','MANUAL','DEPOSIT'])[1 + i % 5], i % 97 = 0,
              (SELECT sum(${amt('i', 'k')}) FROM generate_series(0, n - 2) AS k), n, d + time '09:00'
       FROM (SELECT i, 2 + (i % 5) AS n,
                    ($6::date + ((i % extract(day FROM ($6::date + interval '1 month - 1 day'))::int))::int)::date AS d
             FROM generate_series($2::bigint, $3::bigint - 1) AS i) g`,
        [main.tenantId, from, to, year, seq0, month],
      );
      await tx.exec(
        `INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, date)
       SELECT $1, md5('bench-' || i)::uuid, j + 1,
              CASE WHEN j < n - 1 THEN a[1 + ((i * 31 + j * 17) % array_length(a, 1))] ELSE a[1 + ((i * 13 + 7) % array_length(a, 1))] END,
              CASE WHEN j < n - 1 THEN ${amt('i', 'j')} ELSE 0 END,
              CASE WHEN j < n - 1 THEN 0 ELSE (SELECT sum(${amt('i', 'k')}) FROM generate_series(0, n - 2) AS k) END,
              d
       FROM (SELECT i, 2 + (i % 5) AS n, $4::uuid[] AS a,
                    ($5::date + ((i % extract(day FROM ($5::date + interval '1 month - 1 day'))::int))::int)::date AS d
             FROM generate_series($2::bigint, $3::bigint - 1) AS i) g,
            generate_series(0, n - 1) AS j`,
        [main.tenantId, from, to, accountsLiteral, month],
      );
      // The month's summary, from its lines.
      await tx.exec(
        `INSERT INTO ledger_balance (tenant_id, account_id, period, debit, credit, adj_debit, adj_credit, line_count)
       SELECT l.tenant_id, l.account_id, $2::date, sum(l.debit), sum(l.credit),
              coalesce(sum(l.debit) FILTER (WHERE j.is_adjustment), 0), coalesce(sum(l.credit) FILTER (WHERE j.is_adjustment), 0), count(*)
       FROM journal_line l JOIN journal j ON j.tenant_id = l.tenant_id AND j.id = l.journal_id
       WHERE l.tenant_id = $1 AND j.period = $2::date
       GROUP BY l.tenant_id, l.account_id`,
        [main.tenantId, month],
      );
    });
    if (k % 6 === 5) process.stdout.write(`  ${month.slice(0, 7)} done, ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`);
  }
  await db.owner(async (tx) => {
    for (const [year, last] of seqByYear) {
      await tx.exec('INSERT INTO ledger_counter (tenant_id, fiscal_year, last_seq) VALUES ($1, $2, $3)', [main.tenantId, year, last]);
    }
  });
  await db.owner((tx) => tx.script('ANALYZE journal; ANALYZE journal_line; ANALYZE ledger_balance; ANALYZE ledger_counter;'));
  const check = await db.owner((tx) =>
    tx.one<{ lines: number; journals: number; debit: string; credit: string; sd: string; sc: string }>(
      `SELECT (SELECT count(*) FROM journal_line WHERE tenant_id = $1)::int AS lines,
            (SELECT count(*) FROM journal WHERE tenant_id = $1)::int AS journals,
            (SELECT sum(debit)::text FROM journal_line WHERE tenant_id = $1) AS debit,
            (SELECT sum(credit)::text FROM journal_line WHERE tenant_id = $1) AS credit,
            (SELECT sum(debit)::text FROM ledger_balance WHERE tenant_id = $1) AS sd,
            (SELECT sum(credit)::text FROM ledger_balance WHERE tenant_id = $1) AS sc`,
      [main.tenantId],
    ),
  );
  if (!check || check.debit !== check.credit || check.sd !== check.debit || check.sc !== check.credit) {
    throw new Error(`seed inconsistent: ${JSON.stringify(check)}`);
  }
  console.log(
    `seeded ${fmt(check.lines)} lines, ${fmt(check.journals)} journals in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
      `debits = credits = summary = ${Number(check.debit).toLocaleString('id-ID')}`,
  );
  const closeStart = performance.now();
  for (const y of YEARS) await closeYear(main.ctx, y);
  console.log(
    `closed fiscal years ${YEARS.join(', ')} (closing journals through the engine) in ${((performance.now() - closeStart) / 1000).toFixed(1)} s`,
  );
}

// ------------------------------------------------------------------ posting throughput

function randomJournal(accounts: string[], rnd: () => number): JournalInput {
  const n = 2 + Math.floor(rnd() * 5);
  const lines: JournalInput['lines'] = [];
  let total = 0;
  for (let j = 0; j < n - 1; j++) {
    const cents = 10_000 + Math.floor(rnd() * 500_000_000);
    total += cents;
    lines.push({ accountId: accounts[Math.floor(rnd() * accounts.length)], debit: (cents / 100).toFixed(2) });
  }
  lines.push({ accountId: accounts[Math.floor(rnd() * accounts.length)], credit: (total / 100).toFixed(2) });
  const day = 1 + Math.floor(rnd() * Number(today.slice(8, 10)));
  return {
    date: `${today.slice(0, 8)}${String(day).padStart(2, '0')}`,
    description: 'Transaksi uji beban',
    referenceCode: `TP-${Math.floor(rnd() * 1e9)}`,
    source: { module: 'TELLER', id: String(Math.floor(rnd() * 1e9)) },
    lines,
  };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Target {
  tenantId: string;
  ctx: typeof main.ctx;
  accounts: string[];
}

async function throughput(
  label: string,
  targets: Target[],
  workersPerTarget: number,
  batch: number,
  seconds: number,
  /** Single journals posted numberAfterCommit, each numbered right after its COMMIT (as a teller movement does). */
  afterCommit = false,
) {
  const latencies: number[] = [];
  let journals = 0;
  let lines = 0;
  let errors = 0;
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    targets.flatMap((t, ti) =>
      Array.from({ length: workersPerTarget }, async (_, w) => {
        const rnd = rng(1000 * ti + w + 1);
        while (performance.now() < stopAt) {
          const js = Array.from({ length: batch }, () => randomJournal(t.accounts, rnd));
          const t0 = performance.now();
          try {
            if (afterCommit) {
              const j = await db.tenant(t.tenantId, (tx) => post(tx, t.ctx, js[0], { numberAfterCommit: true }));
              await numberJournals(db, t.tenantId, [j.id]);
            } else {
              await db.tenant(t.tenantId, async (tx) => (batch === 1 ? [await post(tx, t.ctx, js[0])] : postMany(tx, t.ctx, js)));
            }
            latencies.push(performance.now() - t0);
            journals += batch;
            lines += js.reduce((s, j) => s + j.lines.length, 0);
          } catch (err) {
            errors++;
            if (errors < 3) console.error(err);
          }
        }
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} ${fmt(Math.round(journals / elapsed)).padStart(7)} journals/s  ${fmt(Math.round(lines / elapsed)).padStart(7)} lines/s  ` +
      `tx p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  errors ${errors}`,
  );
  return journals / elapsed;
}

console.log('\nposting throughput (post() in the caller transaction, 2-6 lines, random accounts, current month):');
const mainTarget: Target = { tenantId: main.tenantId, ctx: main.ctx, accounts: ids };
await throughput('warm-up', [mainTarget], 4, 1, 3);
const single: Record<number, number> = {};
for (const workers of [1, 4, 8]) {
  single[workers] = await throughput(`one cooperative, 1 journal per transaction, ${workers} callers`, [mainTarget], workers, 1, 10);
}
const after: Record<number, number> = {};
for (const workers of [1, 4, 8]) {
  after[workers] = await throughput(
    `one cooperative, 1 journal per tx numbered after COMMIT, ${workers} callers`,
    [mainTarget],
    workers,
    1,
    10,
    true,
  );
}
const batch: Record<string, number> = {};
for (const [size, workers] of [
  [100, 1],
  [100, 2],
  [500, 2],
] as const) {
  batch[`${size}x${workers}`] = await throughput(
    `one cooperative, batch job: postMany ${size} journals per tx, ${workers} callers`,
    [mainTarget],
    workers,
    size,
    10,
  );
}
const others: Target[] = [];
for (const name of ['b', 'c', 'd']) {
  const t = REUSE ? await existing(name) : await tenant(name);
  others.push({ tenantId: t.tenantId, ctx: t.ctx, accounts: t.accounts.map((a) => a.id) });
}
const many = await throughput('four cooperatives at once, 1 journal per tx, 2 callers each', [mainTarget, ...others], 2, 1, 10);
console.log(`load average after posting: ${load()}`);

// ------------------------------------------------------------------ statements

const signIn = await app.inject({
  method: 'POST',
  url: `/oauth/token?username=${encodeURIComponent(main.email)}&password=${encodeURIComponent(PASSWORD)}&grant_type=password`,
  headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
});
const token = signIn.json().access_token as string;

async function timeIt(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(66)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
  );
}

async function http(path: string) {
  const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

const Y3 = YEARS[2];
const lineCount = await db.owner((tx) =>
  tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal_line WHERE tenant_id = $1', [main.tenantId]),
);
console.log(`\nstatements on ${fmt(lineCount?.n ?? 0)} journal lines (service call in a tenant transaction, then the HTTP request):`);
const inTx = <T>(fn: (tx: Parameters<Parameters<typeof db.tenant>[1]>[0]) => Promise<T>) => db.tenant(main.tenantId, fn);
await timeIt(`balance sheet ${Y3}-12 vs ${Y3}-11 (service)`, () =>
  inTx((tx) => computeBalanceSheet(tx, main.ctx, { periode: `${Y3}-12` })),
);
await timeIt('balance sheet this month (service)', () => inTx((tx) => computeBalanceSheet(tx, main.ctx, {})));
await timeIt(`profit and loss ${Y3} (12 months vs previous 12) (service)`, () =>
  inTx((tx) => computeProfitAndLoss(tx, main.ctx, { start: `${Y3}-01`, end: `${Y3}-12` })),
);
await timeIt(`trial balance ${Y3}-06 (service)`, () => inTx((tx) => computeTrialBalance(tx, { periode: `${Y3}-06` })));
await timeIt(`trial balance ${YEARS[0]}-01 .. ${Y3}-12 (service)`, () =>
  inTx((tx) => computeTrialBalance(tx, { start: `${YEARS[0]}-01`, end: `${Y3}-12` })),
);
await timeIt(`GET /api/report/v2/balance-sheet?periode=${Y3}-12`, () => http(`/api/report/v2/balance-sheet?periode=${Y3}-12`));
await timeIt(`GET /api/report/v2/profit-and-loss?start=${Y3}-01&end=${Y3}-12`, () =>
  http(`/api/report/v2/profit-and-loss?start=${Y3}-01&end=${Y3}-12`),
);
await timeIt(`GET /api/report/balance-sheet-review?periode=${Y3}-06`, () => http(`/api/report/balance-sheet-review?periode=${Y3}-06`));
await timeIt(`GET /api/report/v2/balance-sheet?periode=${Y3}-06-15 (mid-month: lines)`, () =>
  http(`/api/report/v2/balance-sheet?periode=${Y3}-06-15`),
);
await timeIt(`GET /api/report/v2/ledger?coaId=10101 (one month, first 1000 lines)`, () =>
  http(`/api/report/v2/ledger?coaId=10101&start=${Y3}-06-01&end=${Y3}-06-30`),
);
await timeIt(`GET /api/report/v2/balance-sheet?periode=${Y3}-12&format=xlsx`, () =>
  http(`/api/report/v2/balance-sheet?periode=${Y3}-12&format=xlsx`),
);

console.log(
  `\nsummary: batch posting ${fmt(Math.round(Math.max(...Object.values(batch))))} journals/s (target >= 2,000); ` +
    `single-journal transactions ${fmt(Math.round(Math.max(...Object.values(single))))}/s for one cooperative ` +
    `(numbered after COMMIT: ${fmt(Math.round(Math.max(...Object.values(after))))}/s), ${fmt(Math.round(many))}/s over four; ` +
    `load average ${load()}`,
);
await app.close();
