/** SQL of the cooperative's own details: the tenant row, its officers (pengurus and pengawas), its logo. */
import type { Tx } from '../../db/db.ts';

export interface TenantRow {
  tenant_id: string;
  name: string;
  cooperative_type: string;
  is_active: boolean;
  activated_at: Date | null;
  step_configuration: number;
  legal_entity_number: string | null;
  legal_entity_date: string | null;
  cooperative_number: string | null;
  tax_number: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  fiscal_year_start_month: number;
  created_date: Date;
}

export interface OfficerRow {
  id: string;
  board: string;
  title: string;
  name: string;
  user_id: string | null;
  user_name: string | null;
  phone: string | null;
  period_start: string | null;
  period_end: string | null;
  sort_order: number;
}

export function findOfficers(tx: Tx, tenantId: string) {
  return tx.query<OfficerRow>(
    `SELECT o.id, o.board, o.title, o.name, o.user_id, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS user_name,
            o.phone, o.period_start, o.period_end, o.sort_order
     FROM tenant_officer o LEFT JOIN app_user u ON u.tenant_id = o.tenant_id AND u.id = o.user_id
     WHERE o.tenant_id = $1 ORDER BY o.board DESC, o.sort_order, o.name`,
    [tenantId],
  );
}

export function findTenantRow(tx: Tx, tenantId: string) {
  return tx.one<TenantRow>(
    `SELECT tenant_id, name, cooperative_type, is_active, activated_at, step_configuration, legal_entity_number, legal_entity_date,
            cooperative_number, tax_number, address, city, province, postal_code, phone, email, website, logo_url,
            fiscal_year_start_month, created_date
     FROM tenant WHERE tenant_id = $1`,
    [tenantId],
  );
}

export async function lockTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.query('SELECT 1 FROM tenant WHERE tenant_id = $1 FOR UPDATE', [tenantId]);
}

/** Writes the given tenant columns; `values` maps a column name (from the service's fixed list) to its value. */
export async function updateTenantColumns(tx: Tx, tenantId: string, values: Array<[column: string, value: unknown]>): Promise<void> {
  if (!values.length) return;
  const params: unknown[] = [tenantId];
  const sets = values.map(([column, value]) => {
    params.push(value);
    return `${column} = $${params.length}`;
  });
  await tx.exec(`UPDATE tenant SET ${sets.join(', ')} WHERE tenant_id = $1`, params);
}

/** Those of the ids that are users of the tenant. */
export async function existingUserIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  const found = await tx.query<{ id: string }>('SELECT id FROM app_user WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids]);
  return new Set(found.map((f) => f.id));
}

export interface OfficerFields {
  board: string;
  title: string;
  name: string;
  userId: string | null;
  phone: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

/** Replaces the officers with the list, in its order (`keepExisting`: adds them after none are removed, as the demo seed does). */
export async function replaceOfficers(
  tx: Tx,
  tenantId: string,
  list: OfficerFields[],
  opts: { keepExisting?: boolean } = {},
): Promise<void> {
  if (!opts.keepExisting) await tx.exec('DELETE FROM tenant_officer WHERE tenant_id = $1', [tenantId]);
  let order = 0;
  for (const o of list) {
    await tx.exec(
      `INSERT INTO tenant_officer (tenant_id, board, title, name, user_id, phone, period_start, period_end, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [tenantId, o.board, o.title, o.name, o.userId, o.phone, o.periodStart, o.periodEnd, order++],
    );
  }
}

export async function findLogoUrl(tx: Tx, tenantId: string, lock = false): Promise<string | null | undefined> {
  const r = await tx.one<{ logo_url: string | null }>(`SELECT logo_url FROM tenant WHERE tenant_id = $1${lock ? ' FOR UPDATE' : ''}`, [
    tenantId,
  ]);
  return r ? r.logo_url : undefined;
}

/** Sets (or with null clears) the logo's URL. */
export async function setLogoUrl(tx: Tx, tenantId: string, url: string | null): Promise<void> {
  await tx.exec('UPDATE tenant SET logo_url = $2, logo_updated_at = now() WHERE tenant_id = $1', [tenantId, url]);
}

/** The demo cooperative's legal details and address, where none is set. */
export async function fillDemoLegalDetails(tx: Tx, tenantId: string): Promise<void> {
  await tx.exec(
    `UPDATE tenant SET legal_entity_number = COALESCE(legal_entity_number, 'AHU-0001234.AH.01.26.TAHUN 2019'),
            legal_entity_date = COALESCE(legal_entity_date, DATE '2019-03-14'),
            cooperative_number = COALESCE(cooperative_number, '3471020010001'),
            address = COALESCE(address, 'Jl. Malioboro No. 12'), city = COALESCE(city, 'Yogyakarta'),
            province = COALESCE(province, 'DI Yogyakarta'), postal_code = COALESCE(postal_code, '55271')
     WHERE tenant_id = $1`,
    [tenantId],
  );
}
