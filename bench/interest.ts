/**
 * The month-end voluntary savings interest release on PostgreSQL (docs/interest.md "Benchmark").
 *
 *   npm run bench -- interest                                 (fresh database koperasi_bench_interest)
 *   INTEREST_BENCH_N=1000000 INTEREST_BENCH_CHUNK=2000 INTEREST_BENCH_KILL_AT=0.3 npm run bench -- interest   (the scale)
 *   INTEREST_BENCH_CONCURRENCY=1|2 (default 2: chunks on two connections through runBatch)
 *   INTEREST_BENCH_VACUUM=1 (VACUUM the set-up's tables first, as autovacuum would have before a month end)
 *   INTEREST_BENCH_PGBENCH=0 (no pgbench ceiling: printed otherwise, 10 s right before and right after the release)
 *
 * 1. Registers a cooperative; the voluntary savings product gets jasa 3 % a year on the daily balance (HARIAN) and a
 *    Rp 1,000 monthly admin fee; N accounts (2 per member) with balances from Rp 1,000,000 to Rp 100,000,000 (members on
 *    both sides of the Rp 240,000 tax-free amount), opened with one movement and one opening journal before the period.
 * 2. Releases the last full month in a child process and kills it (SIGKILL) once INTEREST_BENCH_KILL_AT (default 0.3)
 *    of the accounts are committed (or after INTEREST_BENCH_KILL_MS); releases the same month again here, which resumes
 *    from the committed cursor. Prints the time and accounts per second of each part, the CPU per account of the
 *    resumed part (Node, and the PostgreSQL backends of the bench database from /proc), and `uptime` (figures on a
 *    loaded machine are pessimistic; CPU per account is the figure to compare).
 * 3. Checks every account was paid exactly once (one POSTED saving_interest row each, none twice), a third release posts
 *    nothing, the trial balance holds and the savings control account equals the sum of the balances.
 */
import { execSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dec } from '@koperasi/finance';
import { createPgDb } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { releaseSavings } from '../apps/api/src/modules/interest/interest.service.ts';
import { addDays, todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import {
  benchDatabaseUrl,
  databaseCpuMeter,
  dropPlainDepositTables,
  pgbenchPath,
  plainDepositCeiling,
  plainDepositTables,
  serverSettingsLine,
} from './_pg.ts';

// 1,000,000 is the figure; the default keeps the run short on the shared 2-core machine.
const N = Number(process.env.INTEREST_BENCH_N ?? 20_000);
const CHUNK = Number(process.env.INTEREST_BENCH_CHUNK ?? 2000);
const KILL_MS = Number(process.env.INTEREST_BENCH_KILL_MS ?? 600_000);
const KILL_AT = Number(process.env.INTEREST_BENCH_KILL_AT ?? 0.3);
const POLL_MS = Number(process.env.INTEREST_BENCH_POLL_MS ?? 20);
const CONCURRENCY = Number(process.env.INTEREST_BENCH_CONCURRENCY ?? 2);
// 1: VACUUM the members, accounts and movements after the set-up (as autovacuum would have before a month end).
const VACUUM = process.env.INTEREST_BENCH_VACUUM === '1';
const today = todayJakarta();
const end = addDays(`${today.slice(0, 8)}01`, -1);
const start = `${end.slice(0, 8)}01`;
const opened = addDays(start, -10);
const uptime = () => execSync('uptime').toString().trim();

if (process.argv[2] === 'child') {
  const [, , , url, tenantId, userId] = process.argv;
  const db = createPgDb(url, 4);
  await releaseSavings(systemCtx(db, tenantId, { userId }), { startDate: start, endDate: end, chunkSize: CHUNK, concurrency: CONCURRENCY });
  process.exit(0);
}

const url = await benchDatabaseUrl('interest');
const db = createPgDb(url, 4);
await migrate(db);
console.log(`before: ${uptime()}`);
const t0 = Date.now();
const stamp = Date.now();
const info = await createTenant(db, {
  name: 'Koperasi Bench Jasa',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email: `bench-interest-${stamp}@bench.koperasi.id`,
  phone: `+62813${String(stamp).slice(-8)}`,
  password: 'Bench-Password-2026',
  active: true,
  stepConfiguration: 3,
});
const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench-interest' });
// Product terms are written only through new versions by the app role; the bench sets its terms as the owner.
await db.owner((tx) =>
  tx.exec(
    `UPDATE product_terms SET effective_date = '2020-01-01', base_rate = 3, balance_basis = 'HARIAN', monthly_admin_fee = 1000, interest_min_balance = 0, interest_max_balance = NULL
     WHERE tenant_id = $1 AND product_id = (SELECT id FROM product WHERE tenant_id = $1 AND system_key = 'VOLUNTARY')`,
    [info.tenantId],
  ),
);
await db.tenant(info.tenantId, async (tx) => {
  // The full size (1,000,000 accounts) writes for minutes on a loaded machine: no statement timeout for the set-up.
  await tx.exec('SET LOCAL statement_timeout = 0');
  const product = (await tx.one<{ id: string; code: string }>(
    `SELECT id, code FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`,
  ))!;
  await tx.exec(
    `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
     SELECT app_tenant(), 'J' || lpad(g::text, 8, '0'), 'Anggota Jasa ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
            lpad((80000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID'
     FROM generate_series(1, $1::int) g`,
    [Math.ceil(N / 2)],
  );
  await tx.exec(
    `WITH m AS (SELECT id, row_number() OVER (ORDER BY cif_number) AS i FROM member WHERE tenant_id = app_tenant())
     INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
     SELECT app_tenant(), $4 || '.J' || lpad(g::text, 7, '0'), m.id, $1, 'SAVING', 'VOLUNTARY', 'ACTIVE', p.amt, p.amt, $3::date
     FROM generate_series(1, $2::int) g
     JOIN m ON m.i = ((g - 1) / 2) + 1
     CROSS JOIN LATERAL (SELECT (1000000 + ((g::bigint * 7919) % 100) * 1000000)::numeric AS amt) p`,
    [product.id, N, opened, product.code],
  );
  const group = crypto.randomUUID();
  // Codes for the opening movements in one block of the cooperative's sequence (moved past it below, as the owner).
  const base = Number((await tx.one<{ n: string }>("SELECT tenant_sequence_next('member_transaction_seq')::text AS n"))!.n);
  await tx.exec(
    `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                     amount, balance_after, channel, group_id, created_by, approved_by)
     SELECT app_tenant(), n.seq, 'TRXJ' || lpad(n.seq::text, 9, '0'), $1::date, n.member_id, n.product_id, 'SAVING',
            n.id, 'TOPUP', 'OPENING_BALANCE', n.balance, n.balance, 'SYSTEM', $2, $3, $3
     FROM (SELECT s.*, $4::bigint + row_number() OVER (ORDER BY s.id) AS seq FROM member_saving s WHERE s.tenant_id = app_tenant()) n`,
    [opened, group, info.adminUserId, base],
  );
  const total = (await tx.one<{ s: string }>('SELECT sum(balance)::text AS s FROM member_saving WHERE tenant_id = app_tenant()'))!.s;
  const acc = Object.fromEntries(
    (
      await tx.query<{ id: string; code: string }>(
        `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '20101')`,
      )
    ).map((r) => [r.code, r.id]),
  );
  const j = await post(tx, ctx, {
    date: opened,
    description: 'Saldo awal simpanan sukarela (bench jasa)',
    source: { module: 'SAVING', id: group },
    // Lines of at most Rp 900 billion each (the ledger's limit per line): the full size holds about Rp 50 trillion.
    lines: splitAmount(dec(total)).flatMap((part) => [
      { accountId: acc['10101'], debit: part },
      { accountId: acc['20101'], credit: part },
    ]),
  });
  await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
});
await db.owner((tx) =>
  tx.exec(
    `SELECT setval('member_transaction_seq_' || replace($1::text, '-', ''), (SELECT max(seq) FROM member_transaction WHERE tenant_id = $1::uuid))`,
    [info.tenantId],
  ),
);
await db.owner((tx) => tx.exec('ANALYZE member; ANALYZE member_saving; ANALYZE member_transaction; ANALYZE interest_tax_month'));
if (VACUUM) {
  // What a deployment's autovacuum does in the days between the opening movements and the month end (this server runs
  // with autovacuum off): the visibility map set, so the basis read of the movements is index-only. A plain
  // connection: VACUUM cannot run inside a transaction block.
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM member_transaction, member_saving, member');
  await c.end();
}
console.log(
  `setup${VACUUM ? ' (vacuumed)' : ''}: ${N.toLocaleString('en')} accounts of ${Math.ceil(N / 2).toLocaleString('en')} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);

// The machine's speed drifts (docs/savings.md): the ceiling (a minimal deposit in plain SQL, pgbench, 32
// clients; 5,100-5,800/s on the machine) measured for 10 s right before the release and right after it.
const pgbench = pgbenchPath(process.env.INTEREST_BENCH_PGBENCH === '0' ? 'INTEREST_BENCH_PGBENCH=0' : null);
const ceiling = async () => {
  if (typeof pgbench !== 'string') return pgbench.skipped;
  await plainDepositTables(db, 10_000);
  const c = plainDepositCeiling(pgbench, url, 10_000, 32, 10);
  await dropPlainDepositTables(db);
  return `${c.tps.toFixed(0)}/s`;
};
const ceilingBefore = await ceiling();

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
// Killed once KILL_AT of the accounts are committed: the resumed part (measured below) is the rest.
const watcher = setInterval(async () => {
  const p = await db
    .tenant(info.tenantId, (tx) =>
      tx.one<{ accounts: number }>('SELECT accounts FROM saving_interest_release WHERE tenant_id = app_tenant()'),
    )
    .catch(() => undefined);
  if ((p?.accounts ?? 0) >= N * KILL_AT) child.kill('SIGKILL');
}, POLL_MS);
const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
clearTimeout(killer);
clearInterval(watcher);
const killedAt = (Date.now() - t1) / 1000;
const mid = await db.tenant(info.tenantId, (tx) =>
  tx.one<{ status: string; accounts: number; chunks: number }>(
    'SELECT status, accounts, chunks FROM saving_interest_release WHERE tenant_id = app_tenant()',
  ),
);
const firstRate = (mid?.accounts ?? 0) / killedAt;
console.log(
  `first run ${code === 0 ? 'finished' : 'killed'} after ${killedAt.toFixed(1)} s: ${mid?.status}, ${mid?.accounts.toLocaleString('en')} accounts in ${mid?.chunks} committed chunks ` +
    `(${Math.round(firstRate).toLocaleString('en')} accounts/s, ${(1000 / Math.max(firstRate, 1e-9)).toFixed(3)} ms/account)`,
);
console.log(await serverSettingsLine(db));
const meter = databaseCpuMeter(db);
await meter.start();
const cpuR = process.cpuUsage();
const t2 = Date.now();
const r = await releaseSavings(ctx, { startDate: start, endDate: end, chunkSize: CHUNK, concurrency: CONCURRENCY });
const resumeS = (Date.now() - t2) / 1000;
const pgS = await meter.stop();
const cpuNode = process.cpuUsage(cpuR);
const totalS = (Date.now() - t1) / 1000;
const more = r.accounts - (mid?.accounts ?? 0);
if (code === 0) {
  // INTEREST_BENCH_KILL_AT=2: the first run released everything; this call found the release finished and walked the
  // accounts once more, paying none (a second release of the period).
  console.log(
    `nothing to resume: a second call walked the period's accounts in ${resumeS.toFixed(1)} s and paid ${r.accounts.toLocaleString('en')}`,
  );
} else
  console.log(
    `resumed (${CONCURRENCY} connection${CONCURRENCY > 1 ? 's' : ''}): ${r.status}, ${more.toLocaleString('en')} more accounts in ${resumeS.toFixed(1)} s (${Math.round(more / resumeS).toLocaleString('en')} accounts/s, ` +
      `${((resumeS * 1000) / Math.max(more, 1)).toFixed(3)} ms/account wall; CPU per account: Node ${((cpuNode.user + cpuNode.system) / Math.max(more, 1)).toFixed(0)} us, ` +
      `PostgreSQL ${((pgS * 1e6) / Math.max(more, 1)).toFixed(0)} us); ` +
      `whole release ${r.accounts.toLocaleString('en')} accounts, ${r.chunks} chunks of ${CHUNK}, ${totalS.toFixed(1)} s wall (incl. the kill); ` +
      `gross Rp ${r.totalGross.toFixed(2)}, tax Rp ${r.totalTax.toFixed(2)}, admin Rp ${r.totalAdminFee.toFixed(2)}`,
  );
console.log(
  `pgbench ceiling (minimal deposit in plain SQL, 32 clients, 10 s; the issue's machine 5,100-5,800/s): ${ceilingBefore} right before the release, ${await ceiling()} right after`,
);
console.log(`after: ${uptime()}`);

// 3. Exactly once, and the books.
const again = await releaseSavings(ctx, { startDate: start, endDate: end, chunkSize: CHUNK });
const check = await db.tenant(info.tenantId, async (tx) => {
  const rows = await tx.one<{ n: number; d: number; twice: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT saving_id)::int AS d,
            (SELECT count(*)::int FROM (SELECT saving_id FROM saving_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'
                                        GROUP BY saving_id, start_date HAVING count(*) > 1) x) AS twice
     FROM saving_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'`,
  );
  const tb = await tx.one<{ d: string; c: string }>(
    'SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM journal_line WHERE tenant_id = app_tenant()',
  );
  const control = await tx.one<{ gl: string; sub: string }>(
    `SELECT (SELECT coalesce(sum(l.credit - l.debit), 0)::text FROM journal_line l JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
             WHERE l.tenant_id = app_tenant() AND a.code = '20101') AS gl,
            (SELECT sum(balance)::text FROM member_saving WHERE tenant_id = app_tenant() AND kind = 'SAVING' AND saving_type = 'VOLUNTARY') AS sub`,
  );
  // Each member's month withheld as PP 15/2009 says (the tenant's defaults: Rp 240,000 free, 10 %): the tax of the
  // member's month total, whichever of the two accounts carries it.
  const tax = await tx.one<{ members: number; mistaxed: number }>(
    `SELECT count(*)::int AS members, count(*) FILTER (WHERE x.t <> CASE WHEN x.g > 240000 THEN round(x.g * 0.10, 2) ELSE 0 END)::int AS mistaxed
     FROM (SELECT member_id, sum(gross) AS g, sum(tax) AS t FROM saving_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'
           GROUP BY member_id) x`,
  );
  return { ...rows!, tb: tb!, control: control!, tax: tax! };
});
const ok =
  check.n === N &&
  check.d === N &&
  check.twice === 0 &&
  again.accounts === 0 &&
  check.tb.d === check.tb.c &&
  check.tax.mistaxed === 0 &&
  dec(check.control.gl).eq(check.control.sub);
console.log(
  `check: ${check.n.toLocaleString('en')} interest rows for ${check.d.toLocaleString('en')} accounts, paid twice: ${check.twice}, second release paid ${again.accounts}; ` +
    `members taxed off the month's total: ${check.tax.mistaxed} of ${check.tax.members.toLocaleString('en')}; ` +
    `trial balance ${check.tb.d} / ${check.tb.c}; savings control ${check.control.gl} = accounts ${check.control.sub} -> ${ok ? 'OK' : 'FAILED'}`,
);
await db.close();
process.exit(ok ? 0 : 1);

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
