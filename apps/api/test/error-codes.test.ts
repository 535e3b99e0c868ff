/**
 * The error-code catalogue (packages/contracts/src/errors.ts) holds every code the server can answer: this scans
 * apps/api/src for the codes of every throw site (the helpers badRequest, conflict, unprocessable, forbidden, fail;
 * `new AppError(status, 'CODE', ...)`; the modules' field helpers `x('CODE', 'area.key', ...)`; the envelope's
 * errorBody; `{ code: 'CODE', key: ... }` maps; the money refusals) and fails on a code missing from the catalogue,
 * without a status, or whose message lacks Indonesian or English. A branch adding a code without its catalogue
 * entry fails here at merge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, type ErrorCode, errorStatus, isErrorCode, messages } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { BILL_REFUSALS, DEPOSIT_REFUSALS, LOAN_REFUSALS, REFUSALS, UNIT_REFUSALS } from '../src/modules/money/refusals.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const CODE = "'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'";
const HELPERS: Record<string, number | null> = { badRequest: 400, conflict: 409, unprocessable: 422, forbidden: 403, fail: null };

function* files(dir: string): Generator<string> {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

interface Site {
  code: string;
  /** The status written at the site, when it writes one. */
  status: number | null;
  where: string;
}

/** Every code answered by apps/api/src, with the status its site gives. */
export function scanCodes(): Site[] {
  const sites: Site[] = [];
  for (const file of files(src)) {
    const s = readFileSync(file, 'utf8');
    const rel = path.relative(src, file);
    const at = (i: number) => `${rel}:${s.slice(0, i).split('\n').length}`;
    // A helper with the code first: badRequest('CODE'), forbidden('CODE'), ...
    for (const m of s.matchAll(new RegExp(`\\b(\\w+)\\(\\s*${CODE}`, 'g'))) {
      if (m[1] in HELPERS) sites.push({ code: m[2], status: HELPERS[m[1]], where: at(m.index) });
    }
    // Any call passing a code and then its message key ('CODE', 'area.key'), with the status before them if written.
    for (const m of s.matchAll(new RegExp(`(?:\\b(\\d{3}),\\s*)?${CODE},\\s*'[a-z][\\w-]*\\.[\\w.]+'`, 'g'))) {
      const callee = /(\w+)\(\s*$/.exec(s.slice(Math.max(0, m.index - 40), m.index))?.[1];
      if (callee && callee in HELPERS) continue;
      sites.push({ code: m[2], status: m[1] ? Number(m[1]) : null, where: at(m.index) });
    }
    for (const m of s.matchAll(new RegExp(`new AppError\\(\\s*(\\d{3}|\\w+),\\s*${CODE}`, 'g'))) {
      sites.push({ code: m[2], status: /^\d+$/.test(m[1]) ? Number(m[1]) : null, where: at(m.index) });
    }
    for (const m of s.matchAll(/errorBody\(([^;]*?)\)[;,)\s]/g)) {
      for (const c of m[1].matchAll(new RegExp(CODE, 'g'))) sites.push({ code: c[1], status: null, where: at(m.index) });
    }
    for (const m of s.matchAll(new RegExp(`(?:errorCode: ${CODE}|code: ${CODE},\\s*key:)`, 'g'))) {
      sites.push({ code: m[1] ?? m[2], status: null, where: at(m.index) });
    }
  }
  for (const [code, spec] of Object.entries({ ...REFUSALS, ...LOAN_REFUSALS, ...UNIT_REFUSALS, ...BILL_REFUSALS, ...DEPOSIT_REFUSALS })) {
    sites.push({ code: (spec as { errorCode?: string }).errorCode ?? code, status: spec.status, where: `money/refusals.ts ${code}` });
  }
  return sites;
}

/** Codes answered with another status than the catalogue's at some sites (each with its reason). */
const OTHER_STATUS: Record<string, string> = {
  BRANCH_NOT_FOUND: "404 for a branch looked up by id; 422 for a journal line's branch (posting.ts, the journal is refused)",
};

describe('error-code catalogue', () => {
  const sites = scanCodes();

  it('finds the throw sites (the scan itself works)', () => {
    expect(sites.length).toBeGreaterThan(300);
    expect(new Set(sites.map((s) => s.code)).size).toBeGreaterThan(250);
    for (const c of ['NOT_FOUND', 'JOURNAL_UNBALANCED', 'INSUFFICIENT_BALANCE', 'UPLOAD_NOT_XLSX', 'BAD_URL', 'DUPLICATE']) {
      expect(sites.some((s) => s.code === c)).toBe(true);
    }
  });

  it('every code the server answers is in the catalogue', () => {
    const missing = sites.filter((s) => !isErrorCode(s.code)).map((s) => `${s.code} (${s.where})`);
    expect(missing).toEqual([]);
  });

  it('every catalogued code has an HTTP status and a message in Indonesian and English', () => {
    const problems: string[] = [];
    for (const [code, spec] of Object.entries(ERROR_CODES)) {
      if (!(spec.status >= 400 && spec.status < 600)) problems.push(`${code}: status ${spec.status}`);
      const m = messages[spec.key];
      if (!m?.id || !m?.en) problems.push(`${code}: message ${spec.key} lacks id or en`);
    }
    expect(problems).toEqual([]);
  });

  it("a site that writes a status writes the catalogue's", () => {
    const wrong = sites
      .filter((s) => s.status !== null && isErrorCode(s.code) && !OTHER_STATUS[s.code] && errorStatus(s.code as ErrorCode) !== s.status)
      .map((s) => `${s.code}: ${s.status} at ${s.where}, catalogue ${errorStatus(s.code as ErrorCode)}`);
    expect(wrong).toEqual([]);
  });
});
