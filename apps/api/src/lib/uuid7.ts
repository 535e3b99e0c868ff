/**
 * Time-ordered UUIDs (RFC 9562 version 7): 48 bits of Unix milliseconds, then
 * random bits. Rows keyed by them are inserted at the right edge of their
 * primary-key index instead of on a random page, which keeps inserts fast on
 * tables of millions of rows (journals, transactions, audit-like records)
 * once the index no longer fits in memory. Within one millisecond the ids of
 * this process still increase (a 12-bit counter in rand_a), so ordering by id
 * follows creation order here. Like v4 they are unguessable enough for ids, not
 * for secrets.
 *
 * The random bits (rand_b, 62 of them) come from a pool filled by the operating
 * system's generator 8 KiB at a time (one `randomFillSync` per 1,024 ids, as
 * `crypto.randomUUID` caches its own), and the text is built from a byte-to-hex
 * table: no buffer or string conversion per id (docs/loans.md "Performance").
 */
import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;
const POOL = 8192;
const pool = Buffer.alloc(POOL);
let at = POOL;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

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
  if (at + 8 > POOL) {
    randomFillSync(pool);
    at = 0;
  }
  const r = at;
  at += 8;
  const hi = Math.floor(lastMs / 2 ** 32); // the top 16 of the 48 bits
  const lo = lastMs >>> 0; // the low 32
  return (
    HEX[(hi >>> 8) & 0xff] +
    HEX[hi & 0xff] +
    HEX[lo >>> 24] +
    HEX[(lo >>> 16) & 0xff] +
    '-' +
    HEX[(lo >>> 8) & 0xff] +
    HEX[lo & 0xff] +
    '-' +
    HEX[0x70 | ((counter >>> 8) & 0x0f)] + // version 7, counter high bits
    HEX[counter & 0xff] +
    '-' +
    HEX[0x80 | (pool[r] & 0x3f)] + // variant 10
    HEX[pool[r + 1]] +
    '-' +
    HEX[pool[r + 2]] +
    HEX[pool[r + 3]] +
    HEX[pool[r + 4]] +
    HEX[pool[r + 5]] +
    HEX[pool[r + 6]] +
    HEX[pool[r + 7]]
  );
}
