/**
 * Sign-in throughput and GET /api/users/detail latency under load, on PostgreSQL.
 *   npm run bench -- auth            (local PostgreSQL, fresh database)
 *   BENCH_DATABASE_URL=... npm run bench -- auth
 */
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { benchDatabaseUrl } from './_pg.ts';

const url = await benchDatabaseUrl('auth');
const app = await buildApp({
  logger: false,
  config: { databaseUrl: url, jwtSecret: 'bench-secret-0123456789abcdefghijkl', authRateLimitPerMinute: 1_000_000, dbPoolSize: 20 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const email = `bench-${Date.now()}@koperasi.id`;
const password = 'Bench-Password-2026';
await createTenant(app.db, {
  name: 'Koperasi Bench',
  cooperativeType: 'KSP',
  fullName: 'Bench Admin',
  email,
  phone: null,
  password,
  active: true,
  stepConfiguration: 3,
});
const basic = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const loginPath = `/oauth/token?username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}&grant_type=password`;

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const signIn = await run({ url: base + loginPath, method: 'POST', headers: { authorization: basic }, connections: 8, duration: 10 });
const token = (
  (await (await fetch(base + loginPath, { method: 'POST', headers: { authorization: basic } })).json()) as { access_token: string }
).access_token;
const detail = await run({ url: `${base}/api/users/detail`, headers: { authorization: `Bearer ${token}` }, connections: 20, duration: 15 });

const line = (name: string, r: autocannon.Result) =>
  `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
console.log(`\nauth benchmark on PostgreSQL (${app.db.kind}), ${new Date().toISOString()}`);
console.log(line('POST /oauth/token', signIn));
console.log(line('GET /api/users/detail', detail));
await app.close();
