/**
 * The resumable batch's own cost (modules/jobs/batch.ts): `runBatch` over N items (default 20,000; `N=...`) in
 * chunks of 500 (`CHUNK=...`), each chunk one transaction that locks the run, reads the next items after the cursor,
 * claims them in job_item, writes one audit row per item and moves the cursor. Prints items/s and the per-item wall
 * and Node CPU time.
 *
 *   npm run bench -- jobs            (a fresh koperasi_bench_jobs, or BENCH_DATABASE_URL)
 */
import { createPgDb } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { runBatch } from '../apps/api/src/modules/jobs/batch.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl } from './_pg.ts';

const N = Number(process.env.N ?? 20_000);
const CHUNK = Number(process.env.CHUNK ?? 500);
const db = createPgDb(await benchDatabaseUrl('jobs'), 4);
await migrate(db);
const info = await createTenant(db, {
  name: 'Koperasi Bench Jobs',
  cooperativeType: 'KSP',
  fullName: 'Admin Bench',
  email: `bench-jobs-${Date.now()}@bench.koperasi.id`,
  phone: `+62812${String(Date.now()).slice(-8)}`,
  password: 'Bench-Password-2026',
  active: true,
  stepConfiguration: 3,
});
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await runBatch({
  db,
  tenantId: info.tenantId,
  name: 'bench.batch',
  key: `bench-${Date.now()}`,
  chunkSize: CHUNK,
  items: (tx, after, limit) =>
    tx.query<{ key: string }>(
      `SELECT lpad(g::text, 8, '0') AS key FROM generate_series(1, $3::int) g
       WHERE $1::text IS NULL OR lpad(g::text, 8, '0') > $1 ORDER BY 1 LIMIT $2`,
      [after, limit, N],
    ),
  processChunk: async (tx, items) => {
    await tx.exec(
      `INSERT INTO audit_log (tenant_id, action, entity, entity_id)
       SELECT app_tenant(), 'bench.item', 'job_bench', k FROM unnest($1::text[]) k`,
      [items.map((i) => i.key)],
    );
  },
});
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(
  `runBatch: ${r.done} items, chunks of ${CHUNK}, in ${(ms / 1000).toFixed(2)} s: ${(r.done / (ms / 1000)).toFixed(0)} items/s, ` +
    `${((ms * 1000) / r.done).toFixed(0)} µs/item wall, Node CPU ${((cpu.user + cpu.system) / r.done).toFixed(0)} µs/item`,
);
await db.close();
