/**
 * CIF numbers (ID Anggota) from the cooperative's pattern, setting
 * `cifNumber.pattern` in tenant_config (Pengaturan, owned by the settings
 * module; default '{YYYY}{SEQ:6}'). Tokens: {YYYY} {YY} {MM} of the join date
 * (the registration date while there is none), {BRANCH} the branch code ('00'
 * without one), {SEQ:n} the sequence zero-padded to n digits (it grows past n
 * rather than wrap).
 *
 * The sequence counts per scope: the pattern rendered up to {SEQ} (so
 * '{YYYY}{SEQ:6}' restarts every year, 'B{BRANCH}-{SEQ:5}' per branch). One
 * row per tenant and scope in member_cif_counter is incremented with an
 * upsert, whose row lock serialises concurrent registrations; numbers typed by
 * staff that collide with the sequence are skipped.
 */
import { CONFIG_DEFAULTS, cifPatternError, formatCifNumber } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { getConfig } from '../settings/configuration.ts';
import { cifsAmong, cifsInRange, lastCifSequence, takeCifSequence } from './members.cif.repo.ts';

export async function cifPattern(tx: Tx, tenantId: string): Promise<string> {
  const cfg = await getConfig(tx, tenantId, 'cifNumber');
  return cfg.pattern && !cifPatternError(cfg.pattern) ? cfg.pattern : CONFIG_DEFAULTS.cifNumber.pattern;
}

export function cleanBranchCode(code: string | null | undefined): string | null {
  const c = (code ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return c || null;
}

export interface CifInput {
  /** Join date, or the registration date, YYYY-MM-DD. */
  date: string;
  branchCode?: string | null;
}

/** The counter scope: the pattern rendered up to its {SEQ}. */
export function cifScope(pattern: string, v: CifInput): string {
  const at = pattern.search(/\{SEQ:\d{1,2}\}/);
  const prefix = at < 0 ? pattern : pattern.slice(0, at);
  return formatCifNumber(prefix, { date: v.date, branchCode: cleanBranchCode(v.branchCode), sequence: 0 }).toUpperCase();
}

export function renderCif(pattern: string, v: CifInput, sequence: number): string {
  return formatCifNumber(pattern, { date: v.date, branchCode: cleanBranchCode(v.branchCode), sequence }).toUpperCase();
}

/** Which of these CIF numbers are already used. */
async function taken(tx: Tx, cifs: string[]): Promise<Set<string>> {
  if (!cifs.length) return new Set();
  const sorted = [...cifs].sort();
  if (cifs.length > 20 && sorted.every((c) => c.length === sorted[0].length)) {
    // Consecutive numbers of one width: one range scan of the CIF index instead of a lookup each.
    const used = await cifsInRange(tx, sorted[0], sorted[sorted.length - 1], sorted[0].length);
    const wanted = new Set(cifs);
    return new Set(used.filter((c) => wanted.has(c)));
  }
  return new Set(await cifsAmong(tx, cifs));
}

/** New CIF numbers, one per input, in order; unique within the tenant. */
export async function allocateCifs(tx: Tx, pattern: string, inputs: CifInput[]): Promise<string[]> {
  const out = new Array<string>(inputs.length);
  const groups = new Map<string, number[]>();
  inputs.forEach((v, i) => {
    const s = cifScope(pattern, v);
    const g = groups.get(s);
    if (g) g.push(i);
    else groups.set(s, [i]);
  });
  // Scopes in a fixed order, so two transactions lock counter rows in the same order.
  for (const scope of [...groups.keys()].sort()) {
    let waiting = groups.get(scope)!;
    while (waiting.length) {
      const first = (await takeCifSequence(tx, scope, waiting.length)) - waiting.length + 1;
      const candidates = waiting.map((idx, k) => renderCif(pattern, inputs[idx], first + k));
      const used = await taken(tx, candidates);
      const retry: number[] = [];
      waiting.forEach((idx, k) => {
        if (used.has(candidates[k])) retry.push(idx);
        else out[idx] = candidates[k];
      });
      waiting = retry;
    }
  }
  return out;
}

/** The next CIF number the pattern would give, without taking it. */
export async function suggestCif(tx: Tx, pattern: string, v: CifInput): Promise<string> {
  let next = ((await lastCifSequence(tx, cifScope(pattern, v))) ?? 0) + 1;
  for (;;) {
    const candidates = Array.from({ length: 20 }, (_, k) => renderCif(pattern, v, next + k));
    const used = await taken(tx, candidates);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
    next += 20;
  }
}
