/**
 * Loans on PostgreSQL: schedules computed and stored in bulk, then payments
 * through the HTTP API.
 *
 *   npm run bench -- loans                                   (local PostgreSQL, fresh database koperasi_bench_loans)
 *   LOANS_BENCH_LOANS=10000 LOANS_BENCH_TENOR=120 LOANS_BENCH_SECONDS=20 LOANS_BENCH_CONNECTIONS=32 npm run bench -- loans
 *
 * 1. Creates a cooperative through registration and a FLAT loan product, then
 *    N members, and computes N schedules of TENOR months with
 *    packages/finance (timed), stores the loans (RUNNING) and their
 *    installments in bulk, with one opening journal (receivable against
 *    opening equity) so the books reconcile.
 * 2. Drives POST /api/transaction/product/loan/payment-open-amount (random
 *    loans, Rp 10.000 to 200.000, a fresh Idempotency-Key each) on
 *    CONNECTIONS keep-alive connections, one request at a time on each
 *    (bench/_http.ts, as the savings bench: the screen's real call with a real
 *    token), for a sustained period after a warm-up; prints payments per
 *    second, latency percentiles, the batches the routes formed, the
 *    statements sent per batch and the CPU per payment.
 * 3. Checks afterwards: the receivable equals the loans' remaining principal,
 *    the trial balance holds, and every 200 answer is one posted payment.
 *
 * LOANS_BENCH_REUSE=1 (with BENCH_DATABASE_URL): skips step 1 when the database
 * already holds a bench cooperative with LOANS running loans of TENOR months
 * (the latest one; its loans carry the payments of earlier runs, which a
 * 120-month schedule hardly notices), so a before/after comparison measures
 * the payments alone.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { payBatchStats } from '../apps/api/src/modules/loans/loans.batch.ts';
import { defaultGl } from '../apps/api/src/modules/products/products.seed.ts';
import { createProductTx } from '../apps/api/src/modules/products/products.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { type Dec, dec, schedule } from '../packages/finance/src/index.ts';
import { type LoadResult, load, loadAtRate, rawRequest } from './_http.ts';
import { benchDatabaseUrl, databaseCpuMeter, serverSettingsLine } from './_pg.ts';

const LOANS = Number(process.env.LOANS_BENCH_LOANS ?? 10_000);
const TENOR = Number(process.env.LOANS_BENCH_TENOR ?? 120);
const SECONDS = Number(process.env.LOANS_BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.LOANS_BENCH_CONNECTIONS ?? 32);
/** The open-loop phase's arrival rate (payments per second; 0 skips it) and its socket pool. */
const RATE = Number(process.env.LOANS_BENCH_RATE ?? 1000);
const RATE_CONNECTIONS = Number(process.env.LOANS_BENCH_RATE_CONNECTIONS ?? 64);
const PASSWORD = 'Bench-Password-2026';
const REUSE = process.env.LOANS_BENCH_REUSE === '1' && !!process.env.BENCH_DATABASE_URL;

const url = await benchDatabaseUrl('loans');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', authRateLimitPerMinute: 1_000_000 },
  jobs: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = app.db;
const today = todayJakarta();

// ---------------------------------------------------------------- seed

interface Seeded {
  email: string;
  tenantId: string;
  /** The running loans, by loan number. */
  loanIds: string[];
}

/** The latest bench cooperative holding LOANS running loans of TENOR months (LOANS_BENCH_REUSE). */
async function reuse(): Promise<Seeded | null> {
  const found = await db.owner((tx) =>
    tx.one<{ email: string; tenant_id: string }>(
      `SELECT u.email, u.tenant_id FROM app_user u
        WHERE u.email LIKE 'loans-%@bench.koperasi.id'
          AND (SELECT count(*) FROM loan l WHERE l.tenant_id = u.tenant_id AND l.status = 'RUNNING' AND l.tenor = $2) = $1
          AND EXISTS (SELECT 1 FROM journal j WHERE j.tenant_id = u.tenant_id AND j.description = 'Saldo awal piutang pinjaman (benchmark)')
        ORDER BY u.created_date DESC LIMIT 1`,
      [LOANS, TENOR],
    ),
  );
  if (!found) return null;
  const ids = await db.tenant(found.tenant_id, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM loan WHERE tenant_id = app_tenant() ORDER BY loan_number`),
  );
  console.log(`reusing the bench cooperative of ${found.email}: ${ids.length} running loans of ${TENOR} months`);
  return { email: found.email, tenantId: found.tenant_id, loanIds: ids.map((r) => r.id) };
}

async function seed(): Promise<Seeded> {
  const email = `loans-${Date.now()}@bench.koperasi.id`;
  const info = await createTenant(db, {
    name: 'Koperasi Bench Pinjaman',
    cooperativeType: 'KSP',
    fullName: 'Bench Admin',
    email,
    phone: null,
    password: PASSWORD,
    active: true,
    stepConfiguration: 3,
  });
  const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench' });
  const product = await db.tenant(info.tenantId, async (tx) => {
    const p = await createProductTx(tx, ctx, {
      kind: 'LOAN',
      name: 'Pinjaman Bench',
      interestMethod: 'FLAT',
      interestRate: 1,
      minTenor: 1,
      maxTenor: 360,
      roundingMultiple: 100,
      fine: 0.1,
      fineMethod: 'PERCENT',
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'LOAN', null),
    } as never);
    await tx.exec(
      `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
       SELECT app_tenant(), 'L' || lpad(g::text, 8, '0'), 'Peminjam Bench ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
              lpad((70000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID'
       FROM generate_series(1, $1::int) g`,
      [LOANS],
    );
    return p.id;
  });

  const amounts = Array.from({ length: LOANS }, (_, i) => dec(5_000_000 + (i % 50) * 1_000_000));
  const rows = LOANS * TENOR;
  // Computed and stored in chunks of 200 loans (the full scale, 100,000 loans x 120 months, is 12 million installments:
  // never all in memory at once). Computing and storing are timed apart.
  const CHUNK = 200;
  let computeMs = 0;
  const t0 = performance.now();
  // Each chunk commits on its own (a 12-million-row seed in one transaction would hold back every vacuum on the
  // server for its whole duration); the opening journal comes last, and LOANS_BENCH_REUSE only takes a cooperative
  // that has it, so a seed that died half way is never reused.
  const { gl, members } = await db.tenant(info.tenantId, async (tx) => {
    const gl = Object.fromEntries(
      (
        await tx.query<{ role: string; coa_id: string }>(
          'SELECT role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1',
          [product],
        )
      ).map((r) => [r.role, r.coa_id]),
    );
    const members = (await tx.query<{ id: string }>('SELECT id FROM member WHERE tenant_id = app_tenant() ORDER BY cif_number')).map(
      (m) => m.id,
    );
    return { gl, members };
  });
  const byNumber: string[] = [];
  for (let start = 0; start < LOANS; start += CHUNK) {
    const end = Math.min(LOANS, start + CHUNK);
    const c0 = performance.now();
    const schedules = amounts
      .slice(start, end)
      .map((a) => schedule({ amount: a, tenor: TENOR, annualRate: 12, method: 'FLAT', roundingMultiple: 100, startDate: today }));
    computeMs += performance.now() - c0;
    await db.tenant(info.tenantId, async (tx) => {
      const ids = await tx.query<{ id: string }>(
        `INSERT INTO loan (tenant_id, loan_number, member_id, product_id, terms_version, status, amount, tenor, interest_rate, interest_method,
                           installment_method, rounding_multiple, fine, fine_method, remaining_principal, receivable_coa_id, installment_amount,
                           application_date, approved_date, release_date, first_installment_date, maturity_date, net_disbursed)
         SELECT app_tenant(), 'PJB.' || lpad(a.n::text, 8, '0'), a.m, $1, 1, 'RUNNING', a.amount, $2, 1, 'FLAT', 'POKOK & JASA', 100, 0.1, 'PERCENT',
                a.amount, $3, a.inst, $4, $4, $4, a.first, a.last, a.amount
         FROM unnest($5::int[], $6::uuid[], $7::numeric[], $8::numeric[], $9::date[], $10::date[]) WITH ORDINALITY AS a(n, m, amount, inst, first, last, i)
         ORDER BY a.i
         RETURNING id`,
        [
          product,
          TENOR,
          gl.RECEIVABLE,
          today,
          schedules.map((_, k) => start + k + 1),
          members.slice(start, end),
          amounts.slice(start, end).map((a) => a.toFixed(2)),
          schedules.map((x) => x.installmentAmount.toFixed(2)),
          schedules.map((x) => x.installments[0].dueDate),
          schedules.map((x) => x.installments.at(-1)!.dueDate),
        ],
      );
      const loan: string[] = [];
      const num: number[] = [];
      const due: string[] = [];
      const pr: string[] = [];
      const it: string[] = [];
      const rem: string[] = [];
      schedules.forEach((x, k) => {
        for (const r of x.installments) {
          loan.push(ids[k].id);
          num.push(r.number);
          due.push(r.dueDate);
          pr.push(r.principal.toFixed(2));
          it.push(r.interest.toFixed(2));
          rem.push(r.remainingPrincipal.toFixed(2));
        }
      });
      await tx.exec(
        `INSERT INTO loan_installment (tenant_id, loan_id, schedule_no, number, due_date, principal, interest, remaining_principal)
         SELECT app_tenant(), x.l, 1, x.n, x.d, x.p, x.i, x.r FROM unnest($1::uuid[], $2::int[], $3::date[], $4::numeric[], $5::numeric[], $6::numeric[])
           AS x(l, n, d, p, i, r)`,
        [loan, num, due, pr, it, rem],
      );
      byNumber.push(...ids.map((r) => r.id));
    });
  }
  const loanIds = byNumber;
  await db.tenant(info.tenantId, async (tx) => {
    const total = amounts.reduce((s: Dec, a) => s.plus(a), dec(0));
    const equity = (await tx.one<{ id: string }>(`SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND code = '30901'`))!.id;
    await post(tx, ctx, {
      date: today,
      description: 'Saldo awal piutang pinjaman (benchmark)',
      source: { module: 'LOAN' },
      lines: [
        { accountId: gl.RECEIVABLE, debit: total },
        { accountId: equity, credit: total },
      ],
    });
  });
  console.log(
    `computed ${LOANS} schedules of ${TENOR} months (${rows.toLocaleString('en')} installments) in ${(computeMs / 1000).toFixed(2)} s`,
  );
  const storeMs = performance.now() - t0 - computeMs;
  await db.owner((tx) => tx.exec('ANALYZE'));
  console.log(
    `stored ${LOANS} loans and ${rows.toLocaleString('en')} installments in ${(storeMs / 1000).toFixed(1)} s (${Math.round(rows / (storeMs / 1000)).toLocaleString('en')} rows/s)`,
  );
  return { email, tenantId: info.tenantId, loanIds };
}

const { email, tenantId, loanIds } = (REUSE ? await reuse() : null) ?? (await seed());

// ---------------------------------------------------------------- payments

const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const res = await fetch(
  `${base}/oauth/token?username=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&grant_type=password`,
  {
    method: 'POST',
    headers: { authorization: basic },
  },
);
const token = ((await res.json()) as { access_token: string }).access_token;

// Round trips the app sends to PostgreSQL (pool clients), counted during the measured run.
let roundTrips = 0;
const statements = new Map<string, number>();
let counting = false;
const origQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  // The payments' own statements: not the CPU meter's, nor the job queue's (pg-boss polling, the numbering job).
  if (counting && text && !text.includes('pg_stat_activity') && !text.includes('pgboss.') && !text.includes('ledger_unnumbered')) {
    roundTrips++;
    if (process.env.LOANS_BENCH_STATEMENTS === '1') {
      const k = text.replace(/\s+/g, ' ').trim().slice(0, 100);
      statements.set(k, (statements.get(k) ?? 0) + 1);
    }
  }
  return (origQuery as (...a: unknown[]) => unknown).apply(this, args);
};

let seq = 0;
const host = new URL(base).host;
/** The next payment's request: a random loan, Rp 10.000 to 200.000, its own Idempotency-Key. */
function nextPayment(): string {
  seq++;
  return rawRequest(
    host,
    'POST',
    '/api/transaction/product/loan/payment-open-amount',
    { authorization: `Bearer ${token}`, 'idempotency-key': `bench-${process.pid}-${seq}` },
    JSON.stringify({
      loanId: loanIds[Math.floor(Math.random() * loanIds.length)],
      amount: (1 + Math.floor(Math.random() * 20)) * 10_000,
    }),
  );
}
/** CONNECTIONS keep-alive connections, one payment at a time on each (closed loop). */
function run(duration: number): Promise<LoadResult> {
  return load({ url: base, connections: CONNECTIONS, seconds: duration, next: nextPayment });
}

console.log(await serverSettingsLine(db));
await run(3);
// Statistics as autovacuum's auto-analyze would have them after the warm-up (it is off on the shared test server): the
// seed's ANALYZE saw one journal and no payment, and with tenant_id looking unique the planner checks each journal line's
// foreign key through journal_source_idx, reading every journal of the cooperative (quadratic over the run).
await db.owner((tx) => tx.exec('ANALYZE'));
const meter = databaseCpuMeter(db);
await meter.start();
const node0 = process.cpuUsage();
const load0 = loadavg()[0];
const batch0 = payBatchStats(db);
counting = true;
const r = await run(SECONDS);
counting = false;
const batch1 = payBatchStats(db);
const node = process.cpuUsage(node0);
const pgCpu = await meter.stop();
const ok = r.requests - r.non2xx;
const batches = Math.max(1, batch1.batches - batch0.batches);
const perPayment = (s: number) => (ok ? ((s * 1000) / ok).toFixed(2) : '-');
console.log(
  `payments: ${(ok / SECONDS).toFixed(0)} /s sustained over ${SECONDS} s on ${LOANS} running loans, ${CONNECTIONS} connections; ` +
    `latency p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; ` +
    `${batch1.batches - batch0.batches} batches, ${((batch1.payments - batch0.payments) / batches).toFixed(1)} payments each, ` +
    `${(roundTrips / batches).toFixed(1)} round trips to PostgreSQL per batch`,
);
console.log(
  `CPU per payment: PostgreSQL ${perPayment(pgCpu)} ms, Node (server and load generator, one process) ` +
    `${perPayment((node.user + node.system) / 1e6)} ms; ${cpus().length} CPUs, load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
);

for (const [k, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(n).padStart(7)}  ${k}`);

// The target as a teller counter meets it (docs/loans.md "Performance"): payments arriving at RATE a second whatever the
// answers take, latency from each one's scheduled arrival (open loop, bench/_http.ts loadAtRate).
if (RATE > 0) {
  const meter2 = databaseCpuMeter(db);
  await meter2.start();
  const n0 = process.cpuUsage();
  const l0 = loadavg()[0];
  const b0 = payBatchStats(db);
  const q = await loadAtRate({ url: base, rate: RATE, connections: RATE_CONNECTIONS, seconds: SECONDS, next: nextPayment });
  const n1 = process.cpuUsage(n0);
  const b1 = payBatchStats(db);
  const pg2 = await meter2.stop();
  const ok2 = q.requests - q.non2xx;
  const per = (v: number) => (ok2 ? ((v * 1000) / ok2).toFixed(2) : '-');
  console.log(
    `at a fixed ${RATE} payments/s (open loop, up to ${RATE_CONNECTIONS} connections, latency from each payment's scheduled arrival): ` +
      `${(ok2 / SECONDS).toFixed(0)} /s answered 2xx over ${SECONDS} s; latency p50 ${q.latency.p50} ms, p90 ${q.latency.p90} ms, ` +
      `p99 ${q.latency.p99} ms, max ${q.latency.max} ms; non-2xx ${q.non2xx}, errors ${q.errors}, timeouts ${q.timeouts}; ` +
      `most waiting for a connection ${q.late}; ${b1.batches - b0.batches} batches, ` +
      `${((b1.payments - b0.payments) / Math.max(1, b1.batches - b0.batches)).toFixed(1)} payments each; CPU per payment PostgreSQL ${per(pg2)} ms, Node ${per((n1.user + n1.system) / 1e6)} ms; ` +
      `load average ${l0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
}

// ---------------------------------------------------------------- checks

// The checks wait until the batches still running have committed.
for (let last = -1; payBatchStats(db).payments !== last; ) {
  last = payBatchStats(db).payments;
  await new Promise((r) => setTimeout(r, 1000));
}

const check = await db.tenant(tenantId, async (tx) => {
  const sub = await tx.one<{ s: Dec }>(`SELECT coalesce(sum(remaining_principal), 0) AS s FROM loan WHERE tenant_id = app_tenant()`);
  const gl = await tx.one<{ d: Dec; c: Dec }>(
    `SELECT coalesce(sum(b.debit), 0) AS d, coalesce(sum(b.credit), 0) AS c FROM ledger_balance b JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id
     WHERE b.tenant_id = app_tenant() AND a.code = '10201'`,
  );
  const trial = await tx.one<{ d: Dec; c: Dec }>(
    'SELECT sum(debit) AS d, sum(credit) AS c FROM journal_line WHERE tenant_id = app_tenant()',
  );
  const pays = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM loan_payment WHERE tenant_id = app_tenant()`);
  return { sub: sub!.s, ledger: gl!.d.minus(gl!.c), trialOk: trial!.d.eq(trial!.c), payments: pays!.n };
});
console.log(
  `checks: receivable ${check.ledger.toFixed(2)} ${check.ledger.eq(check.sub) ? '=' : '<>'} loans' remaining principal ${check.sub.toFixed(2)}; ` +
    `trial balance ${check.trialOk ? 'holds' : 'BROKEN'}; ${check.payments} payments posted`,
);
await app.close();
process.exit(check.ledger.eq(check.sub) && check.trialOk ? 0 : 1);
