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
import { buildApp } from '../apps/api/src/app.ts';
import { EXPORT_MAX_ROWS } from '../apps/api/src/lib/excel.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { bulkDeposits } from '../apps/api/test/bulk-deposits.ts';
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
const t0 = performance.now();
/** `n` more deposits of Rp 1,000 into one account (ROWS + 1 in all after the second call), with their journal. */
async function addRows(n: number): Promise<void> {
  await bulkDeposits(db, { tenantId: info.tenantId, userId: info.adminUserId }, n, {
    cif: 'E00000001',
    dateSql: "date '2026-01-02' + (g % 300)",
    journalDate: '2026-01-02',
  });
  await db.owner((tx) => tx.exec('ANALYZE member_transaction'));
}
await addRows(ROWS);
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
await addRows(Math.max(1, EXPORT_MAX_ROWS + 1 - ROWS));
await exportOnce('one row over the limit');
await app.close();
