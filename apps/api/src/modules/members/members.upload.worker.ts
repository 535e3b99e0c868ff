/**
 * The worker thread of a member upload: reads the workbook and validates its
 * rows (members.upload.rows.ts) while the main thread commits the batches
 * already read, so reading never waits for the database and the database
 * client's replies never wait for reading. It posts at most `ahead` batches
 * more than the main thread has acknowledged (committed), which bounds the
 * memory a fast reader can fill.
 *
 * The worker is started with the file and loads while the job is created;
 * the main thread's `start` message says what to read. Messages to the main
 * thread: `ready` once loaded, `batch` per batch, then
 * `done` or `fail` (a file error, with a message key or a reason). A worker
 * that ends without either has crashed; the main thread starts another from
 * the last committed row (members.upload.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Batch, candidateBatches, type Lookup, type ReadProfile, UploadError } from './members.upload.rows.ts';

/** Sent with the worker (workerData.memberUpload): the file, so the worker can load while the job is being created. */
export interface WorkerData {
  file: Uint8Array;
}

/** The main thread's first message: what to read. */
export interface WorkerStart {
  type: 'start';
  lk: Lookup;
  resumeFrom: number;
  size: number;
  ahead: number;
  profile: boolean;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'batch'; batch: Batch }
  | { type: 'done'; rows: number; profile: ReadProfile | null }
  | { type: 'fail'; key?: string; params?: Record<string, unknown>; reason?: string };

async function run(port: NonNullable<typeof parentPort>, data: WorkerData, input: WorkerStart) {
  let credits = input.ahead;
  let wake: (() => void) | null = null;
  port.on('message', (m: unknown) => {
    if (m !== 'credit') return;
    credits++;
    wake?.();
    wake = null;
  });
  const buf = Buffer.from(data.file.buffer, data.file.byteOffset, data.file.byteLength);
  const profile = input.profile ? { read: 0, validate: 0 } : undefined;
  let rows = input.resumeFrom;
  try {
    for await (const batch of candidateBatches(buf, input.lk, { resumeFrom: input.resumeFrom, size: input.size, profile })) {
      while (credits === 0) await new Promise<void>((r) => (wake = r));
      credits--;
      port.postMessage({ type: 'batch', batch } satisfies WorkerMessage);
      rows = batch.last;
    }
    port.postMessage({ type: 'done', rows, profile: profile ?? null } satisfies WorkerMessage);
  } catch (err) {
    port.postMessage(
      (err instanceof UploadError
        ? { type: 'fail', key: err.key, params: err.params }
        : { type: 'fail', reason: String((err as Error)?.message ?? err) }) satisfies WorkerMessage,
    );
  }
}

const port = parentPort;
const data = workerData?.memberUpload as WorkerData | undefined;
if (port && data) {
  port.once('message', (m: WorkerStart) => void run(port, data, m));
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
}
