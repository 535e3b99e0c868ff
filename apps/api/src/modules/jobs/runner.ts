/**
 * The job runner: one pg-boss queue (a maintained PostgreSQL job queue) for every background job of the server,
 * on PostgreSQL and on the embedded PGlite alike. pg-boss keeps its tables in the schema `pgboss` and reaches the
 * database through `db.jobSql` (db.ts): on PostgreSQL a small pool of its own, on PGlite the one connection, taking
 * its turn with the application's transactions. What it gives every module:
 *
 *  - `work(name, handler, { retryLimit, retryDelaySeconds })`: a queue and its worker; a handler that throws is
 *    retried (pg-boss retries with backoff), so a batch handler is written to resume (see batch.ts).
 *  - `send(name, data, { startAfterSeconds, singletonKey })`: one job now or later.
 *  - `daily(name, { hour, minute }, handler)`: once a day per cooperative, at that local time in the cooperative's
 *    time zone (schedule.ts); one pg-boss cron tick a minute finds the cooperatives whose time has come.
 *  - `every(name, seconds, handler)`: a job that repeats every few seconds (a chain of delayed jobs on a
 *    stately queue, so one waits and at most one runs, whichever server takes it).
 *
 * Modules register in their `startJobs(app, runner)` hook (modules/types.ts); app.ts starts the runner when the
 * server starts with jobs (`buildApp({ jobs: true })`, i.e. `npm start`), never in tests unless asked.
 */
import PgBoss from 'pg-boss';
import type { Db } from '../../db/db.ts';
import { COOPERATIVE_ZONES, DONE_RUNS } from './jobs.repo.ts';
import { dueCooperatives, type LocalTime } from './schedule.ts';

export interface WorkOptions {
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5; doubled each time). */
  retryDelaySeconds?: number;
  /** How often an idle worker asks for work (default 2 s; at least 0.5). */
  pollingSeconds?: number;
}

export interface SendOptions {
  startAfterSeconds?: number;
  /** At most one job with this key waiting or running in the queue. */
  singletonKey?: string;
}

export interface JobLog {
  info(o: unknown, msg?: string): void;
  error(o: unknown, msg?: string): void;
}

export interface JobRunner {
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, opts?: WorkOptions): Promise<void>;
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  daily(name: string, at: LocalTime, handler: (tenantId: string, localDate: string) => Promise<void>, opts?: WorkOptions): Promise<void>;
  every(name: string, seconds: number, handler: () => Promise<void>): Promise<void>;
  /** The pg-boss instance (tests and operations: getJobById, getSchedules). */
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

/** pg-boss's schema; queue names are `<module>.<job>` (letters, digits, dots, dashes, underscores). */
export const JOB_SCHEMA = 'pgboss';

export async function startRunner(db: Db, log: JobLog, opts: { cronTickSeconds?: number } = {}): Promise<JobRunner> {
  const jobSql = db.jobSql?.bind(db);
  if (!jobSql) throw new Error('this database has no jobSql: the job runner cannot start');
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => jobSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: true,
    supervise: true,
    migrate: true,
    ...(opts.cronTickSeconds ? { cronMonitorIntervalSeconds: opts.cronTickSeconds, cronWorkerIntervalSeconds: opts.cronTickSeconds } : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'job runner error'));
  await boss.start();
  const queues = new Set<string>();

  async function queue(name: string, o: WorkOptions & { policy?: PgBoss.QueuePolicy } = {}) {
    if (queues.has(name)) return;
    await boss.createQueue(name, {
      name,
      policy: o.policy ?? 'standard',
      retryLimit: o.retryLimit ?? 3,
      retryDelay: o.retryDelaySeconds ?? 5,
      retryBackoff: true,
    });
    queues.add(name);
  }

  async function work<T extends object>(name: string, handler: (data: T) => Promise<void>, o: WorkOptions = {}) {
    await queue(name, o);
    await boss.work<T>(name, { pollingIntervalSeconds: o.pollingSeconds ?? 2, batchSize: 1 }, async ([job]) => {
      try {
        await handler(job.data);
      } catch (err) {
        log.error({ err, job: name, id: job.id }, 'job failed (pg-boss retries it)');
        throw err;
      }
    });
  }

  const runner: JobRunner = {
    boss,
    work,
    async send(name, data, o = {}) {
      return boss.send(name, data, {
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      });
    },
    async daily(name, at, handler, o) {
      // One job per cooperative and local day: the singleton key keeps a second tick from queueing it twice while it
      // waits or runs, and the handler's runBatch key (the local date) keeps a finished day from running again.
      await work<{ tenantId: string; localDate: string }>(name, (d) => handler(d.tenantId, d.localDate), o);
      const tick = `${name}.tick`;
      await work<object>(tick, async () => {
        const coops = (await jobSql(COOPERATIVE_ZONES)) as { rows: Array<{ id: string; tz: string }> };
        const due = dueCooperatives(new Date(), coops.rows, at);
        if (!due.length) return;
        // A cooperative whose run of the day is done (runBatch with this name and the local date as key) is skipped.
        const done = (await jobSql(DONE_RUNS, [name, due.map((d) => `${d.id}:${d.localDate}`)])) as { rows: Array<{ k: string }> };
        const skip = new Set(done.rows.map((r) => r.k));
        for (const d of due) {
          const key = `${d.id}:${d.localDate}`;
          if (!skip.has(key)) await boss.send(name, { tenantId: d.id, localDate: d.localDate }, { singletonKey: key });
        }
      });
      await boss.schedule(tick, '* * * * *', {}, { tz: 'UTC' });
    },
    async every(name, seconds, handler) {
      await queue(name, { policy: 'stately', retryLimit: 0 });
      const next = () => boss.send(name, {}, { startAfter: seconds, singletonKey: 'next' });
      await boss.work(name, { pollingIntervalSeconds: Math.max(0.5, seconds / 2), batchSize: 1 }, async () => {
        try {
          await handler();
        } finally {
          await next();
        }
      });
      // The chain starts (or restarts after every server stopped) here; stately keeps it to one waiting job.
      await boss.send(name, {}, { singletonKey: 'next' });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return runner;
}
