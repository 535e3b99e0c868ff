/**
 * Upload of 100,000 generated members from an Excel file (the member upload
 * template), through the real endpoint: POST /api/member/upload, then polling
 * GET /api/member/upload/{jobId}/progress until the job is done.
 *   npm run bench -- members-upload            (local PostgreSQL, fresh database)
 *   npm run bench -- members-upload pglite     (embedded PGlite in a fresh directory)
 *   BENCH_DATABASE_URL=... npm run bench -- members-upload
 *   ROWS=20000 npm run bench -- members-upload (a smaller run)
 *   MEMBER_UPLOAD_PROFILE=1 ...                (where the time goes: reader, validation, database)
 *   MEMBER_UPLOAD_WORKER=0 ...                 (read in the main thread, for comparison)
 *   BATCH=5000 ...                             (rows per batch)
 * Prints the time from the upload to the last committed row (target under 30 s),
 * the load average, a CPU calibration (how busy the shared machine was), and
 * the memory of this process (main thread and upload worker; the database server
 * is separate on PostgreSQL, inside it on PGlite).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/api/src/app.ts';
import * as upload from '../apps/api/src/modules/members/members.upload.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl } from './_pg.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const engine = process.argv.includes('pglite') ? 'PGlite' : 'PostgreSQL';
// (Read through the module object, so this benchmark also runs against earlier versions of the upload.)
const { UPLOAD_COLUMNS } = upload;
const tuning = (upload as { uploadTuning?: { batchSize: number } }).uploadTuning;
if (process.env.BATCH && tuning) tuning.batchSize = Number(process.env.BATCH);

/** Wall time of a fixed CPU loop: about 1 s on an idle core of this machine; more when the machine is busy. */
function calibrate(): number {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 2e8; i++) x = (x + i * 7) % 1_000_003;
  return x < 0 ? 0 : (performance.now() - t) / 1000;
}
const load = () =>
  loadavg()
    .slice(0, 1)
    .map((l) => l.toFixed(1))[0];
const mb = (bytes: number) => Math.round(bytes / 1048576);

/**
 * CPU seconds of the PostgreSQL backends serving this benchmark, read from /proc
 * (the server is local); sampled while the upload runs, since the pool closes idle connections.
 */
const backendTicks = new Map<number, { first: number; last: number }>();
/** Backends first seen after the first sample were opened during the upload: counted from zero. */
async function sampleBackends(first = false): Promise<void> {
  if (!url) return;
  const pids = await app.db.owner((tx) =>
    tx.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('koperasi', 'koperasi-owner')",
    ),
  );
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const ticks = Number(f[11]) + Number(f[12]);
      const seen = backendTicks.get(pid);
      if (seen) seen.last = ticks;
      else backendTicks.set(pid, { first: first ? ticks : 0, last: ticks });
    } catch {
      // ended meanwhile
    }
  }
}
/** CPU seconds per thread of this process (main thread, upload worker, libuv and V8 helpers), from /proc. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(`${name} ${tid}`, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
const backendCpu = () => [...backendTicks.values()].reduce((s, t) => s + t.last - t.first, 0) / 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'koperasi-bench-upload-'));
const url = engine === 'PGlite' ? undefined : await benchDatabaseUrl('members_upload');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, dataDir, seedDemo: false, jwtSecret: 'bench-secret-0123456789abcdefghijkl', dbPoolSize: 10 },
});
await app.ready();
const email = `bench-${Date.now()}@koperasi.id`;
const password = 'Bench-Password-2026';
const info = await createTenant(app.db, {
  name: 'Koperasi Bench Upload',
  cooperativeType: 'KSP',
  fullName: 'Bench Admin',
  email,
  phone: null,
  password,
  active: true,
  stepConfiguration: 3,
});
await app.db.owner((tx) => tx.exec("INSERT INTO branch (tenant_id, name, code) VALUES ($1, 'Cabang Bandung', 'BDG')", [info.tenantId]));

// ---------------------------------------------------------------- the file
const FIRST = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Slamet',
  'Sri',
  'Joko',
  'Rina',
  'Ahmad',
  'Wati',
  'Rudi',
  'Ratna',
  'Hendra',
  'Nur',
  'Dedi',
  'Yuli',
];
const LAST = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Hidayat',
  'Pratama',
  'Kusuma',
  'Nasution',
  'Siregar',
  'Lubis',
  'Harahap',
  'Gunawan',
  'Setiawan',
];
const tg = Date.now();
const chunks: Buffer[] = [];
const out = new PassThrough();
out.on('data', (c: Buffer) => chunks.push(c));
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
const ws = wb.addWorksheet('Anggota');
ws.addRow(UPLOAD_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header))).commit();
for (let i = 1; i <= ROWS; i++) {
  const female = i % 2 === 1;
  const day = 1 + (i % 28);
  const month = 1 + (i % 12);
  const year = 1960 + (i % 40);
  ws.addRow([
    '',
    `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
    female ? 'P' : 'L',
    'Bandung',
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    `0813${String(i).padStart(8, '0')}`,
    'KTP',
    `3273${String(day + (female ? 40 : 0)).padStart(2, '0')}${String(month).padStart(2, '0')}${String(year).slice(2)}${String(i).padStart(6, '0')}`,
    '',
    `Jl. Asia Afrika No. ${i % 200}, Bandung`,
    'Pedagang',
    'ANGGOTA',
    '2022-07-01',
    '',
    '',
    '',
    '',
    '',
    i % 3 === 0 ? 'BDG' : '',
    '',
  ]).commit();
}
ws.commit();
await wb.commit();
const file = Buffer.concat(chunks);
console.log(
  `generated ${ROWS.toLocaleString('en-US')} rows (${(file.length / 1048576).toFixed(1)} MB) in ${((Date.now() - tg) / 1000).toFixed(1)} s`,
);

// ---------------------------------------------------------------- the upload
const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const login = await app.inject({
  method: 'POST',
  url: '/oauth/token',
  query: { username: email, password, grant_type: 'password' },
  headers: { authorization: basic },
});
const headers = { authorization: `Bearer ${login.json().access_token as string}` };
const boundary = '----koperasibench';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="anggota-${ROWS}.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  ),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

const calibration = calibrate();
const loadBefore = load();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const cpuBefore = process.cpuUsage();
const threadsBefore = threadCpu();
let threadsPeak = new Map<string, number>();
await sampleBackends(true);
const t0 = Date.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/member/upload',
  payload,
  headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
});
if (res.statusCode !== 200) throw new Error(`upload refused: ${res.body}`);
const jobId = res.json().data.id as string;
console.log(`upload accepted in ${Date.now() - t0} ms (job ${jobId}); progress:`);
let job: {
  status: string;
  processedRows: number;
  totalRows: number;
  successRows: number;
  failedRows: number;
  skippedRows: number;
  percent: number;
};
let lastPrint = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const m = process.memoryUsage();
  if (m.rss > rssPeak) {
    rssPeak = m.rss;
    if (process.env.BENCH_MEMORY)
      console.log(`  memory ${JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, mb(v)])))}`);
  }
  await sampleBackends();
  for (const [k, v] of threadCpu()) threadsPeak.set(k, Math.max(v, threadsPeak.get(k) ?? 0));
  job = (await app.inject({ method: 'GET', url: `/api/member/upload/${jobId}/progress`, headers })).json().data;
  if (Date.now() - lastPrint > 3000 || job.status !== 'RUNNING') {
    console.log(
      `  ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s  ${String(job.percent).padStart(3)} %  ${job.processedRows.toLocaleString('en-US')} rows  (load ${load()}, rss ${mb(process.memoryUsage().rss)} MB)`,
    );
    lastPrint = Date.now();
  }
  if (job.status !== 'RUNNING') break;
}
const seconds = (Date.now() - t0) / 1000;
const loadAfter = load();
const cpu = process.cpuUsage(cpuBefore);
const nodeCpu = (cpu.user + cpu.system) / 1e6;
await sampleBackends();
const pgCpu = backendCpu();
const stored = await app.db.owner((tx) =>
  tx.one<{ n: number }>('SELECT count(*)::int AS n FROM member WHERE tenant_id = $1', [info.tenantId]),
);
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(`\nmember upload on ${engine}, ${new Date().toISOString()}`);
console.log(
  `${ROWS.toLocaleString('en-US')} rows: ${job.status} in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s), ` +
    `${job.successRows} saved, ${job.skippedRows} skipped, ${job.failedRows} failed; ${stored?.n} members stored (target under 30 s)`,
);
console.log(
  `load ${loadBefore} -> ${loadAfter}, calibration ${calibration.toFixed(2)} s (about 1 s idle); ` +
    `memory: ${mb(rssBefore)} MB before the upload, peak ${mb(rssPeak)} MB while it ran (+${mb(rssPeak - rssBefore)} MB), process max ${mb(maxRss)} MB`,
);
console.log(
  `CPU during the upload: this process (main thread and upload worker${url ? '' : ', PGlite'}) ${nodeCpu.toFixed(1)} s` +
    (url ? `, PostgreSQL backends ${pgCpu.toFixed(1)} s` : ''),
);
threadsPeak = new Map([...threadsPeak].map(([k, v]) => [k, v - (threadsBefore.get(k) ?? 0)]));
const threadName = (k: string) => {
  const tid = Number(k.split(' ').at(-1));
  return tid === process.pid ? 'main' : threadsBefore.has(k) ? 'helper' : 'new (upload worker)';
};
console.log(
  `  threads: ${[...threadsPeak]
    .filter(([, v]) => v >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${threadName(k)} ${v.toFixed(1)} s`)
    .join(', ')}`,
);
console.log(
  `| ${engine} | ${ROWS.toLocaleString('en-US')} | ${loadBefore}-${loadAfter} | ${calibration.toFixed(2)} s | **${seconds.toFixed(1)} s** | ${Math.round(ROWS / seconds).toLocaleString('en-US')} | +${mb(rssPeak - rssBefore)} MB (${mb(rssPeak)} MB) |`,
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
