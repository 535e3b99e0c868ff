/**
 * Test-only clock for a server started by a browser test (never loaded by the product): `Date` runs
 * E2E_CLOCK_FILE's number of milliseconds ahead of (negative: behind) the real clock, read again every 200 ms.
 * interest.e2e.ts starts its own server with the file at -45 days, so the demo cooperative is created and seeded
 * 45 days ago (its products' terms in force since then), then sets it to 0: last month then has real balances
 * under terms in force, as a cooperative that has worked for a while has. Loaded with NODE_OPTIONS=--import.
 */
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
let offset = 0;
const read = () => {
  try {
    offset = Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    offset = 0;
  }
};
if (file) {
  read();
  setInterval(read, 200).unref();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
