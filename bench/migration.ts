/**
 * The data migration wizard at scale on PostgreSQL (issue 17, docs/migration.md):
 * members, savings accounts, deposits and loans generated as the wizard's
 * Excel files, staged (read, checked row by row, written in chunks), the
 * opening balance sheet uploaded, reviewed, and every type confirmed
 * (set-based inserts, one journal per type against the temporary account).
 *
 *   npm run bench -- migration                           (SCALE=0.05: 5,000 members, 10,000 savings, 1,000 deposits, 2,500 loans)
 *   MIGRATION_BENCH_SCALE=1 npm run bench -- migration   (the issue's 100,000 / 200,000 / 20,000 / 50,000; target: within 5 minutes)
 *   BENCH_DATABASE_URL=... npm run bench -- migration
 *
 * Prints the time of each phase, microseconds per row, the load average and
 * `uptime`, and checks that the temporary account ends at zero and every
 * control account equals its sub-ledger.
 */
import { execSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { ProductCreate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import ExcelJS from 'exceljs';
import { createPgDb } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { addMonths, todayJakarta } from '../apps/api/src/modules/ledger/dates.ts';
import { SHEET_COLUMNS } from '../apps/api/src/modules/migration/migration.columns.ts';
import * as svc from '../apps/api/src/modules/migration/migration.service.ts';
import { defaultGl } from '../apps/api/src/modules/products/products.seed.ts';
import { createProductTx } from '../apps/api/src/modules/products/products.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl } from './_pg.ts';

const SCALE = Number(process.env.MIGRATION_BENCH_SCALE ?? 0.05);
const N = {
  members: Math.round(100_000 * SCALE),
  savings: Math.round(200_000 * SCALE),
  deposits: Math.round(20_000 * SCALE),
  loans: Math.round(50_000 * SCALE),
};
const today = todayJakarta();

async function xlsx(header: string[], rows: (i: number) => unknown[], n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Data');
  ws.addRow(header).commit();
  for (let i = 1; i <= n; i++) ws.addRow(rows(i)).commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const cif = (i: number) => `M${String(i).padStart(8, '0')}`;

const url = await benchDatabaseUrl('migration');
const db = createPgDb(url, 4);
await migrate(db);
const info = await createTenant(db, {
  name: 'Koperasi Bench Migrasi',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email: `bench-migration-${Date.now()}@bench.koperasi.id`,
  phone: `+62812${String(Date.now()).slice(-8)}`,
  password: 'Bench-Password-2026',
  active: true,
  stepConfiguration: 3,
});
const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench-migration' });
const codes = await db.tenant(info.tenantId, async (tx) => {
  await createProductTx(tx, ctx, {
    kind: 'SAVING_DEPOSIT',
    code: 'DEP',
    name: 'Deposito Bench',
    rate12Month: 6,
    dayCount: 'MONTHLY',
    effectiveDate: '2020-01-01',
    glAccounts: await defaultGl(tx, 'SAVING_DEPOSIT', null),
  } as ProductCreate);
  await createProductTx(tx, ctx, {
    kind: 'LOAN',
    code: 'PJM',
    name: 'Pinjaman Bench',
    // ANUITAS with rounding to 100: the remaining schedules come from packages/finance per loan.
    interestMethod: 'ANUITAS',
    interestRate: 1,
    roundingMultiple: 100,
    minTenor: 1,
    maxTenor: 60,
    minAmount: 100000,
    maxAmount: 100000000,
    effectiveDate: '2020-01-01',
    glAccounts: await defaultGl(tx, 'LOAN', null),
  } as unknown as ProductCreate);
  const rows = await tx.query<{ code: string; saving_type: string | null }>(
    `SELECT code, saving_type FROM product WHERE tenant_id = app_tenant() AND kind IN ('SAVING', 'SAVING_EQUITY')`,
  );
  return {
    principal: rows.find((r) => r.saving_type === 'PRINCIPAL')!.code,
    voluntary: rows.find((r) => r.saving_type === 'VOLUNTARY')!.code,
  };
});

// ---------------------------------------------------------------- the files
const tg = Date.now();
const members = await xlsx(
  SHEET_COLUMNS.MEMBERS.map((c) => c.header),
  (i) => {
    const female = i % 2 === 1;
    const day = 1 + (i % 28);
    const month = 1 + (i % 12);
    const year = 1960 + (i % 40);
    const mm = String(month).padStart(2, '0');
    return [
      cif(i),
      `Anggota Migrasi ${i}`,
      female ? 'P' : 'L',
      'Bandung',
      `${year}-${mm}-${String(day).padStart(2, '0')}`,
      `0813${String(i).padStart(8, '0')}`,
      'KTP',
      `3273${String(day + (female ? 40 : 0)).padStart(2, '0')}${mm}${String(year).slice(2)}${String(i).padStart(6, '0')}`,
      '',
      `Jl. Asia Afrika No. ${i % 200}, Bandung`,
      'Pedagang',
      'ANGGOTA',
      '2018-07-01',
    ];
  },
  N.members,
);
// Savings: half principal (one per member), half voluntary.
const savings = await xlsx(
  SHEET_COLUMNS.SAVINGS.map((c) => c.header),
  (i) =>
    i <= N.savings / 2
      ? [cif(((i - 1) % N.members) + 1), codes.principal, `P${i}`, 100000, '']
      : [cif(((i - 1) % N.members) + 1), codes.voluntary, `S${i}`, 50000 + (i % 1000) * 1000.5, ''],
  N.savings,
);
const deposits = await xlsx(
  SHEET_COLUMNS.DEPOSITS.map((c) => c.header),
  (i) => [
    cif(((i - 1) % N.members) + 1),
    'DEP',
    `B${i}`,
    5000000 + (i % 50) * 100000,
    12,
    '',
    addMonths(today, -3),
    addMonths(today, 9),
    addMonths(today, 1),
    'NONE',
  ],
  N.deposits,
);
const loans = await xlsx(
  SHEET_COLUMNS.LOANS.map((c) => c.header),
  (i) => [
    cif(((i - 1) % N.members) + 1),
    'PJM',
    `L${i}`,
    12000000,
    12,
    1,
    addMonths(today, -4),
    3000000,
    i % 5 === 0 ? 1000000 : 0,
    i % 5 === 0 ? 120000 : 0,
    8,
    addMonths(today, 1),
  ],
  N.loans,
);
console.log(
  `files: ${N.members.toLocaleString('en')} members, ${N.savings.toLocaleString('en')} savings, ${N.deposits.toLocaleString('en')} deposits, ${N.loans.toLocaleString('en')} loans ` +
    `(${((members.length + savings.length + deposits.length + loans.length) / 1048576).toFixed(1)} MB) generated in ${((Date.now() - tg) / 1000).toFixed(1)} s`,
);

// ---------------------------------------------------------------- stage, review, confirm
const phases: Array<[string, number, number]> = [];
async function timed<T>(name: string, rows: number, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await fn();
  const ms = performance.now() - t;
  phases.push([name, rows, ms]);
  console.log(
    `${name.padEnd(22)} ${rows.toLocaleString('en').padStart(9)} rows ${(ms / 1000).toFixed(2).padStart(8)} s ${rows ? `${Math.round((ms * 1000) / rows)} µs/row` : ''}`,
  );
  return r;
}
const t0 = performance.now();
for (const [type, buf, n] of [
  ['MEMBERS', members, N.members],
  ['SAVINGS', savings, N.savings],
  ['DEPOSITS', deposits, N.deposits],
  ['LOANS', loans, N.loans],
] as const) {
  const r = await timed(`stage ${type.toLowerCase()}`, n, () => svc.upload(ctx, type, buf));
  if (r.failed) throw new Error(`${type}: ${r.failed} rows failed`);
}
// The opening balance sheet: the sub-ledger totals, cash on the other side.
const review0 = await svc.review(ctx);
const lines: unknown[][] = review0.accounts.map((a) =>
  a.type === 'LOANS' ? [a.code, '', '', Number(a.subLedger), null] : [a.code, '', '', null, Number(a.subLedger)],
);
const net = review0.accounts.reduce((s, a) => (a.type === 'LOANS' ? s.minus(a.subLedger) : s.plus(a.subLedger)), dec(0));
const equity = net.isNegative() ? net.neg().plus(1_000_000_000) : dec(1_000_000_000);
lines.push(['10101', '', '', Number(net.plus(equity)), null], ['30301', '', '', null, Number(equity)]);
await timed('stage neraca', lines.length, async () =>
  svc.uploadNeraca(ctx, await xlsx(['Kode Akun', 'Nama Akun', 'Jenis', 'Debit', 'Kredit'], (i) => lines[i - 1], lines.length)),
);
const review = await timed('review', 0, () => svc.review(ctx));
if (!review.ready) throw new Error(`not ready: ${JSON.stringify(review.differences)}`);
for (const [type, n] of [
  ['NERACA', lines.length],
  ['MEMBERS', N.members],
  ['SAVINGS', N.savings],
  ['DEPOSITS', N.deposits],
  ['LOANS', N.loans],
] as const)
  await timed(`confirm ${type.toLowerCase()}`, n, () => svc.confirm(ctx, type));
const total = (performance.now() - t0) / 1000;

// ---------------------------------------------------------------- checks
const check = await svc.check(ctx);
const problems = await db.tenant(info.tenantId, (tx) =>
  tx.query<{ code: string; ledger: string; sub: string }>(
    `WITH sub AS (
       SELECT g.coa_id, sum(s.balance) AS amt FROM member_saving s JOIN product_gl_account g ON g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CONTROL' WHERE s.tenant_id = app_tenant() GROUP BY 1
       UNION ALL SELECT g.coa_id, sum(d.principal) FROM deposit d JOIN product_gl_account g ON g.tenant_id = d.tenant_id AND g.product_id = d.product_id AND g.role = 'CONTROL' WHERE d.tenant_id = app_tenant() GROUP BY 1
       UNION ALL SELECT receivable_coa_id, sum(remaining_principal) FROM loan WHERE tenant_id = app_tenant() GROUP BY 1
     ), led AS (
       SELECT a.id, a.code, CASE WHEN a.normal_balance = 'DEBIT' THEN sum(l.debit - l.credit) ELSE sum(l.credit - l.debit) END AS amt
       FROM coa_account a JOIN journal_line l ON l.tenant_id = a.tenant_id AND l.account_id = a.id WHERE a.tenant_id = app_tenant() GROUP BY a.id, a.code, a.normal_balance
     )
     SELECT led.code, led.amt::text AS ledger, sub.amt::text AS sub FROM sub JOIN led ON led.id = sub.coa_id WHERE led.amt <> sub.amt`,
  ),
);
console.log(
  `total (stage + review + confirm): ${total.toFixed(1)} s for ${(N.members + N.savings + N.deposits + N.loans).toLocaleString('en')} rows ` +
    `(scale ${SCALE}; target at scale 1: 300 s); temporary account ${check.temporaryBalance.toFixed(2)}; ` +
    `control accounts ${problems.length ? `DIFFER ${JSON.stringify(problems)}` : 'equal to their sub-ledgers'}`,
);
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
await db.close();
if (problems.length || !check.temporaryBalance.isZero() || !check.done) process.exit(1);
