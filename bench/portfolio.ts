/**
 * Loan portfolio's daily work on PostgreSQL: set-based grading and fines of
 * every running loan (db/functions/loan_portfolio_day.sql, committed chunks
 * with a cursor), killed with SIGKILL mid-run and resumed, then the auto debit
 * of due installments from source-of-fund savings (runAutoDebit: set-based
 * chunks of loan_autodebit_chunk.sql through runBatch) run in a child process
 * killed with SIGKILL after its first committed chunk, resumed (the measured
 * part), then run again (posts nothing), then the books' reconciliation.
 *
 *   npm run bench -- portfolio                                        (reduced scale: 20,000 loans, 200 auto debits)
 *   PORTFOLIO_BENCH_LOANS=500000 PORTFOLIO_BENCH_AUTODEBIT=500000 npm run bench -- portfolio   (the issue's worst case)
 *   PORTFOLIO_BENCH_LOANS=500000 PORTFOLIO_BENCH_BOOK=steady npm run bench -- portfolio        (an ordinary day of 500,000 loans)
 *
 * Env: PORTFOLIO_BENCH_LOANS (N running loans), PORTFOLIO_BENCH_TENOR (12),
 * PORTFOLIO_BENCH_CHUNK (loans per committed grading chunk, 5,000), PORTFOLIO_BENCH_AUTODEBIT
 * (loans with auto debit on and a funded source-of-fund account), PORTFOLIO_BENCH_AD_CHUNK and
 * PORTFOLIO_BENCH_AD_CONCURRENCY (auto debit loans per chunk and chunks at once; autoDebitTuning when unset),
 * PORTFOLIO_BENCH_SKIP_GRADING=1 (the auto debit alone), BENCH_DATABASE_URL.
 *
 * PORTFOLIO_BENCH_BOOK: `arrears` (default: every loan unpaid since its start but every third one's
 * first installments, so most of the book is late and every auto-debit loan has installments to
 * collect: the first day after a migration of a neglected book) or `steady` (an ordinary day of a
 * running cooperative: every loan on auto debit, every installment due before today paid on its due
 * date except in one loan of twenty, which has missed those of its last 0-119 days; with the start
 * dates spread over a year, about one loan in thirty falls due today).
 */
import { execSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { runAutoDebit } from '../apps/api/src/modules/portfolio/autodebit.service.ts';
import { runPortfolioDay } from '../apps/api/src/modules/portfolio/daily.service.ts';
import { defaultGl } from '../apps/api/src/modules/products/products.seed.ts';
import { createProductTx } from '../apps/api/src/modules/products/products.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { dec, schedule } from '../packages/finance/src/index.ts';
import { benchDatabaseUrl, databaseCpuMeter } from './_pg.ts';

const LOANS = Number(process.env.PORTFOLIO_BENCH_LOANS ?? 20_000);
const TENOR = Number(process.env.PORTFOLIO_BENCH_TENOR ?? 12);
const CHUNK = Number(process.env.PORTFOLIO_BENCH_CHUNK ?? 5_000);
const BOOK = process.env.PORTFOLIO_BENCH_BOOK === 'steady' ? 'steady' : 'arrears';
const AUTO = Math.min(LOANS, Number(process.env.PORTFOLIO_BENCH_AUTODEBIT ?? (BOOK === 'steady' ? LOANS : 200)));
// Auto debit: loans per chunk and chunks at once (autoDebitTuning when unset).
const AD_OPTS = {
  chunk: process.env.PORTFOLIO_BENCH_AD_CHUNK ? Number(process.env.PORTFOLIO_BENCH_AD_CHUNK) : undefined,
  concurrency: process.env.PORTFOLIO_BENCH_AD_CONCURRENCY ? Number(process.env.PORTFOLIO_BENCH_AD_CONCURRENCY) : undefined,
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = () => execSync('uptime').toString().trim();

// ---------------------------------------------------------------- child: the grading run that gets killed
if (process.argv[2] === '--grade-child') {
  const [, , , url, tenantId, day] = process.argv;
  const app = await buildApp({
    logger: false,
    config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl' },
    jobs: false,
  });
  await runPortfolioDay(app.db, tenantId, day, CHUNK);
  await app.close();
  process.exit(0);
}
// ---------------------------------------------------------------- child: the auto debit run that gets killed
if (process.argv[2] === '--autodebit-child') {
  const [, , , url, tenantId, day] = process.argv;
  const app = await buildApp({
    logger: false,
    config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl' },
    jobs: false,
  });
  await runAutoDebit(app.db, tenantId, day, AD_OPTS);
  await app.close();
  process.exit(0);
}

const url = await benchDatabaseUrl('portfolio');
const app = await buildApp({ logger: false, config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl' }, jobs: false });
const db = app.db;
const today = todayJakarta();
console.log(
  `portfolio bench: ${LOANS.toLocaleString('en')} loans x ${TENOR} months, ${BOOK} book, chunk ${CHUNK}, auto debit ${AUTO}; ${load()}`,
);

// ---------------------------------------------------------------- seed
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let t0 = performance.now();
/** The book: a cooperative with LOANS running loans (and AUTO funded source-of-fund accounts); its tenant id. */
async function seed(): Promise<string> {
  const info = await createTenant(db, {
    name: 'Koperasi Bench Portofolio',
    cooperativeType: 'KSP',
    fullName: 'Bench Admin',
    email: `portfolio-${Date.now()}@bench.koperasi.id`,
    phone: null,
    password: 'Bench-Password-2026',
    active: true,
    stepConfiguration: 3,
  });
  const tenantId = info.tenantId;
  const ctx = systemCtx(db, tenantId, { userId: info.adminUserId, requestId: 'bench' });
  // Loan i started 30..389 days ago: some current, some late by up to a year (every grade). In the steady book
  // 30..359 days ago, so a 12-month loan still runs.
  const spread = BOOK === 'steady' ? 330 : 360;
  const starts = Array.from({ length: LOANS }, (_, i) => plusDays(today, -(30 + (i % spread))));
  const amounts = Array.from({ length: LOANS }, (_, i) => dec(2_000_000 + (i % 20) * 500_000));
  const shapes = new Map<string, ReturnType<typeof schedule>>();
  const sched = (i: number) => {
    const key = `${amounts[i].toFixed(0)}|${starts[i]}`;
    let s = shapes.get(key);
    if (!s) {
      s = schedule({ amount: amounts[i], tenor: TENOR, annualRate: 12, method: 'FLAT', roundingMultiple: 100, startDate: starts[i] });
      shapes.set(key, s);
    }
    return s;
  };
  await db.tenant(tenantId, async (tx) => {
    // The seed's bulk statements may outlast the API's statement timeout on a busy machine.
    await tx.exec('SET LOCAL statement_timeout = 0');
    const product = await createProductTx(tx, ctx, {
      kind: 'LOAN',
      name: 'Pinjaman Bench',
      interestMethod: 'FLAT',
      interestRate: 1,
      minTenor: 1,
      maxTenor: 360,
      roundingMultiple: 100,
      fine: 0.1,
      fineMethod: 'PERCENT',
      fineGraceDays: 3,
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'LOAN', null),
    } as never);
    await tx.exec(
      `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
       SELECT app_tenant(), 'P' || lpad(g::text, 8, '0'), 'Peminjam Bench ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
              lpad((80000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID'
       FROM generate_series(1, $1::int) g`,
      [LOANS],
    );
    const gl = Object.fromEntries(
      (
        await tx.query<{ role: string; coa_id: string }>(
          'SELECT role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1',
          [product.id],
        )
      ).map((r) => [r.role, r.coa_id]),
    );
    for (let start = 0; start < LOANS; start += 10_000) {
      const idx = Array.from({ length: Math.min(10_000, LOANS - start) }, (_, k) => start + k);
      const ids = await tx.query<{ id: string; n: number }>(
        `WITH m AS (SELECT id, cif_number FROM member WHERE tenant_id = app_tenant() AND cif_number = ANY($9::text[]))
         INSERT INTO loan (tenant_id, loan_number, member_id, product_id, terms_version, status, amount, tenor, interest_rate, interest_method,
                           installment_method, rounding_multiple, fine, fine_method, fine_grace_days, remaining_principal, receivable_coa_id,
                           installment_amount, application_date, approved_date, release_date, first_installment_date, maturity_date, net_disbursed,
                           is_auto_debit)
         SELECT app_tenant(), 'PJP.' || lpad(a.n::text, 8, '0'), m.id, $1, 1, 'RUNNING', a.amount, $2, 1, 'FLAT', 'POKOK & JASA', 100, 0.1, 'PERCENT', 3,
                a.amount, $3, a.inst, a.start, a.start, a.start, a.first, a.last, a.amount, a.n <= $10
         FROM unnest($4::int[], $5::numeric[], $6::numeric[], $7::date[], $8::date[], $11::date[]) AS a(n, amount, inst, first, last, start)
         JOIN m ON m.cif_number = 'P' || lpad(a.n::text, 8, '0')
         RETURNING id, substring(loan_number from 5)::int AS n`,
        [
          product.id,
          TENOR,
          gl.RECEIVABLE,
          idx.map((i) => i + 1),
          idx.map((i) => amounts[i].toFixed(2)),
          idx.map((i) => sched(i).installmentAmount.toFixed(2)),
          idx.map((i) => sched(i).installments[0].dueDate),
          idx.map((i) => sched(i).installments.at(-1)!.dueDate),
          idx.map((i) => `P${String(i + 1).padStart(8, '0')}`),
          AUTO,
          idx.map((i) => starts[i]),
        ],
      );
      const byN = new Map(ids.map((r) => [r.n, r.id]));
      const loan: string[] = [];
      const num: number[] = [];
      const due: string[] = [];
      const pr: string[] = [];
      const it: string[] = [];
      const rem: string[] = [];
      for (const i of idx) {
        for (const r of sched(i).installments) {
          loan.push(byN.get(i + 1)!);
          num.push(r.number);
          due.push(r.dueDate);
          pr.push(r.principal.toFixed(2));
          it.push(r.interest.toFixed(2));
          rem.push(r.remainingPrincipal.toFixed(2));
        }
      }
      await tx.exec(
        `INSERT INTO loan_installment (tenant_id, loan_id, schedule_no, number, due_date, principal, interest, remaining_principal)
         SELECT app_tenant(), x.l, 1, x.n, x.d, x.p, x.i, x.r FROM unnest($1::uuid[], $2::int[], $3::date[], $4::numeric[], $5::numeric[], $6::numeric[])
           AS x(l, n, d, p, i, r)`,
        [loan, num, due, pr, it, rem],
      );
    }
    // arrears: every third loan paid its first installments on time (so grades spread). steady: every installment due
    // before today paid on its due date, but in one loan of twenty those of its last (n % 120) days. Remaining principal
    // follows the schedule.
    await tx.exec(
      BOOK === 'steady'
        ? `UPDATE loan_installment i SET principal_paid = i.principal, interest_paid = i.interest, paid_date = i.due_date
           FROM loan l WHERE l.tenant_id = app_tenant() AND i.tenant_id = app_tenant() AND i.loan_id = l.id AND i.due_date < $1::date
             AND (substring(l.loan_number from 5)::int % 20 <> 0 OR i.due_date < $1::date - substring(l.loan_number from 5)::int % 120)`
        : `UPDATE loan_installment i SET principal_paid = i.principal, interest_paid = i.interest, paid_date = i.due_date
           FROM loan l WHERE l.tenant_id = app_tenant() AND i.tenant_id = app_tenant() AND i.loan_id = l.id
             AND substring(l.loan_number from 5)::int % 3 = 0 AND i.number <= substring(l.loan_number from 5)::int % 5`,
      BOOK === 'steady' ? [today] : [],
    );
    await tx.exec(
      `UPDATE loan l SET remaining_principal = x.rem, principal_paid = l.amount - x.rem
       FROM (SELECT loan_id, sum(principal - principal_paid) AS rem FROM loan_installment WHERE tenant_id = app_tenant() GROUP BY loan_id) x
       WHERE l.tenant_id = app_tenant() AND l.id = x.loan_id`,
    );
    // Auto debit members: a funded voluntary savings account, their source of fund.
    const voluntary = (await tx.one<{ id: string; code: string }>(
      `SELECT id, code FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`,
    ))!;
    await tx.exec(
      `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date, is_source_of_fund)
       SELECT app_tenant(), $2 || '.' || lpad(g::text, 7, '0'), m.id, $1, 'SAVING', 'VOLUNTARY', 'ACTIVE', 5000000, 5000000, $3::date, true
       FROM generate_series(1, $4::int) g JOIN member m ON m.tenant_id = app_tenant() AND m.cif_number = 'P' || lpad(g::text, 8, '0')`,
      [voluntary.id, voluntary.code, today, AUTO],
    );
    await tx.exec('UPDATE product SET last_account_seq = $2 WHERE tenant_id = app_tenant() AND id = $1', [voluntary.id, AUTO]);
    const acc = Object.fromEntries(
      (
        await tx.query<{ id: string; code: string }>(
          `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('30901', '20101')`,
        )
      ).map((r) => [r.code, r.id]),
    );
    const receivable = (await tx.one<{ s: string }>(`SELECT sum(remaining_principal) AS s FROM loan WHERE tenant_id = app_tenant()`))!.s;
    await post(tx, ctx, {
      date: today,
      description: 'Saldo awal piutang pinjaman dan simpanan (benchmark)',
      source: { module: 'LOAN' },
      lines: [
        { accountId: gl.RECEIVABLE, debit: receivable },
        ...(AUTO ? [{ accountId: acc['30901'], debit: 5_000_000 * AUTO }] : []),
        { accountId: acc['30901'], credit: dec(receivable) },
        ...(AUTO ? [{ accountId: acc['20101'], credit: 5_000_000 * AUTO }] : []),
      ],
    });
  });
  await db.owner((tx) => tx.exec('ANALYZE'));
  return info.tenantId;
}

// PORTFOLIO_BENCH_SEED_ONLY=1 seeds and stops (say, while the machine is busy); PORTFOLIO_BENCH_TENANT=<id> then
// measures that untouched book later, on the same day and database, without seeding again.
const tenantId = process.env.PORTFOLIO_BENCH_TENANT ?? (await seed());
const rows = LOANS * TENOR;
console.log(
  process.env.PORTFOLIO_BENCH_TENANT
    ? `the book of tenant ${tenantId} (seeded before): ${LOANS.toLocaleString('en')} loans, ${rows.toLocaleString('en')} installments`
    : `seeded ${LOANS.toLocaleString('en')} loans, ${rows.toLocaleString('en')} installments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
if (process.env.PORTFOLIO_BENCH_SEED_ONLY === '1') {
  console.log(`seeded only; measure it today with PORTFOLIO_BENCH_TENANT=${tenantId} and the same other settings`);
  await app.close();
  process.exit(0);
}

// ---------------------------------------------------------------- grading and fines, killed and resumed
const day = today;
const here = fileURLToPath(import.meta.url);
let c0 = 0;
// PORTFOLIO_BENCH_SKIP_GRADING=1: the auto debit alone (its own figures).
if (process.env.PORTFOLIO_BENCH_SKIP_GRADING !== '1') {
  t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', here, '--grade-child', url, tenantId, day], {
    stdio: 'inherit',
    env: process.env,
  });
  const graded = async () =>
    (await db.tenant(tenantId, (tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM loan_portfolio_daily WHERE tenant_id = app_tenant() AND day = $1', [day]),
    ))!.n;
  let killedAt = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    if (child.exitCode !== null) break;
    const n = await graded();
    if (n > 0 && (n < LOANS || LOANS <= CHUNK)) {
      child.kill('SIGKILL');
      killedAt = n;
      break;
    }
  }
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  const killMs = performance.now() - t0;
  console.log(
    killedAt >= 0
      ? `grading child killed with SIGKILL after ${(killMs / 1000).toFixed(1)} s, ${killedAt.toLocaleString('en')} loans committed`
      : 'grading child finished before the kill',
  );
  t0 = performance.now();
  c0 = cpu();
  const resumed = await runPortfolioDay(db, tenantId, day, CHUNK);
  const gradeMs = performance.now() - t0;
  const gradeCpu = cpu() - c0;
  const total = await graded();
  const distinct = (await db.tenant(tenantId, (tx) =>
    tx.one<{ n: number }>(
      'SELECT count(DISTINCT loan_id)::int AS n FROM loan_portfolio_daily WHERE tenant_id = app_tenant() AND day = $1',
      [day],
    ),
  ))!.n;
  console.log(
    `resumed: ${resumed.loans.toLocaleString('en')} more loans graded in ${(gradeMs / 1000).toFixed(2)} s (${((gradeMs * 1000) / Math.max(1, resumed.loans)).toFixed(1)} us/loan wall, node CPU ${gradeCpu.toFixed(0)} ms); rows ${total.toLocaleString('en')}, distinct loans ${distinct.toLocaleString('en')} (expected ${LOANS.toLocaleString('en')})`,
  );
  console.log(`grades: ${resumed.grades.map((g) => `${g.grade} ${g.loans}`).join(', ')}; ${load()}`);
  // The full day from scratch on another day (the set-based figure without the kill).
  t0 = performance.now();
  c0 = cpu();
  const full = await runPortfolioDay(db, tenantId, plusDays(day, 1), CHUNK);
  const fullMs = performance.now() - t0;
  console.log(
    `full daily grading + fines, ${full.loans.toLocaleString('en')} loans: ${(fullMs / 1000).toFixed(2)} s (${((fullMs * 1000) / full.loans).toFixed(1)} us/loan, ${Math.round(full.loans / (fullMs / 1000)).toLocaleString('en')} loans/s; node CPU ${(cpu() - c0).toFixed(0)} ms); ${load()}`,
  );
}
// ---------------------------------------------------------------- auto debit: killed with SIGKILL mid-run, resumed, then again
const debitedRows = async () =>
  (await db.tenant(tenantId, (tx) =>
    tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM loan_auto_debit WHERE tenant_id = app_tenant() AND run_date = $1 AND status <> 'PENDING'`,
      [day],
    ),
  ))!.n;
t0 = performance.now();
const adChild = spawn(process.execPath, ['--import', 'tsx', here, '--autodebit-child', url, tenantId, day], {
  stdio: 'inherit',
  env: process.env,
});
let adKilledAt = -1;
for (;;) {
  await new Promise((r) => setTimeout(r, 100));
  if (adChild.exitCode !== null) break;
  const n = await debitedRows();
  if (n > 0 && (n < AUTO / 4 || AUTO <= 1_000)) {
    adChild.kill('SIGKILL');
    adKilledAt = n;
    break;
  }
}
if (adChild.exitCode === null && adChild.signalCode === null) await new Promise((r) => adChild.once('exit', r));
const adPartMs = performance.now() - t0;
const adBefore = await debitedRows();
// Statistics as a cooperative's database has them: the seed was analysed with one journal, and with a near-empty journal
// table the planner may check each savings movement's journal through another index than the key (every check then reads
// all the day's journals). Analysed again here, after the first chunk, as autovacuum would on a quiet machine.
await db.owner((tx) =>
  tx.exec('ANALYZE journal, journal_line, member_transaction, loan_payment, loan_event, audit_log, loan_auto_debit, job_item'),
);
console.log(
  adKilledAt >= 0
    ? `auto debit child killed with SIGKILL after ${(adPartMs / 1000).toFixed(1)} s, ${adBefore.toLocaleString('en')} loans committed`
    : 'auto debit child finished before the kill',
);
// PostgreSQL's CPU (the bench database's backends and the WAL writer, checkpointer and background writer) as the loans bench reads it.
const meter = databaseCpuMeter(db);
await meter.start();
t0 = performance.now();
c0 = cpu();
const ad = await runAutoDebit(db, tenantId, day, AD_OPTS);
const adMs = performance.now() - t0;
const adNode = cpu() - c0;
const adPg = (await meter.stop()) * 1000;
const debited = Math.max(1, ad.paid + ad.partial + ad.failed - adBefore);
console.log(
  `auto debit resumed: ${ad.paid} paid, ${ad.partial} partial, ${ad.failed} failed in all, Rp ${ad.amount.toFixed(2)}; ${debited.toLocaleString('en')} loans after the kill in ${(adMs / 1000).toFixed(1)} s (${((adMs * 1000) / debited).toFixed(1)} us/loan wall; CPU per loan: PostgreSQL ${((adPg * 1000) / debited).toFixed(1)} us, Node ${((adNode * 1000) / debited).toFixed(1)} us); ${load()}`,
);
const dup = (await db.tenant(tenantId, (tx) =>
  tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT loan_id FROM loan_payment WHERE tenant_id = app_tenant() AND payment_date = $1 GROUP BY loan_id HAVING count(*) > 1) x`,
    [day],
  ),
))!.n;
console.log(`loans paid twice on the day: ${dup}`);
t0 = performance.now();
const again = await runAutoDebit(db, tenantId, day);
console.log(
  `auto debit again the same day: amount Rp ${again.amount.toFixed(2)} (unchanged: ${again.amount.eq(ad.amount)}), ${((performance.now() - t0) / 1000).toFixed(2)} s`,
);

// ---------------------------------------------------------------- books
const check = await db.tenant(tenantId, async (tx) =>
  tx.one<{ receivable: string; loans: string; savings_gl: string; savings: string; unbalanced: number; payments: number }>(
    `SELECT (SELECT sum(b.debit - b.credit) FROM ledger_balance b JOIN product_gl_account g ON g.tenant_id = b.tenant_id AND g.coa_id = b.account_id AND g.role = 'RECEIVABLE'
              WHERE b.tenant_id = app_tenant()) AS receivable,
            (SELECT sum(remaining_principal) FROM loan WHERE tenant_id = app_tenant()) AS loans,
            (SELECT sum(b.credit - b.debit) FROM ledger_balance b JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id AND a.code = '20101'
              WHERE b.tenant_id = app_tenant()) AS savings_gl,
            (SELECT sum(balance) FROM member_saving WHERE tenant_id = app_tenant()) AS savings,
            (SELECT count(*)::int FROM (SELECT journal_id FROM journal_line WHERE tenant_id = app_tenant() GROUP BY journal_id HAVING sum(debit) <> sum(credit)) x) AS unbalanced,
            (SELECT count(*)::int FROM loan_payment WHERE tenant_id = app_tenant()) AS payments`,
  ),
);
console.log(
  `books: receivable ${check!.receivable} = loans ${check!.loans} (${dec(check!.receivable).eq(dec(check!.loans))}); savings control ${check!.savings_gl} = accounts ${check!.savings} (${dec(check!.savings_gl).eq(dec(check!.savings))}); unbalanced journals ${check!.unbalanced}; loan payments ${check!.payments}`,
);
await app.close();
process.exit(0);
