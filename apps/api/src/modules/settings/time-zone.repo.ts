/**
 * The cooperative's time zone, tenant_config `timeZone` (a JSON string), read by the job runner's daily schedules
 * (jobs.repo.ts COOPERATIVE_ZONES) and edited on Profil Koperasi. Absent reads as Asia/Jakarta (WIB).
 */
import { COOPERATIVE_TIME_ZONES, type CooperativeTimeZone, DEFAULT_TIME_ZONE } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';

export async function readTimeZone(tx: Tx, tenantId: string): Promise<CooperativeTimeZone> {
  const r = await tx.one<{ tz: string }>(`SELECT value #>> '{}' AS tz FROM tenant_config WHERE tenant_id = $1 AND key = 'timeZone'`, [
    tenantId,
  ]);
  const tz = r?.tz as CooperativeTimeZone | undefined;
  return tz && COOPERATIVE_TIME_ZONES.includes(tz) ? tz : DEFAULT_TIME_ZONE;
}

export async function writeTimeZone(tx: Tx, tenantId: string, tz: CooperativeTimeZone, userId: string | null): Promise<void> {
  await tx.exec(
    `INSERT INTO tenant_config (tenant_id, key, value, updated_date, updated_by) VALUES ($1, 'timeZone', to_jsonb($2::text), now(), $3)
     ON CONFLICT (tenant_id, key) DO UPDATE SET value = EXCLUDED.value, updated_date = now(), updated_by = EXCLUDED.updated_by`,
    [tenantId, tz, userId],
  );
}
