/** Benchmark database: BENCH_DATABASE_URL, or a fresh koperasi_bench_<name> on the local PostgreSQL. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/db.ts';

export async function benchDatabaseUrl(name: string): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `koperasi_bench_${name}`;
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${db}`;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * CPU seconds of the PostgreSQL backends serving the current database plus the WAL writer, checkpointer and
 * background writer (from /proc; other databases' work left out). The set of processes is read again every
 * 250 ms; each counts from when it was first seen (from zero when it started during the run) to when it was
 * last seen. `pids` answers the current pids (e.g. from pg_stat_activity).
 */
export function postgresCpuMeter(pids: () => Promise<number[]>) {
  const ticks = new Map<string, { first: number; last: number }>();
  let timer: NodeJS.Timeout | null = null;
  const ticksOf = (pid: string): number | null => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') return null;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return null;
    }
  };
  const sample = async (starting: boolean) => {
    for (const n of await pids()) {
      const pid = String(n);
      const t = ticksOf(pid);
      if (t === null) continue;
      const seen = ticks.get(pid);
      if (seen) seen.last = t;
      else ticks.set(pid, { first: starting ? t : 0, last: t });
    }
  };
  return {
    async start() {
      ticks.clear();
      await sample(true);
      timer = setInterval(() => void sample(false).catch(() => undefined), 250);
    },
    /** CPU seconds since start. */
    async stop(): Promise<number> {
      if (timer) clearInterval(timer);
      await sample(false);
      let sum = 0;
      for (const { first, last } of ticks.values()) sum += last - first;
      return sum / 100;
    },
  };
}

/**
 * `postgresCpuMeter` over the bench database's backends and the WAL writer, checkpointer and background writer, their
 * pids read through `db`'s owner pool.
 */
export function databaseCpuMeter(db: Db) {
  return postgresCpuMeter(() =>
    db.owner(async (tx) =>
      (
        await tx.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
        )
      ).map((x) => x.pid),
    ),
  );
}

/**
 * The PostgreSQL server's settings a figure depends on, as one line for a bench's header (docs/architecture.md
 * "PostgreSQL settings"): a figure measured with 128 MB of shared buffers and one with 6 GB are not the same
 * machine's.
 */
export async function serverSettingsLine(db: Db): Promise<string> {
  const rows = await db.owner((tx) =>
    tx.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings
        WHERE name IN ('server_version', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'synchronous_commit',
                       'wal_compression', 'autovacuum', 'jit')
        ORDER BY array_position(ARRAY['server_version', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout',
                                      'synchronous_commit', 'wal_compression', 'autovacuum', 'jit'], name)`,
    ),
  );
  return `PostgreSQL ${rows.map((r) => (r.name === 'server_version' ? r.setting.split(' ')[0] : `${r.name}=${r.setting}`)).join(', ')}`;
}

// ---------------------------------------------------------------- the machine's ceiling: a minimal deposit in plain SQL

/** pgbench's path, or why there is none (`skippedBy`: the setting that turned it off). */
export function pgbenchPath(skippedBy: string | null): string | { skipped: string } {
  if (skippedBy) return { skipped: `pgbench ceiling: skipped (${skippedBy})` };
  try {
    return execFileSync('which', ['pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    return { skipped: 'pgbench ceiling: skipped (pgbench is not installed: apt-get install postgresql-contrib or postgresql-client)' };
  }
}

/** The plain tables the ceiling deposits into (`accounts` rows). */
export async function plainDepositTables(db: Db, accounts: number): Promise<void> {
  await db.owner((tx) =>
    tx.script(`DROP TABLE IF EXISTS bench_plain_move, bench_plain_saving;
      CREATE TABLE bench_plain_saving (id integer PRIMARY KEY, balance numeric(20,2) NOT NULL);
      CREATE TABLE bench_plain_move (id bigserial PRIMARY KEY, saving_id integer NOT NULL REFERENCES bench_plain_saving,
                                     amount numeric(20,2) NOT NULL, balance_after numeric(20,2) NOT NULL, at timestamptz NOT NULL DEFAULT now());
      INSERT INTO bench_plain_saving SELECT g, 1000000 FROM generate_series(1, ${accounts}) g;
      ANALYZE bench_plain_saving;`),
  );
}

export async function dropPlainDepositTables(db: Db): Promise<void> {
  await db.owner((tx) => tx.script('DROP TABLE IF EXISTS bench_plain_move, bench_plain_saving'));
}

/**
 * The issue's ceiling (issue 11: "a minimal deposit in plain SQL, pgbench with 32 clients, does 5,100–5,800/s here"):
 * pgbench, `clients` connections, a deposit as one UPDATE and one INSERT in a transaction on `accounts` accounts.
 */
export function plainDepositCeiling(pgbench: string, url: string, accounts: number, clients: number, seconds: number) {
  const script = '/tmp/koperasi-bench-plain-deposit.sql';
  writeFileSync(
    script,
    `\\set id random(1, ${accounts})
\\set amount random(1, 20) * 5000
BEGIN;
UPDATE bench_plain_saving SET balance = balance + :amount WHERE id = :id;
INSERT INTO bench_plain_move (saving_id, amount, balance_after) VALUES (:id, :amount, 0);
COMMIT;
`,
  );
  const out = execFileSync(pgbench, ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url], {
    encoding: 'utf8',
  });
  return { tps: Number(/tps = ([\d.]+)/.exec(out)?.[1]), latency: /latency average = ([\d.]+) ms/.exec(out)?.[1] ?? '?' };
}
