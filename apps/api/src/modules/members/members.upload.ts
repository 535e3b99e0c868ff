/**
 * Bulk upload of members from Excel (spec "Members: upload", section 8 batch messages).
 *
 *  - The template has one sheet of columns (headers matched by name, in any
 *    order) and a sheet of instructions; identity, phone and card numbers are
 *    text cells so no digit is lost.
 *  - POST member/upload stores the file, counts its rows from the zip (more
 *    than 100,000 data rows is refused before anything is saved), creates an
 *    upload job and answers at once. The screen polls
 *    GET member/upload/{jobId}/progress.
 *  - A worker thread (members.upload.worker.ts) reads the sheet with a
 *    streaming reader of cell values (members.xlsx.ts) and validates each row
 *    with the same rules as POST member (members.upload.rows.ts), while this
 *    thread commits the batches already read, 2,000 rows each, one
 *    transaction per batch (members.upload.db.ts): members, audit entries,
 *    row results and progress in one statement.
 *    Failed rows are kept with the reason, prefixed 'Data ke {n} gagal
 *    terupload, ' (n = data row, 1 = the first row under the header), and can
 *    be downloaded as an Excel file for correction and re-upload.
 *  - Re-uploading does not duplicate: the same file (sha256) answers with the
 *    earlier job; a row whose identity number already belongs to a live member
 *    of the same name is SKIPPED (not failed), with another name it FAILS.
 *  - Rows default to memberType MEMBER (a cooperative bringing its existing
 *    members); their principal saving is recorded as owed like POST member.
 *  - Resuming: a batch commits with the job's progress, so `processed_rows` is
 *    always the last row saved. A worker that dies is replaced by one reading
 *    from that row on (up to three times). A job whose progress has not moved
 *    for 2 minutes (the server stopped) is marked FAILED; uploading the same
 *    file again continues that job from its last saved row.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { translate } from '@koperasi/contracts';
import type { Ctx } from '../../lib/context.ts';
import { withTx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { closeRun, openRun } from '../jobs/batch.ts';
import { isAgent } from './members.repo.ts';
import { todayWib } from './members.rules.ts';
import { commitBatch, JobSuperseded, profile, timed, UPLOAD_JOB } from './members.upload.db.ts';
import { jobView } from './members.upload.jobs.ts';
import { memberLookup } from './members.upload.lookup.ts';
import {
  auditJob,
  failJobAt,
  insertJob,
  type JobRow,
  liveJobOfFile,
  lockRunningJobAt,
  lockUploadFile,
  markJobDone,
  resumeFailedJob,
} from './members.upload.repo.ts';
import {
  type Batch,
  candidateBatches,
  type Lookup,
  MEMBER_UPLOAD_MAX_ROWS,
  type ReadProfile,
  UPLOAD_COLUMNS,
  UploadError,
} from './members.upload.rows.ts';
import type { WorkerData, WorkerMessage, WorkerStart } from './members.upload.worker.ts';
import { countSheetRows, looksLikeXlsx, MAX_CELL_CHARS, SheetLimitError } from './members.xlsx.ts';

export { failedRowsWorkbook, jobProgress, jobRows, listJobs, templateWorkbook } from './members.upload.jobs.ts';
export { UPLOAD_COLUMNS };

/**
 * Start an upload: validate the file, create the job (or return the job of the
 * same file, or continue the stopped job of the same file) and process it in
 * the background.
 */
export async function startUpload(ctx: Ctx, storage: Storage, file: { buffer: Buffer; fileName: string }) {
  const buf = file.buffer;
  if (!looksLikeXlsx(buf)) throw badRequest('UPLOAD_NOT_XLSX', 'member.upload_not_xlsx');
  // The reader loads (a moment) while the rows are counted and the job is created; it is closed when there is nothing to read.
  const reader = useWorkers() ? spawnReader(buf) : null;
  let created: { job: JobRow; duplicate: boolean };
  try {
    const dataRows = await countDataRows(ctx, buf);
    created = await createJob(ctx, buf, file.fileName, dataRows);
  } catch (err) {
    void reader?.close();
    throw err;
  }
  if (created.duplicate) {
    void reader?.close();
    return { job: jobView(created.job, created.job.id), duplicate: true };
  }
  const jobId = created.job.id;
  // The source file is kept with the job for the auditor; processing does not wait for it.
  void storage
    .put(`${ctx.tenantId}/member-uploads/${jobId}.xlsx`, buf, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .catch(() => undefined);
  const running = processUpload(ctx, jobId, buf, created.job.processed_rows, reader);
  uploadsInFlight.add(running);
  void running.finally(() => uploadsInFlight.delete(running));
  return { job: jobView(created.job), duplicate: false };
}

/** Data rows of the file (header not counted); refuses a file that is not a workbook, is empty or is over the limit. */
async function countDataRows(ctx: Ctx, buf: Buffer): Promise<number> {
  let rows: number;
  try {
    rows = await countSheetRows(buf);
  } catch (err) {
    if (err instanceof SheetLimitError) {
      const locale = ctx.lang === 'id' ? 'id-ID' : 'en-US';
      if (err.kind === 'CELL') {
        throw badRequest('UPLOAD_CELL_TOO_LONG', 'member.upload_cell_too_long', { max: MAX_CELL_CHARS.toLocaleString(locale) });
      }
      throw badRequest('UPLOAD_TOO_LARGE', 'member.upload_expands_too_far', { mb: Math.round(err.limit / 1024 / 1024) });
    }
    throw badRequest('UPLOAD_NOT_XLSX', 'member.upload_not_xlsx');
  }
  const dataRows = Math.max(0, rows - 1);
  if (dataRows === 0) throw badRequest('UPLOAD_EMPTY', 'member.upload_empty');
  if (dataRows > MEMBER_UPLOAD_MAX_ROWS) {
    throw badRequest('UPLOAD_TOO_MANY_ROWS', 'member.upload_too_many_rows', {
      rows: dataRows.toLocaleString(ctx.lang === 'id' ? 'id-ID' : 'en-US'),
      max: MEMBER_UPLOAD_MAX_ROWS.toLocaleString(ctx.lang === 'id' ? 'id-ID' : 'en-US'),
    });
  }
  return dataRows;
}

/** The job of a file: a new one, the stopped job of the same file continued, or (duplicate) the running or done one. */
async function createJob(ctx: Ctx, buf: Buffer, name: string, dataRows: number): Promise<{ job: JobRow; duplicate: boolean }> {
  const hash = createHash('sha256').update(buf).digest('hex');
  const fileName = (name || 'anggota.xlsx').replace(/[^\w .()-]/g, '_').slice(0, 200);
  return withTx(ctx, async (tx): Promise<{ job: JobRow; duplicate: boolean }> => {
    // Uploads of one file take turns here, so each sees the job the other made or continued.
    await lockUploadFile(tx, `member-upload:${ctx.tenantId}:${hash}`);
    const same = await liveJobOfFile(tx, hash);
    if (same) return { job: same, duplicate: true };
    // The same file stopped before finishing (server stopped, worker crashed, database error): continue that job.
    let job = await resumeFailedJob(tx, hash, dataRows);
    const resumed = Boolean(job);
    job ??= await insertJob(tx, { fileName, hash, size: buf.length, dataRows, userId: ctx.userId });
    if (!job) {
      const again = await liveJobOfFile(tx, hash);
      return { job: again!, duplicate: true };
    }
    await auditJob(
      tx,
      ctx,
      resumed ? 'member.upload_resume' : 'member.upload_start',
      job.id,
      resumed ? { fileName, fileHash: hash, rows: dataRows, fromRow: job.processed_rows } : { fileName, fileHash: hash, rows: dataRows },
    );
    // The job runner's progress row, with the same id (GET /api/jobs/{id} reads it too).
    await openRun(tx, UPLOAD_JOB, job.id, { id: job.id, userId: ctx.userId, total: dataRows });
    return { job, duplicate: false };
  });
}

/** Uploads being processed by this process (tests and shutdown wait for them). */
export const uploadsInFlight = new Set<Promise<unknown>>();

// ---------------------------------------------------------------- processing

/** Processing settings (benchmarks and tests change them). */
export const uploadTuning = {
  /** Rows per batch (one transaction each). */
  batchSize: 2000,
  /** Batches the worker may read ahead of the commits. */
  ahead: 2,
  /** Worker runs of one job (the first and two after crashes) before the job is given up as interrupted. */
  workerRuns: 3,
};

/** Test hook: called after each committed batch (a test can kill the reader there to see the job resume). */
export const uploadHooks: {
  afterBatch?: (info: {
    tenantId: string;
    jobId: string;
    committedRows: number;
    run: number;
    killReader: () => Promise<void>;
  }) => void | Promise<void>;
} = {};

/** Batches of validated rows, from a worker thread or from this thread. */
interface BatchSource extends AsyncIterable<Batch> {
  /** A batch was committed: one more may be read ahead. */
  ack(): void;
  close(): Promise<void>;
  /** End the reader abruptly, as a crash would (tests). */
  kill(): Promise<void>;
  readProfile(): ReadProfile | null;
}

/** The worker ended without finishing; `started`: it had loaded (else it could not start at all). */
class WorkerCrash extends Error {
  constructor(
    message: string,
    readonly started: boolean,
  ) {
    super(message);
  }
}

const workerFile = new URL('./members.upload.worker.ts', import.meta.url).href;
/**
 * tsx's loader for the worker (its ES module API): the server runs TypeScript
 * through tsx, whose loader does not reach worker threads by itself.
 */
const tsxApi = ((): string | null => {
  try {
    const api = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    return existsSync(api) ? pathToFileURL(api).href : null;
  } catch {
    return null;
  }
})();
const BOOT = `
const { workerData } = require('node:worker_threads');
const load = workerData.tsx ? import(workerData.tsx).then((api) => api.tsImport(workerData.file, workerData.file)) : import(workerData.file);
load.catch((err) => { setImmediate(() => { throw err; }); });
`;

/**
 * A worker thread for reading `buf`, started at once (loading TypeScript takes
 * a moment, which overlaps the creation of the job); `source` tells it what to read.
 */
type Reader = ReturnType<typeof spawnReader>;

function spawnReader(buf: Buffer): { source(lk: Lookup, resumeFrom: number): BatchSource; close(): Promise<void> } {
  const data: WorkerData = { file: buf };
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { file: workerFile, tsx: tsxApi, memberUpload: data },
    // A runaway reader stops at this size (a crash, retried, then the job fails) instead of taking the server down.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  const queue: WorkerMessage[] = [];
  let started = false;
  let ended: Error | null = null;
  let closing = false;
  let readProfile: ReadProfile | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: WorkerMessage) => {
    if (m.type === 'ready') started = true;
    else queue.push(m);
    notify();
  });
  worker.on('error', (err) => {
    ended ??= new WorkerCrash(`member upload worker failed: ${err.message}`, started);
    notify();
  });
  worker.on('exit', (code) => {
    ended ??= new WorkerCrash(`member upload worker stopped (exit code ${code})`, started);
    notify();
  });
  const close = async () => {
    closing = true;
    await worker.terminate();
  };
  return {
    close,
    source(lk, resumeFrom) {
      const start: WorkerStart = {
        type: 'start',
        lk,
        resumeFrom,
        size: uploadTuning.batchSize,
        ahead: uploadTuning.ahead,
        profile: Boolean(profile),
      };
      worker.postMessage(start);
      return {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const m = queue.shift();
            if (m?.type === 'batch') yield m.batch;
            else if (m?.type === 'done') {
              readProfile = m.profile;
              return;
            } else if (m?.type === 'fail') throw m.key ? new UploadError(m.key, m.params) : new Error(m.reason);
            else if (ended) throw closing ? new Error('member upload reader closed') : ended;
            else await new Promise<void>((r) => (wake = r));
          }
        },
        ack: () => worker.postMessage('credit'),
        close,
        kill: async () => {
          await worker.terminate();
        },
        readProfile: () => readProfile,
      };
    },
  };
}

const useWorkers = () => process.env.MEMBER_UPLOAD_WORKER !== '0';

/** Reading in this thread (MEMBER_UPLOAD_WORKER=0, or where a worker cannot start). */
function inlineSource(buf: Buffer, lk: Lookup, resumeFrom: number): BatchSource {
  const prof = profile ? { read: 0, validate: 0 } : undefined;
  const it = candidateBatches(buf, lk, { resumeFrom, size: uploadTuning.batchSize, profile: prof });
  return {
    [Symbol.asyncIterator]: () => it,
    ack: () => undefined,
    async close() {
      await it.return(undefined);
    },
    kill: async () => undefined,
    readProfile: () => prof ?? null,
  };
}

async function tenantLookup(ctx: Ctx): Promise<Lookup> {
  return ctx.db.tenant(ctx.tenantId, (tx) => memberLookup(tx, ctx, todayWib(), isAgent(ctx) ? ctx.userId : null));
}

/** Process a job from row `resumeFrom + 1` on; a failure marks the job FAILED (unless it is no longer this runner's). */
async function processUpload(ctx: Ctx, jobId: string, buf: Buffer, resumeFrom: number, reader: Reader | null): Promise<void> {
  let committed = resumeFrom;
  try {
    committed = await readAndCommit(ctx, jobId, buf, resumeFrom, reader, (n) => {
      committed = n;
    });
    await finishJob(ctx, jobId, committed);
  } catch (err) {
    if (err instanceof JobSuperseded) return;
    const reason =
      err instanceof UploadError
        ? translate(err.key, ctx.lang, err.params)
        : translate('member.upload_excel_error', ctx.lang, { reason: String((err as Error).message ?? err) });
    await ctx.db
      .tenant(ctx.tenantId, async (tx) => {
        const n = await failJobAt(tx, jobId, reason, committed);
        if (n) await closeRun(tx, UPLOAD_JOB, jobId, 'FAILED', reason);
      })
      .catch(() => undefined);
  }
}

async function readAndCommit(
  ctx: Ctx,
  jobId: string,
  buf: Buffer,
  resumeFrom: number,
  reader: Reader | null,
  onCommit: (n: number) => void,
): Promise<number> {
  const started = performance.now();
  let lk: Lookup;
  try {
    lk = await tenantLookup(ctx);
  } catch (err) {
    await reader?.close();
    throw err;
  }
  let committed = resumeFrom;
  let useWorker = reader !== null;
  const reading: ReadProfile = { read: 0, validate: 0 };
  for (let run = 1; ; ) {
    const source = useWorker ? (reader ?? spawnReader(buf)).source(lk, committed) : inlineSource(buf, lk, committed);
    reader = null;
    try {
      const batches = source[Symbol.asyncIterator]();
      let next = batches.next();
      for (;;) {
        const r = await timed('commits wait for the reader', () => next);
        if (r.done) break;
        // Read the next batch while this one commits.
        next = batches.next();
        next.catch(() => undefined);
        await commitBatch(ctx, jobId, r.value, lk);
        committed = r.value.last;
        onCommit(committed);
        await uploadHooks.afterBatch?.({ tenantId: ctx.tenantId, jobId, committedRows: committed, run, killReader: () => source.kill() });
        source.ack();
      }
      const p = source.readProfile();
      if (p) {
        reading.read += p.read;
        reading.validate += p.validate;
      }
      break;
    } catch (err) {
      if (!(err instanceof WorkerCrash)) throw err;
      if (!err.started) {
        // No worker here (e.g. no TypeScript loader for it): read in this thread.
        console.warn(`${err.message}; reading the upload in the main thread`);
        useWorker = false;
        continue;
      }
      if (++run > uploadTuning.workerRuns) throw new UploadError('member.upload_interrupted');
    } finally {
      await source.close();
    }
  }
  if (profile) {
    const rows = committed - resumeFrom;
    console.log(
      `member upload ${jobId}: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${useWorker ? 'worker thread' : 'main thread'})`,
    );
    console.log(`  ${'reader: inflate and scan the sheet'.padEnd(44)} ${(reading.read / 1000).toFixed(1)} s`);
    console.log(`  ${'reader: validate rows'.padEnd(44)} ${(reading.validate / 1000).toFixed(1)} s`);
    for (const [k, v] of profile) console.log(`  ${k.padEnd(44)} ${(v / 1000).toFixed(1)} s`);
    profile.clear();
  }
  return committed;
}

async function finishJob(ctx: Ctx, jobId: string, committed: number): Promise<void> {
  await ctx.db.tenant(ctx.tenantId, async (tx) => {
    const j = await lockRunningJobAt(tx, jobId, committed);
    if (!j) throw new JobSuperseded(jobId);
    const message = translate('member.upload_done', ctx.lang, { success: j.success_rows, skipped: j.skipped_rows, failed: j.failed_rows });
    await markJobDone(tx, jobId, message);
    await closeRun(tx, UPLOAD_JOB, jobId, 'DONE');
    await auditJob(tx, ctx, 'member.upload_done', jobId, {
      rows: j.processed_rows,
      success: j.success_rows,
      skipped: j.skipped_rows,
      failed: j.failed_rows,
    });
  });
}
