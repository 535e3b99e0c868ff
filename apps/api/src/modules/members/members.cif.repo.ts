/** SQL of CIF numbers (members.cif.ts): the per-scope counter and the numbers already used. */
import type { Tx } from '../../db/db.ts';

/** CIF numbers used between `from` and `to` (inclusive) of this length: one range scan of the CIF index. */
export async function cifsInRange(tx: Tx, from: string, to: string, length: number): Promise<string[]> {
  const rows = await tx.query<{ cif_number: string }>(
    'SELECT cif_number FROM member WHERE tenant_id = app_tenant() AND cif_number >= $1 AND cif_number <= $2 AND length(cif_number) = $3',
    [from, to, length],
  );
  return rows.map((r) => r.cif_number);
}

/** Which of these CIF numbers are used: one index lookup each. */
export async function cifsAmong(tx: Tx, cifs: string[]): Promise<string[]> {
  const rows = await tx.query<{ cif_number: string }>(
    'SELECT h.cif_number FROM unnest($1::text[]) AS k(v) CROSS JOIN LATERAL (SELECT m.cif_number FROM member m WHERE m.tenant_id = app_tenant() AND m.cif_number = k.v LIMIT 1) h',
    [cifs],
  );
  return rows.map((r) => r.cif_number);
}

/** Takes `count` numbers of the scope's counter (the upsert's row lock serialises registrations); the last one taken. */
export async function takeCifSequence(tx: Tx, scope: string, count: number): Promise<number> {
  const r = await tx.one<{ last_value: number }>(
    `INSERT INTO member_cif_counter (tenant_id, scope, last_value) VALUES (app_tenant(), $1, $2)
         ON CONFLICT (tenant_id, scope) DO UPDATE SET last_value = member_cif_counter.last_value + EXCLUDED.last_value, updated_date = now()
         RETURNING last_value`,
    [scope, count],
  );
  return r!.last_value;
}

/** The scope's last number taken (undefined when none yet). */
export async function lastCifSequence(tx: Tx, scope: string): Promise<number | undefined> {
  const r = await tx.one<{ last_value: number }>(
    'SELECT last_value FROM member_cif_counter WHERE tenant_id = app_tenant() AND scope = $1',
    [scope],
  );
  return r?.last_value;
}
