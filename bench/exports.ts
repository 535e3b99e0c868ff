/**
 * An Excel export of the member transactions list (`GET /api/transaction/datatable?format=xlsx`, the "Ekspor" button
 * of Transaksi Anggota) at the export limit, through HTTP, while a teller's light call is sent every 100 ms: the
 * export's time and size, the server's peak RSS, the worst answer of the light call (what a teller waits while a
 * manager exports), and Node's worst event-loop stall. Then the same list one row over the limit, which must be
 * refused (422 EXPORT_TOO_MANY_ROWS) quickly.
 *
 *   npm run bench -- exports              (EXPORTS_BENCH_ROWS, default EXPORT_MAX_ROWS = 100,000)
 *
 * A fresh koperasi_bench_exports (or BENCH_DATABASE_URL); the rows written straight into the tables with their journal,
 * as the interest bench does.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dec } from '@koperasi/finance';
import { buildApp } from '../apps/api/src/app.ts';
import { systemCtx } from '../apps/api/src/lib/context.ts';
import { EXPORT_MAX_ROWS } from '../apps/api/src/lib/excel.ts';
import { post } from '../apps/api/src/modules/ledger/posting.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl, percentile } from './_pg.ts';

const ROWS = Number(process.env.EXPORTS_BENCH_ROWS ?? EXPORT_MAX_ROWS);
const PASSWORD = 'Bench-Password-2026';
const url = await benchDatabaseUrl('exports');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', authRateLimitPerMinute: 1_000_000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = app.db;

const stamp = Date.now();
const email = `bench-exports-${stamp}@bench.koperasi.id`;
const info = await createTenant(db, {
  name: 'Koperasi Bench Ekspor',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email,
  phone: `+62814${String(stamp).slice(-8)}`,
  password: PASSWORD,
  active: true,
  stepConfiguration: 3,
});
const ctx = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'bench-exports' });
const t0 = performance.now();
/** `n` more deposits of Rp 1,000 into one account (ROWS + 1 in all after the second call), with their journal. */
async function addRows(n: number, from: number): Promise<void> {
  await db.tenant(info.tenantId, async (tx) => {
    await tx.exec('SET LOCAL statement_timeout = 0');
    const product = (await tx.one<{ id: string; code: string }>(
      `SELECT id, code FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`,
    ))!;
    const member =
      (await tx.one<{ id: string }>(`SELECT id FROM member WHERE tenant_id = app_tenant() AND cif_number = 'E00000001'`)) ??
      (await tx.one<{ id: string }>(
        `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
         VALUES (app_tenant(), 'E00000001', 'Anggota Ekspor', 'L', 'KTP', '3300000000000009', 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID') RETURNING id`,
      ))!;
    const saving =
      (await tx.one<{ id: string }>(`SELECT id FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1`, [member.id])) ??
      (await tx.one<{ id: string }>(
        `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
         VALUES (app_tenant(), $3 || '.E0000001', $1, $2, 'SAVING', 'VOLUNTARY', 'ACTIVE', 0, 0, '2026-01-02') RETURNING id`,
        [member.id, product.id, product.code],
      ))!;
    const group = crypto.randomUUID();
    const seq = Number((await tx.one<{ n: string }>("SELECT tenant_sequence_next('member_transaction_seq')::text AS n"))!.n);
    await tx.exec(
      `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, created_by, approved_by)
       SELECT app_tenant(), $1::bigint + g, 'TRXE' || lpad(($7::int + g)::text, 9, '0'), date '2026-01-02' + (g % 300),
              $2, $3, 'SAVING', $4, 'TOPUP', 'DEPOSIT', 1000, 1000 * ($7::int + g), 'TELLER', $5, $6, $6
         FROM generate_series(1, $8::int) g`,
      [seq * 1_000_000, member.id, product.id, saving.id, group, info.adminUserId, from, n],
    );
    await tx.exec(
      'UPDATE member_saving SET balance = balance + $2, total_credit = total_credit + $2 WHERE tenant_id = app_tenant() AND id = $1',
      [saving.id, n * 1000],
    );
    const acc = Object.fromEntries(
      (
        await tx.query<{ id: string; code: string }>(
          `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '20101')`,
        )
      ).map((r) => [r.code, r.id]),
    );
    const j = await post(tx, ctx, {
      date: '2026-01-02',
      description: 'Setoran bench ekspor',
      source: { module: 'SAVING', id: group },
      lines: [
        { accountId: acc['10101']!, debit: dec(n * 1000) },
        { accountId: acc['20101']!, credit: dec(n * 1000) },
      ],
    });
    await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
  });
  await db.owner((tx) => tx.exec('ANALYZE member_transaction'));
}
await addRows(ROWS, 0);
console.log(`set-up: ${ROWS.toLocaleString('en')} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const token = (
  (await (
    await fetch(`${base}/oauth/token?username=${encodeURIComponent(email)}&password=${PASSWORD}&grant_type=password`, {
      method: 'POST',
      headers: { authorization: basic },
    })
  ).json()) as { access_token: string }
).access_token;
const headers = { authorization: `Bearer ${token}` };

/** The export, with a light call every 100 ms meanwhile (its answer times) and the RSS and event loop watched. */
async function exportOnce(label: string): Promise<void> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let rss = process.memoryUsage().rss;
  const rssTimer = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 100);
  const light: number[] = [];
  let exporting = true;
  const pinger = (async () => {
    while (exporting) {
      const s = performance.now();
      await fetch(`${base}/api/health`);
      light.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const s = performance.now();
  const res = await fetch(`${base}/api/transaction/datatable?format=xlsx`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - s;
  exporting = false;
  await pinger;
  clearInterval(rssTimer);
  loop.disable();
  const sorted = light.sort((a, b) => a - b);
  const refused = res.status === 200 ? '' : ` (${res.headers.get('content-type')?.includes('json') ? 'refused' : '?'})`;
  console.log(
    `${label}: ${res.status}${refused} in ${(ms / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB; ` +
      `peak RSS ${(rss / 1e6).toFixed(0)} MB; light calls meanwhile: ${sorted.length}, p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms; worst event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
  );
}

await exportOnce(`export of ${ROWS.toLocaleString('en')} rows`);
await exportOnce(`again`);
await addRows(EXPORT_MAX_ROWS + 1 - ROWS > 0 ? EXPORT_MAX_ROWS + 1 - ROWS : 1, ROWS);
await exportOnce('one row over the limit');
await app.close();
