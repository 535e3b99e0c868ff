/**
 * SHU of a large cooperative on PostgreSQL (docs/shu.md "Benchmark"): the year's calculation and its distribution to
 * the members' savings, through the HTTP API the SHU screen calls.
 *
 *   npm run bench -- shu                               (20,000 members, local PostgreSQL, fresh database koperasi_bench_shu)
 *   SHU_BENCH_MEMBERS=100000 npm run bench -- shu
 *
 * 1. Registers a cooperative; N members, each with a principal (Rp 100,000), a mandatory (Rp 120,000 to Rp 2,400,000)
 *    and a voluntary saving (Rp 500,000 to Rp 50,000,000), written in bulk with their opening movements dated in
 *    January of last year and one opening journal per product, so the books reconcile; a surplus of Rp 5,000,000,000
 *    for last year (income and expense journals), the year closed (POST /api/ledger/fiscal-year/close), the SHU
 *    settings saved (jasa modal on the year-end equity savings, jasa usaha on the voluntary savings' average balance).
 * 2. Times POST /api/shu/calculate (every member's bases and shares), POST /api/shu/distribute (payout to each
 *    member's oldest voluntary saving, chunks of shuTuning.chunkSize members, each its own transaction and journal),
 *    POST /api/shu/cancel (every share taken back, every journal reversed), then calculates and distributes again.
 * 3. Checks afterwards: every member with a share credited once, the credited total equal to the members' net
 *    shares, the savings control accounts equal to the accounts, the trial balance.
 */
import { dec } from '@koperasi/finance';
import { buildApp } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl, serverSettingsLine } from './_pg.ts';

const N = Number(process.env.SHU_BENCH_MEMBERS ?? 20_000);
const PASSWORD = 'Bench-Password-2026';
const YEAR = new Date().getUTCFullYear() - 1;
const OPENED = `${YEAR}-01-10`;
const SURPLUS = 5_000_000_000;

const url = await benchDatabaseUrl('shu');
const app = await buildApp({
  logger: process.env.SHU_BENCH_LOG ? { level: 'error' } : false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', authRateLimitPerMinute: 1_000_000 },
  jobs: false,
});
const db = app.db;

// ---------------------------------------------------------------- set-up

const t0 = Date.now();
const email = `bench-shu-${Date.now()}@bench.koperasi.id`;
const info = await createTenant(db, {
  name: 'Koperasi Bench SHU',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email,
  phone: null,
  password: PASSWORD,
  active: true,
  stepConfiguration: 3,
});
const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench-shu' });

/** One account per member of a product, with its opening movement; answers the product's control account and total. */
const SAVINGS = [
  { key: 'PRINCIPAL', kind: 'SAVING_EQUITY', amount: '100000' },
  { key: 'MANDATORY', kind: 'SAVING_EQUITY', amount: '(120000 * (1 + (m.i * 7919) % 20))' },
  { key: 'VOLUNTARY', kind: 'SAVING', amount: '(500000 * (1 + (m.i * 104729) % 100))' },
] as const;

await db.tenant(info.tenantId, async (tx) => {
  await tx.exec('SET LOCAL statement_timeout = 0');
  await tx.exec(
    `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
     SELECT app_tenant(), 'S' || lpad(g::text, 8, '0'), 'Anggota SHU ' || g, CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END, 'KTP',
            lpad((70000000 + g)::text, 16, '3'), 'MEMBER', 'ACTIVE', $2::date - 30, 'PAID'
     FROM generate_series(1, $1::int) g`,
    [N, OPENED],
  );
  const cash = (await tx.one<{ id: string }>(`SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND code = '10101'`))!.id;
  for (const s of SAVINGS) {
    const product = (await tx.one<{ id: string; code: string; control: string }>(
      `SELECT p.id, p.code, g.coa_id AS control FROM product p
         JOIN product_gl_account g ON g.tenant_id = p.tenant_id AND g.product_id = p.id AND g.role = 'CONTROL'
        WHERE p.tenant_id = app_tenant() AND p.system_key = $1`,
      [s.key],
    ))!;
    await tx.exec(
      `WITH m AS (SELECT id, row_number() OVER (ORDER BY cif_number) AS i FROM member WHERE tenant_id = app_tenant())
       INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
       SELECT app_tenant(), $3 || '.S' || lpad(m.i::text, 8, '0'), m.id, $1, $4, $5, 'ACTIVE', ${s.amount}, ${s.amount}, $2::date FROM m`,
      [product.id, OPENED, product.code, s.kind, s.key],
    );
    const group = crypto.randomUUID();
    await tx.exec(
      `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, created_by, approved_by)
       SELECT app_tenant(), n.seq, 'TRX' || to_char($1::date, 'YYMMDD') || lpad(n.seq::text, 8, '0'), $1::date, n.member_id, n.product_id, $5,
              n.id, 'TOPUP', 'OPENING_BALANCE', n.balance, n.balance, 'SYSTEM', $2, $3, $3
       FROM (SELECT s.*, tenant_sequence_next('member_transaction_seq') AS seq FROM member_saving s
              WHERE s.tenant_id = app_tenant() AND s.product_id = $4) n`,
      [OPENED, group, info.adminUserId, product.id, s.kind],
    );
    const total = (await tx.one<{ s: string }>(
      'SELECT sum(balance)::text AS s FROM member_saving WHERE tenant_id = app_tenant() AND product_id = $1',
      [product.id],
    ))!.s;
    const j = await post(tx, ctx, {
      date: OPENED,
      description: `Saldo awal ${s.key} (bench SHU)`,
      source: { module: 'SAVING', id: group },
      lines: [
        { accountId: cash, debit: dec(total) },
        { accountId: product.control, credit: dec(total) },
      ],
    });
    await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
  }
  // The year's result: income 6,000,000,000, expenses 1,000,000,000.
  const acc = Object.fromEntries(
    (
      await tx.query<{ id: string; code: string }>(
        `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '40302', '50201')`,
      )
    ).map((r) => [r.code, r.id]),
  );
  await post(tx, ctx, {
    date: `${YEAR}-06-30`,
    description: 'Pendapatan jasa (bench SHU)',
    source: { module: 'MANUAL' },
    lines: [
      { accountId: acc['10101'], debit: dec(SURPLUS + 1_000_000_000) },
      { accountId: acc['40302'], credit: dec(SURPLUS + 1_000_000_000) },
    ],
  });
  await post(tx, ctx, {
    date: `${YEAR}-09-30`,
    description: 'Beban (bench SHU)',
    source: { module: 'MANUAL' },
    lines: [
      { accountId: acc['50201'], debit: dec(1_000_000_000) },
      { accountId: acc['10101'], credit: dec(1_000_000_000) },
    ],
  });
});
await db.owner((tx) => tx.exec('ANALYZE member; ANALYZE member_saving; ANALYZE member_transaction'));

const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const signIn = await app.inject({
  method: 'POST',
  url: `/oauth/token?username=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&grant_type=password`,
  headers: { authorization: basic },
});
const token = (signIn.json() as { access_token: string }).access_token;
const call = async (path: string, payload: unknown) => {
  const s = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    payload: payload as Record<string, unknown>,
  });
  const seconds = (Date.now() - s) / 1000;
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return { seconds, data: (res.json() as { data: Record<string, unknown> }).data };
};

const closed = await call('/api/ledger/fiscal-year/close', { year: YEAR });
await call('/api/shu/settings', {
  year: YEAR,
  shares: { RESERVE: 40, MEMBER_EQUITY: 20, MEMBER_TRANSACTION: 25, MANAGEMENT: 5, EMPLOYEE: 5, EDUCATION: 2.5, SOCIAL: 2.5, OTHER: 0 },
  transactionBasis: 'SAVING_AVERAGE_BALANCE',
});
console.log(`\nSHU benchmark on PostgreSQL, ${new Date().toISOString()}`);
console.log(await serverSettingsLine(db));
console.log(
  `set-up: ${N.toLocaleString('en')} members with ${(3 * N).toLocaleString('en')} savings accounts, year ${YEAR} closed with a surplus of ${String(closed.data.surplus)}, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);

// ---------------------------------------------------------------- calculate and distribute

const calc = await call('/api/shu/calculate', { year: YEAR });
console.log(
  `calculate: ${calc.seconds.toFixed(1)} s for ${N.toLocaleString('en')} members (${Math.round(N / calc.seconds).toLocaleString('en')} members/s)`,
);
const rate = (s: number) =>
  `${s.toFixed(1)} s for ${N.toLocaleString('en')} members (${Math.round(N / s).toLocaleString('en')} members/s), one request`;
const dist = await call('/api/shu/distribute', { year: YEAR });
console.log(`distribute to savings: ${rate(dist.seconds)}`);
// Taken back before any payout (every share out of its account, every journal reversed), then calculated and
// distributed again: the checks below see the second distribution.
const cancel = await call('/api/shu/cancel', { year: YEAR, reason: 'Bench: dibatalkan dan dihitung ulang' });
console.log(`cancel the distribution: ${rate(cancel.seconds)}`);
const again = await call('/api/shu/calculate', { year: YEAR });
const dist2 = await call('/api/shu/distribute', { year: YEAR });
console.log(`calculate and distribute again: ${again.seconds.toFixed(1)} s + ${dist2.seconds.toFixed(1)} s`);

// ---------------------------------------------------------------- checks

const check = await db.tenant(info.tenantId, (tx) =>
  tx.one<{
    members: number;
    credited: number;
    net: string;
    movements: string;
    twice: number;
    tb_d: string;
    tb_c: string;
    ctl: string;
    sub: string;
  }>(
    `WITH c AS (SELECT id FROM shu_calculation WHERE tenant_id = app_tenant() AND fiscal_year = $1 AND status = 'DISTRIBUTED')
     SELECT (SELECT count(*)::int FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = (SELECT id FROM c) AND net > 0) AS members,
            (SELECT count(*)::int FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = (SELECT id FROM c) AND status = 'CREDITED') AS credited,
            (SELECT sum(net)::text FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = (SELECT id FROM c)) AS net,
            -- Credited less taken back: the second distribution's.
            (SELECT sum(saving_net(kind, amount))::text FROM member_transaction WHERE tenant_id = app_tenant() AND transaction_date >= $2::date
               AND activity IN ('SHU', 'REVERSAL')) AS movements,
            (SELECT count(*)::int FROM (SELECT saving_id FROM member_transaction WHERE tenant_id = app_tenant() AND activity = 'SHU' AND status = 'POSTED'
                                         GROUP BY saving_id HAVING count(*) > 1) z) AS twice,
            (SELECT sum(debit)::text FROM ledger_balance WHERE tenant_id = app_tenant()) AS tb_d,
            (SELECT sum(credit)::text FROM ledger_balance WHERE tenant_id = app_tenant()) AS tb_c,
            (SELECT sum(b.credit - b.debit)::text FROM ledger_balance b
              WHERE b.tenant_id = app_tenant() AND b.account_id IN (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = app_tenant() AND g.role = 'CONTROL')) AS ctl,
            (SELECT sum(balance)::text FROM member_saving WHERE tenant_id = app_tenant()) AS sub`,
    [YEAR, `${YEAR + 1}-01-01`],
  ),
);
const ok =
  check!.credited === check!.members &&
  dec(check!.net).eq(dec(check!.movements ?? 0)) &&
  check!.twice === 0 &&
  dec(check!.tb_d).eq(dec(check!.tb_c)) &&
  dec(check!.ctl).eq(dec(check!.sub));
console.log(
  `check: ${check!.credited.toLocaleString('en')} of ${check!.members.toLocaleString('en')} members credited, credited twice (live): ${check!.twice}; ` +
    `net shares ${check!.net} = credited less taken back ${check!.movements}; trial balance ${check!.tb_d} / ${check!.tb_c}; savings control ${check!.ctl} = accounts ${check!.sub} -> ${ok ? 'OK' : 'FAILED'}`,
);
await app.close();
process.exit(ok ? 0 : 1);
