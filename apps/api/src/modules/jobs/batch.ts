/**
 * The resumable batch: work over many items in committed chunks, exactly once per item, resumable after the
 * process is killed at any point.
 *
 *   const run = await runBatch({
 *     db, tenantId, name: 'savings.interest', key: '2026-11',   // one run per name + key (e.g. a period)
 *     chunkSize: 500,
 *     total: (tx) => countAccounts(tx),                          // optional: for the progress bar
 *     items: (tx, after, limit) => accountsAfter(tx, after, limit), // the cursor query: rows with `key` > after, by key
 *     processChunk: async (tx, items) => { for (const a of items) await postInterest(tx, a); },
 *   });
 *
 * Each chunk is one tenant transaction that locks the run row, reads the next `chunkSize` items after the run's
 * cursor, marks them done in `job_item` (unique per run and item: an item already done is left out), calls
 * `processChunk` with the rest, and moves the cursor and the `done` count, all committed together. Killed in the
 * middle, the chunk rolls back whole; run again with the same name and key, it goes on from the cursor. A run that
 * finished answers at once (DONE). A chunk that throws marks the run FAILED with the error (the job queue's retry
 * runs it again from the cursor). Screens poll the run through GET /api/jobs/{id}.
 */
import type { Db, Tx } from '../../db/db.ts';
import * as repo from './jobs.repo.ts';

export interface BatchItem {
  /** The item's unique key within the run, and the cursor's value after it (the items query orders by it). */
  key: string;
}

export interface BatchSpec<I extends BatchItem> {
  db: Db;
  tenantId: string;
  /** The job, e.g. 'members.upload' or 'savings.interest'. */
  name: string;
  /** The run: one per name and key (a period, a file's hash, ...). */
  key: string;
  /** Who started it (shown with the run); null for scheduled runs. */
  userId?: string | null;
  chunkSize?: number;
  /**
   * Chunks at once, each in its own transaction on its own connection (default 1). With more than one, the items
   * must not share rows the chunks write (e.g. chunks by member when the work locks a member's rows), or the
   * chunks wait for each other; see "Parallel chunks" below.
   */
  concurrency?: number;
  /** The number of items, for the progress bar (read once when the run starts). */
  total?: (tx: Tx) => Promise<number | null>;
  /** The next `limit` items after the cursor (`after` null = from the start), ordered by their key. */
  items: (tx: Tx, after: string | null, limit: number) => Promise<I[]>;
  /** Does the chunk's work in the chunk's transaction (it commits with the cursor). */
  processChunk: (tx: Tx, items: I[], info: { runId: string; chunk: number }) => Promise<void>;
  /** Called after each committed chunk (tests stop a run there). */
  afterChunk?: (info: { runId: string; chunk: number; done: number }) => void | Promise<void>;
}

export interface BatchResult {
  runId: string;
  status: 'DONE' | 'FAILED' | 'RUNNING';
  done: number;
}

/** Creates (or resumes) the run, then works through its chunks; see the file's comment. */
export async function runBatch<I extends BatchItem>(spec: BatchSpec<I>): Promise<BatchResult> {
  const size = spec.chunkSize ?? 500;
  const run = await spec.db.tenant(spec.tenantId, async (tx) => {
    const r = await repo.claimRun(tx, spec.name, spec.key, spec.userId ?? null);
    if (r.status === 'RUNNING' && r.total === null && spec.total) await repo.setTotal(tx, r.id, await spec.total(tx));
    return r;
  });
  if (run.status === 'DONE') return { runId: run.id, status: 'DONE', done: run.done };
  if ((spec.concurrency ?? 1) > 1) return runParallel(spec, run, size, spec.concurrency!);
  let chunk = 0;
  try {
    for (;;) {
      chunk += 1;
      const step = await spec.db.tenant(spec.tenantId, async (tx) => {
        const r = await repo.lockRun(tx, run.id);
        if (r?.status !== 'RUNNING') return { more: false, done: r?.done ?? 0, status: r?.status ?? 'FAILED' };
        const items = await spec.items(tx, r.cursor, size);
        if (!items.length) {
          await repo.finish(tx, run.id, 'DONE', null);
          return { more: false, done: r.done, status: 'DONE' as const };
        }
        const fresh = await repo.claimItems(
          tx,
          run.id,
          items.map((i) => i.key),
        );
        const todo = items.filter((i) => fresh.has(i.key));
        if (todo.length) await spec.processChunk(tx, todo, { runId: run.id, chunk });
        await repo.advance(tx, run.id, items[items.length - 1].key, todo.length);
        return { more: true, done: r.done + todo.length, status: 'RUNNING' as const };
      });
      if (!step.more) return { runId: run.id, status: step.status, done: step.done };
      await spec.afterChunk?.({ runId: run.id, chunk, done: step.done });
    }
  } catch (err) {
    const message = String((err as Error)?.message ?? err).slice(0, 1000);
    await spec.db.tenant(spec.tenantId, (tx) => repo.finish(tx, run.id, 'FAILED', message)).catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------- parallel chunks

/**
 * `concurrency` workers, each running whole chunks in its own transaction. One in-process lock hands out the
 * chunks: a worker reads the next `size` items after the last key handed out (inside its own transaction), then
 * claims them in `job_item` and does the work, as a single worker does. Exactly once still rests on `job_item`
 * (unique per run and item, committed with the work). The run's cursor is a low-water mark: the last key of the
 * longest prefix of chunks known committed (this chunk's own key when every chunk before it committed), so a
 * killed run resumes from a key before every uncommitted chunk; items after it that did commit are left out by
 * `job_item` on the rerun. The first chunk runs alone, then the workers start. The run row is updated last in each chunk (done count, cursor), so two chunks wait for
 * each other only for the other's COMMIT.
 */
async function runParallel<I extends BatchItem>(
  spec: BatchSpec<I>,
  run: repo.JobRunRow,
  size: number,
  workers: number,
): Promise<BatchResult> {
  const order: Array<{ last: string; committed: boolean }> = [];
  let next = run.cursor;
  let exhausted = false;
  let failed: unknown = null;
  let chunks = 0;
  let handing: Promise<void> = Promise.resolve();
  const watermark = (mine: { last: string }): string | null => {
    let mark: string | null = null;
    for (const c of order) {
      if (c === mine || c.committed) mark = c.last;
      if (c === mine || !c.committed) break;
    }
    return mark;
  };
  const worker = async (max = Number.POSITIVE_INFINITY) => {
    for (let n = 0; n < max && !exhausted && failed === null; n++) {
      const step = await spec.db.tenant(spec.tenantId, async (tx) => {
        // The hand-out: one worker at a time reads the next items after the last key handed out.
        let release!: () => void;
        const prev = handing;
        handing = new Promise<void>((r) => {
          release = r;
        });
        await prev;
        let items: I[];
        let mine: { last: string; committed: boolean };
        let chunk: number;
        try {
          if (exhausted || failed !== null) return null;
          items = await spec.items(tx, next, size);
          if (!items.length) {
            exhausted = true;
            return null;
          }
          next = items[items.length - 1].key;
          mine = { last: next, committed: false };
          order.push(mine);
          chunk = ++chunks;
        } finally {
          release();
        }
        const fresh = await repo.claimItems(
          tx,
          run.id,
          items.map((i) => i.key),
        );
        const todo = items.filter((i) => fresh.has(i.key));
        if (todo.length) await spec.processChunk(tx, todo, { runId: run.id, chunk });
        const r = await repo.advanceParallel(tx, run.id, watermark(mine), todo.length);
        return { mine, chunk, done: r };
      });
      if (!step) return;
      step.mine.committed = true;
      await spec.afterChunk?.({ runId: run.id, chunk: step.chunk, done: step.done });
    }
  };
  const guarded = (max?: number) =>
    worker(max).catch((err) => {
      failed ??= err;
      throw err;
    });
  // The first chunk runs alone (a run that fails at once fails before the others start), then the workers.
  const results = [...(await Promise.allSettled([guarded(1)]))];
  if (failed === null && !exhausted) results.push(...(await Promise.allSettled(Array.from({ length: workers }, () => guarded()))));
  if (failed !== null || results.some((r) => r.status === 'rejected')) {
    const err = failed ?? (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    const message = String((err as Error)?.message ?? err).slice(0, 1000);
    await spec.db.tenant(spec.tenantId, (tx) => repo.finish(tx, run.id, 'FAILED', message)).catch(() => undefined);
    throw err;
  }
  const end = await spec.db.tenant(spec.tenantId, async (tx) => {
    const r = await repo.lockRun(tx, run.id);
    if (r?.status !== 'RUNNING') return { status: r?.status ?? 'FAILED', done: r?.done ?? 0 };
    if (next !== null) await repo.advance(tx, run.id, next, 0);
    const f = await repo.finish(tx, run.id, 'DONE', null);
    return { status: 'DONE' as const, done: f?.done ?? r.done };
  });
  return { runId: run.id, status: end.status, done: end.done };
}

// ---------------------------------------------------------------- items from outside the database

/**
 * Work whose items do not come from a query (the rows of an uploaded file) uses the same run row in steps:
 * `openRun` when the work starts or resumes, `recordChunk` inside each chunk's own transaction after its work
 * (the chunk's key is claimed once per run: a chunk already recorded throws ChunkAlreadyDone and its transaction
 * rolls back), and `closeRun` at the end. The caller keeps its cursor's meaning (e.g. the last row committed) and
 * restarts its reader from `run.cursor`.
 */
export class ChunkAlreadyDone extends Error {
  constructor(readonly chunkKey: string) {
    super(`chunk ${chunkKey} was already done`);
  }
}

export async function openRun(
  tx: Tx,
  name: string,
  key: string,
  /** `id`: the run's id when it is new (e.g. the id of the module's own job row, so both read the same). */
  opts: { userId?: string | null; total?: number | null; id?: string } = {},
): Promise<repo.JobRunRow> {
  const r = await repo.claimRun(tx, name, key, opts.userId ?? null, opts.id);
  if (opts.total !== undefined && r.status === 'RUNNING') await repo.setTotal(tx, r.id, opts.total);
  return r;
}

export async function recordChunk(tx: Tx, name: string, key: string, chunk: { key: string; cursor: string; items: number }) {
  // A run started before its module recorded chunks has no row yet: it gets one here.
  const run = (await repo.lockRunByKey(tx, name, key)) ?? (await repo.claimRun(tx, name, key, null));
  const fresh = await repo.claimItems(tx, run.id, [chunk.key]);
  if (!fresh.has(chunk.key)) throw new ChunkAlreadyDone(chunk.key);
  await repo.advance(tx, run.id, chunk.cursor, chunk.items);
}

export async function closeRun(tx: Tx, name: string, key: string, status: 'DONE' | 'FAILED', error: string | null = null) {
  const run = await repo.lockRunByKey(tx, name, key);
  if (run) await repo.finish(tx, run.id, status, error);
  return run?.id ?? null;
}
