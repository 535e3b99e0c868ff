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
    const rows = await tx.query<{ cif_number: string }>(
      'SELECT cif_number FROM member WHERE tenant_id = app_tenant() AND cif_number >= $1 AND cif_number <= $2 AND length(cif_number) = $3',
      [sorted[0], sorted[sorted.length - 1], sorted[0].length],
    );
    const wanted = new Set(cifs);
    return new Set(rows.map((r) => r.cif_number).filter((c) => wanted.has(c)));
  }
  const rows = await tx.query<{ cif_number: string }>(
    'SELECT h.cif_number FROM unnest($1::text[]) AS k(v) CROSS JOIN LATERAL (SELECT m.cif_number FROM member m WHERE m.tenant_id = app_tenant() AND m.cif_number = k.v LIMIT 1) h',
    [cifs],
  );
  return new Set(rows.map((r) => r.cif_number));
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
      const r = await tx.one<{ last_value: number }>(
        `INSERT INTO member_cif_counter (tenant_id, scope, last_value) VALUES (app_tenant(), $1, $2)
         ON CONFLICT (tenant_id, scope) DO UPDATE SET last_value = member_cif_counter.last_value + EXCLUDED.last_value, updated_date = now()
         RETURNING last_value`,
        [scope, waiting.length],
      );
      const first = r!.last_value - waiting.length + 1;
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
  const r = await tx.one<{ last_value: number }>(
    'SELECT last_value FROM member_cif_counter WHERE tenant_id = app_tenant() AND scope = $1',
    [cifScope(pattern, v)],
  );
  let next = (r?.last_value ?? 0) + 1;
  for (;;) {
    const candidates = Array.from({ length: 20 }, (_, k) => renderCif(pattern, v, next + k));
    const used = await taken(tx, candidates);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
    next += 20;
  }
}
