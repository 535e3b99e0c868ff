/**
 * Member list search over 1,000,000 members of one cooperative, on PostgreSQL.
 *   npm run bench -- members-search            (local PostgreSQL, fresh database)
 *   BENCH_DATABASE_URL=... npm run bench -- members-search
 *   MEMBERS=200000 npm run bench -- members-search   (a smaller run)
 *   REUSE=1 npm run bench -- members-search           (keep the seeded database of an earlier run)
 *
 * Seeds the members with bulk SQL (generate_series), then sends a mix of the
 * list calls a screen makes (GET /api/member/datatable with searches by name,
 * CIF, phone and NIK, filters, sorting, deep pages; GET member/{q}/search-member)
 * through the real app (authentication, row-level security, envelope) and
 * prints p50/p95/p99 per kind and overall. Target: p95 under 50 ms.
 */
import { buildApp } from '../apps/api/src/app.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl, percentile } from './_pg.ts';

const TOTAL = Number(process.env.MEMBERS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);

const reuseUrl = 'postgres://postgres@127.0.0.1:5432/koperasi_bench_members_search';
const url = process.env.REUSE ? (process.env.BENCH_DATABASE_URL ?? reuseUrl) : await benchDatabaseUrl('members_search');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', dbPoolSize: 10 },
});
await app.ready();
const password = 'Bench-Password-2026';
const previous = process.env.REUSE
  ? await app.db.owner((tx) =>
      tx.one<{ tenant_id: string; email: string; n: number }>(
        `SELECT t.tenant_id, t.email, (SELECT count(*)::int FROM member m WHERE m.tenant_id = t.tenant_id) AS n
         FROM tenant t WHERE t.name = 'Koperasi Bench' ORDER BY t.created_date DESC LIMIT 1`,
      ),
    )
  : undefined;
const email = previous?.email ?? `bench-${Date.now()}@koperasi.id`;
const info =
  previous && previous.n >= TOTAL
    ? { tenantId: previous.tenant_id }
    : await createTenant(app.db, {
        name: 'Koperasi Bench',
        cooperativeType: 'KSP',
        fullName: 'Bench Admin',
        email,
        phone: null,
        password,
        active: true,
        stepConfiguration: 3,
      });
const tenantId = info.tenantId;

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
  'Eko',
  'Ani',
  'Bambang',
  'Fitri',
  'Wahyu',
  'Indah',
  'Yusuf',
  'Ayu',
  'Rizki',
  'Maya',
  'Fajar',
  'Wulan',
  'Andi',
  'Endang',
  'Imam',
  'Kartini',
  'Teguh',
  'Nurul',
  'Arif',
  'Putri',
  'Dimas',
  'Lia',
  'Bayu',
  'Tuti',
];
const MIDDLE = ['', '', '', 'Dwi', 'Tri', 'Eka', 'Nur', 'Sri', 'Adi', 'Putra', 'Putri', 'Budi', 'Indra', 'Kurnia', 'Rahma', 'Dian'];
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
  'Simanjuntak',
  'Gunawan',
  'Setiawan',
  'Susanto',
  'Purnomo',
  'Rahman',
  'Hakim',
  'Wibowo',
  'Permana',
  'Maulana',
  'Nugroho',
  'Utomo',
  'Suryadi',
  'Firmansyah',
  'Kurniawan',
  'Handayani',
  'Sari',
  'Lestari',
  'Puspita',
  'Anggraini',
  'Rahayu',
  'Wulandari',
  'Susanti',
  'Rahmawati',
  'Fitriani',
  'Halim',
  'Tanjung',
  'Sembiring',
  'Ginting',
  'Pohan',
];
const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

const t0 = Date.now();
const reused = Boolean(previous && previous.n >= TOTAL);
const branchIds = reused
  ? (await app.db.owner((tx) => tx.query<{ id: string }>('SELECT id FROM branch WHERE tenant_id = $1 ORDER BY name', [tenantId]))).map(
      (b) => b.id,
    )
  : await app.db.owner(async (tx) => {
      const ids: string[] = [];
      for (const [name, code] of [
        ['Cabang Bandung', 'BDG'],
        ['Cabang Jakarta', 'JKT'],
        ['Cabang Surabaya', 'SBY'],
        ['Cabang Medan', 'MDN'],
        ['Cabang Garut', 'GRT'],
      ]) {
        const r = await tx.one<{ id: string }>('INSERT INTO branch (tenant_id, name, code) VALUES ($1, $2, $3) RETURNING id', [
          tenantId,
          name,
          code,
        ]);
        ids.push(r!.id);
      }
      return ids;
    });
const CHUNK = 100_000;
for (let from = reused ? TOTAL + 1 : 1; from <= TOTAL; from += CHUNK) {
  const to = Math.min(TOTAL, from + CHUNK - 1);
  await app.db.owner((tx) =>
    tx.exec(
      `INSERT INTO member (tenant_id, cif_number, full_name, gender, birth_place, birth_date, phone, identity_type, identity_number,
                           address, occupation, member_type, status, join_date, exit_date, branch_id, registration_channel, principal_status, created_date)
       SELECT $1,
              to_char(date '2016-01-01' + (g % 3650), 'YYYY') || lpad(g::text, 7, '0'),
              f.first || CASE WHEN f.middle = '' THEN '' ELSE ' ' || f.middle END || ' ' || f.last,
              CASE WHEN g % 2 = 0 THEN 'L' ELSE 'P' END,
              'Bandung',
              date '1950-01-01' + ((g::bigint * 7919) % 20000)::int,
              '+62812' || lpad(g::text, 8, '0'),
              'KTP',
              '3273' || lpad(((g::bigint * 48271) % 1000000000000)::text, 12, '0'),
              'Jl. Merdeka No. ' || (g % 300) || ', Bandung',
              'Pedagang',
              CASE WHEN g % 20 = 0 THEN 'NON_MEMBER' WHEN g % 97 = 0 THEN 'PROSPECTIVE' ELSE 'MEMBER' END,
              CASE WHEN g % 97 = 0 AND g % 20 <> 0 THEN 'WAITING_INTERVIEW' WHEN g % 31 = 0 THEN 'EXITED' ELSE 'ACTIVE' END,
              CASE WHEN g % 20 = 0 OR (g % 97 = 0) THEN NULL ELSE date '2016-01-01' + (g % 3650) END,
              CASE WHEN g % 31 = 0 AND NOT (g % 97 = 0 AND g % 20 <> 0) THEN date '2016-01-01' + (g % 3650) + 30 END,
              ($3::uuid[])[1 + g % 5],
              'MIGRATION', 'NOT_REQUIRED',
              timestamp '2016-01-01' + (g % 3650) * interval '1 day' + (g % 86400) * interval '1 second'
       FROM generate_series($2::int, $4::int) g,
            LATERAL (SELECT (${sqlArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] AS first,
                            (${sqlArray(MIDDLE)})[1 + (g * 13) % ${MIDDLE.length}] AS middle,
                            (${sqlArray(LAST)})[1 + (g * 11 + g / 40) % ${LAST.length}] AS last) f`,
      [tenantId, from, branchIds, to],
    ),
  );
  process.stdout.write(`\rseeded ${to.toLocaleString('en-US')} members (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
// VACUUM cannot run inside a transaction block: a plain connection.
if (!reused) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM ANALYZE member');
  await c.end();
}
console.log(`\nseeded and analysed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const login = await app.inject({
  method: 'POST',
  url: '/oauth/token',
  query: { username: email, password, grant_type: 'password' },
  headers: { authorization: basic },
});
const token = login.json().access_token as string;
const headers = { authorization: `Bearer ${token}` };

let seed = 12345;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
const someG = () => 1 + Math.floor(rnd() * TOTAL);
const cifOf = (g: number) => `${2016 + Math.floor((g % 3650) / 365.25)}${String(g).padStart(7, '0')}`;

const kinds: Record<string, () => { url: string; query?: Record<string, string> }> = {
  'name (first name)': () => ({ url: '/api/member/datatable', query: { search: pick(FIRST).toLowerCase() } }),
  'name (full)': () => ({ url: '/api/member/datatable', query: { search: `${pick(FIRST)} ${pick(LAST)}`.toLowerCase() } }),
  'name (part of last name)': () => ({ url: '/api/member/datatable', query: { search: pick(LAST).slice(1, 5).toLowerCase() } }),
  'name (2 letters)': () => ({ url: '/api/member/datatable', query: { search: pick(FIRST).slice(0, 2).toLowerCase() } }),
  'CIF exact': () => ({ url: '/api/member/datatable', query: { search: cifOf(someG()) } }),
  'phone prefix (0812...)': () => ({
    url: '/api/member/datatable',
    query: { search: `0812${String(someG()).padStart(8, '0').slice(0, 5)}` },
  }),
  'NIK prefix': () => ({ url: '/api/member/datatable', query: { search: `3273${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}` } }),
  'no search, page 0': () => ({ url: '/api/member/datatable', query: { page: '0', limit: '10' } }),
  'no search, deep page': () => ({ url: '/api/member/datatable', query: { page: String(Math.floor(rnd() * 1000)), limit: '10' } }),
  'members only, active': () => ({ url: '/api/member/datatable', query: { isNonMember: '0', isActive: '1' } }),
  'branch + name': () => ({ url: '/api/member/datatable', query: { branchId: pick(branchIds), search: pick(LAST).toLowerCase() } }),
  'sorted by name': () => ({
    url: '/api/member/datatable',
    query: { sortBy: 'full_name', ascOrDesc: 'ASC', page: String(Math.floor(rnd() * 50)) },
  }),
  'registered in a month': () => ({ url: '/api/member/datatable', query: { start: '2020-03-01', end: '2020-03-31' } }),
  'search-member (as you type)': () => ({
    url: `/api/member/${encodeURIComponent(pick([pick(FIRST).toLowerCase(), cifOf(someG()), `0812${String(someG()).padStart(8, '0').slice(0, 4)}`]))}/search-member`,
  }),
};

async function timeOne(req: { url: string; query?: Record<string, string> }): Promise<number> {
  const s = process.hrtime.bigint();
  const res = await app.inject({ method: 'GET', url: req.url, query: req.query, headers });
  const ms = Number(process.hrtime.bigint() - s) / 1e6;
  if (res.statusCode !== 200) throw new Error(`${req.url} ${JSON.stringify(req.query)}: ${res.statusCode} ${res.body}`);
  return ms;
}

// Warm up caches the way a running server has them.
for (const k of Object.values(kinds)) for (let i = 0; i < 5; i++) await timeOne(k());

const all: number[] = [];
const lines: string[] = [];
for (const [name, make] of Object.entries(kinds)) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await timeOne(make()));
  times.sort((a, b) => a - b);
  all.push(...times);
  lines.push(
    `${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   max ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
  );
}
all.sort((a, b) => a - b);
console.log(`\nmember list search over ${TOTAL.toLocaleString('en-US')} members in one tenant, PostgreSQL, ${new Date().toISOString()}`);
for (const l of lines) console.log(l);
console.log(
  `${'ALL'.padEnd(30)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(6)} ms   p99 ${percentile(all, 99).toFixed(1).padStart(6)} ms   (${all.length} requests, target p95 < 50 ms)`,
);
await app.close();
