/**
 * Answers that must not tell whether an account exists (account recovery,
 * activation codes) take the same time whatever they found: the caller's work
 * runs, then the answer waits until `floorMs` after the request started. The
 * floor is above what either path costs (a database round trip or two; the
 * SMS or e-mail goes out in the background, not before the answer).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Floor of the account-recovery answers (the slowest path measured 4-35 ms on PostgreSQL, sending excluded). */
export const RECOVERY_ANSWER_MS = 250;

export async function inEqualTime<T>(fn: () => Promise<T>, floorMs = RECOVERY_ANSWER_MS): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const left = floorMs - (performance.now() - start);
    if (left > 0) await sleep(left);
  }
}

/**
 * Start work the answer must not wait for (sending a code): it continues after
 * the answer; a failure goes to `onError` (logged), never to the caller.
 */
export function inBackground(work: Promise<unknown>, onError: (err: unknown) => void): void {
  work.catch(onError);
}
