/**
 * Time-ordered UUIDs (RFC 9562 version 7): 48 bits of Unix milliseconds, then
 * random bits. Rows keyed by them are inserted at the right edge of their
 * primary-key index instead of on a random page, which keeps inserts fast on
 * tables of millions of rows (journals, transactions, audit-like records)
 * once the index no longer fits in memory. Within one millisecond the ids of
 * this process still increase (a 12-bit counter in rand_a), so ordering by id
 * follows creation order here. Like v4 they are unguessable enough for ids, not
 * for secrets.
 */
import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;
const bytes = new Uint8Array(16);

export function uuidv7(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else {
    counter++;
    if (counter > 0xfff) {
      // More than 4096 ids in one millisecond: borrow the next millisecond.
      lastMs++;
      counter = 0;
    }
  }
  randomFillSync(bytes);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((counter >>> 8) & 0x0f); // version 7, counter high bits
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f); // variant 10
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
