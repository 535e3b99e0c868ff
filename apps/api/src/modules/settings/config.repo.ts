/** SQL of tenant_config, the cooperative's key-value configuration (configuration.ts validates and merges the values). */
import type { Tx } from '../../db/db.ts';

export interface ConfigRow {
  key: string;
  value: unknown;
  updated_date: Date;
  updated_by: string | null;
}

/** The stored rows of the given keys (a key never saved has no row). */
export function findConfigRows(tx: Tx, tenantId: string, keys: readonly string[]) {
  return tx.query<ConfigRow>(
    `SELECT key, value, updated_date, updated_by FROM tenant_config
     WHERE tenant_id = $1 AND key = ANY($2::text[])`,
    [tenantId, keys],
  );
}

/** Stores one key's whole value (insert or replace). */
export async function upsertConfig(tx: Tx, tenantId: string, key: string, value: unknown, userId: string | null): Promise<void> {
  await tx.exec(
    `INSERT INTO tenant_config (tenant_id, key, value, updated_date, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
     ON CONFLICT (tenant_id, key) DO UPDATE SET value = EXCLUDED.value, updated_date = now(), updated_by = EXCLUDED.updated_by`,
    [tenantId, key, JSON.stringify(value), userId],
  );
}
