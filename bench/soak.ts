/**
 * Soak: mixed staff traffic against a server process on PostgreSQL for a long
 * while (issue 18), printing throughput, p99, errors and the server's memory
 * (RSS) at start and end.
 *
 *   npm run bench -- soak                       (10 minutes, fresh database koperasi_bench_soak)
 *   SOAK_SECONDS=60 SOAK_CONCURRENCY=16 npm run bench -- soak
 *   BENCH_DATABASE_URL=... npm run bench -- soak
 *
 * The server runs as its own process (`apps/api/src/server.ts`, the demo
 * cooperative seeded), so its RSS (/proc/<pid>/status VmRSS) is the server's
 * alone. Each of SOAK_CONCURRENCY workers loops over a weighted mix of what
 * staff do: sign-ins (15 %), member searches (20 %), deposits (20 %),
 * withdrawals (15 %), transfers (10 %) and reports (20 %: balance sheet,
 * transaction list). Money calls carry a fresh Idempotency-Key. An answer of
 * 5xx or a network failure is an error; a 4xx is counted apart (a business
 * refusal, e.g. a withdrawal above the balance). After a 10 s warm-up the RSS
 * is read every 10 s; the end checks growth beyond 10 %.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabaseUrl, percentile } from './_pg.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const WARMUP = Math.min(10, Math.floor(SECONDS / 6));
/** A free port (SOAK_PORT, or one the system gives): another server on a fixed port would answer instead. */
async function freePort(): Promise<number> {
  if (process.env.SOAK_PORT) return Number(process.env.SOAK_PORT);
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}
const PORT = await freePort();
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = `http://127.0.0.1:${PORT}`;
const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const USERS = ['demo@koperasi.id', 'teller@koperasi.id'];
const PASSWORD = 'Demo12345!';

const url = await benchDatabaseUrl('soak');
// node with tsx's loader (not the tsx wrapper, which would run the server in a grandchild): pid is the server's.
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/koperasi-soak-${process.pid}`,
    JWT_SECRET: 'soak-secret-0123456789abcdefghijkl',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

function rssMb(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function waitUp(): Promise<void> {
  const until = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function signIn(username: string): Promise<string> {
  const q = new URLSearchParams({ username, password: PASSWORD, grant_type: 'password' });
  const res = await fetch(`${base}/oauth/token?${q}`, { method: 'POST', headers: { authorization: BASIC } });
  const j = (await res.json()) as { access_token?: string };
  if (!j.access_token) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(j)}`);
  return j.access_token;
}

await waitUp();
const tokens = await Promise.all(USERS.map(signIn));
const auth = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' });
const accRes = await fetch(`${base}/api/transaction/saving/datatable?limit=500&page=0`, { headers: auth(0) });
const accounts = ((await accRes.json()) as { data: { content: Array<{ id: string; status?: string; savingType?: string }> } }).data.content
  // Voluntary savings: principal and mandatory savings refuse withdrawals and transfers out by rule.
  .filter((a) => (!a.status || a.status === 'ACTIVE') && a.savingType === 'VOLUNTARY')
  .map((a) => a.id);
if (accounts.length < 2) throw new Error(`the demo has ${accounts.length} saving accounts`);
const memberNames = ['a', 'sit', 'bud', 'sri', 'wati', 'ag', 'dew', 'rah'];

type Kind = 'sign-in' | 'search' | 'deposit' | 'withdraw' | 'transfer' | 'report';
const MIX: Array<[Kind, number]> = [
  ['sign-in', 15],
  ['search', 20],
  ['deposit', 20],
  ['withdraw', 15],
  ['transfer', 10],
  ['report', 20],
];
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
function kindOf(): Kind {
  let r = Math.random() * 100;
  for (const [k, w] of MIX) {
    r -= w;
    if (r < 0) return k;
  }
  return 'report';
}

async function call(kind: Kind, w: number): Promise<number> {
  const h = auth(w);
  const idem = { ...h, 'idempotency-key': randomUUID() };
  const amount = 1000 + Math.floor(Math.random() * 50) * 1000;
  let res: Response;
  switch (kind) {
    case 'sign-in': {
      const q = new URLSearchParams({ username: pick(USERS), password: PASSWORD, grant_type: 'password' });
      res = await fetch(`${base}/oauth/token?${q}`, { method: 'POST', headers: { authorization: BASIC } });
      break;
    }
    case 'search':
      res = await fetch(`${base}/api/member/datatable?search=${pick(memberNames)}&limit=10`, { headers: h });
      break;
    case 'deposit':
      res = await fetch(`${base}/api/transaction/topup-saving`, {
        method: 'POST',
        headers: idem,
        body: JSON.stringify({ memberSavingId: pick(accounts), amount }),
      });
      break;
    case 'withdraw':
      res = await fetch(`${base}/api/transaction/withdraw`, {
        method: 'POST',
        headers: idem,
        body: JSON.stringify({ memberSavingId: pick(accounts), amount: Math.floor(amount / 2) }),
      });
      break;
    case 'transfer': {
      const from = pick(accounts);
      let to = pick(accounts);
      while (to === from) to = pick(accounts);
      const q = new URLSearchParams({ fromSavingId: from, toSavingId: to, amount: String(Math.floor(amount / 4)) });
      res = await fetch(`${base}/api/transaction/v2/transfer?${q}`, { method: 'POST', headers: { ...idem, 'content-type': 'text/plain' } });
      break;
    }
    default:
      res = await fetch(Math.random() < 0.5 ? `${base}/api/report/v2/balance-sheet` : `${base}/api/transaction/datatable?limit=20&page=0`, {
        headers: h,
      });
  }
  const text = await res.text();
  if (res.status >= 400 && res.status < 500 && refusalSamples.size < 6) {
    const m = (/"message":"([^"]{0,120})/.exec(text) ?? /"error_description":"([^"]{0,120})/.exec(text))?.[1] ?? '';
    refusalSamples.add(`${kind} ${res.status}: ${m}`);
  }
  return res.status;
}
const refusalSamples = new Set<string>();

interface Stat {
  n: number;
  refused: number;
  errors: number;
  ms: number[];
}
const stats = new Map<Kind, Stat>(MIX.map(([k]) => [k, { n: 0, refused: 0, errors: 0, ms: [] }]));
const errorSamples: string[] = [];
let measuring = false;
const startAt = Date.now();
const endAt = startAt + SECONDS * 1000;

async function worker(w: number): Promise<void> {
  while (Date.now() < endAt) {
    const kind = kindOf();
    const t0 = performance.now();
    let status = 0;
    try {
      status = await call(kind, w);
    } catch (err) {
      if (errorSamples.length < 5) errorSamples.push(`${kind}: ${(err as Error).message}`);
    }
    if (!measuring) continue;
    const s = stats.get(kind)!;
    s.n += 1;
    s.ms.push(performance.now() - t0);
    if (status === 0 || status >= 500) {
      s.errors += 1;
      if (status && errorSamples.length < 5) errorSamples.push(`${kind}: HTTP ${status}`);
    } else if (status >= 400) s.refused += 1;
  }
}

console.log(`soak: ${SECONDS} s, ${CONCURRENCY} workers, ${accounts.length} accounts, server pid ${server.pid}, database ${url}`);
const workers = Array.from({ length: CONCURRENCY }, (_, w) => worker(w));
await new Promise((r) => setTimeout(r, WARMUP * 1000));
measuring = true;
const measuredFrom = Date.now();
const rss: number[] = [rssMb()];
const sampler = setInterval(() => rss.push(rssMb()), 10_000);
await Promise.all(workers);
clearInterval(sampler);
rss.push(rssMb());
const elapsed = (Date.now() - measuredFrom) / 1000;

const all = [...stats.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
const total = [...stats.values()].reduce((a, s) => a + s.n, 0);
const errors = [...stats.values()].reduce((a, s) => a + s.errors, 0);
console.log(`\nmeasured ${elapsed.toFixed(0)} s after a ${WARMUP} s warm-up`);
console.log('| kind     | requests | per s | p50 ms | p99 ms | 4xx (refused) | errors (5xx, network) |');
console.log('| -------- | -------- | ----- | ------ | ------ | ------------- | --------------------- |');
for (const [k, s] of stats) {
  const ms = s.ms.sort((a, b) => a - b);
  console.log(
    `| ${k.padEnd(8)} | ${String(s.n).padStart(8)} | ${(s.n / elapsed).toFixed(1).padStart(5)} | ${percentile(ms, 50).toFixed(0).padStart(6)} | ${percentile(ms, 99).toFixed(0).padStart(6)} | ${String(s.refused).padStart(13)} | ${String(s.errors).padStart(21)} |`,
  );
}
console.log(
  `| all      | ${String(total).padStart(8)} | ${(total / elapsed).toFixed(1).padStart(5)} | ${percentile(all, 50).toFixed(0).padStart(6)} | ${percentile(all, 99).toFixed(0).padStart(6)} |               | ${String(errors).padStart(21)} |`,
);
const growth = ((rss.at(-1)! - rss[0]) / rss[0]) * 100;
console.log(
  `\nserver RSS: start ${rss[0].toFixed(0)} MB, end ${rss.at(-1)!.toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB (growth ${growth.toFixed(1)} %, ${growth <= 10 ? 'within' : 'BEYOND'} 10 %)`,
);
if (errorSamples.length) console.log(`error samples: ${errorSamples.join('; ')}`);
if (refusalSamples.size) console.log(`refusal samples: ${[...refusalSamples].join('; ')}`);
stop();
process.exit(errors > 0 || growth > 10 ? 1 : 0);
