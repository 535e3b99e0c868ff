/** SQL of business units (Unit Usaha). */
import { BUSINESS_UNIT_ACCOUNTS, type BusinessUnitCreate } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { pgArray } from '../ledger/balances.ts';

export interface BusinessUnitRow {
  id: string;
  name: string;
  type: string;
  status: string;
  cash_account_id: string;
  inventory_account_id: string;
  payable_account_id: string;
  receivable_account_id: string;
  revenue_account_id: string;
  expense_account_id: string;
  admin_liability_account_id: string;
  inventory_loss_account_id: string;
  created_date: Date;
  updated_date: Date;
  own_account_count: number;
  accounts: Record<string, [string, string]>;
}

/** One row per unit with the code and name of each of its accounts and the count of COA accounts it owns. */
export const SELECT = `SELECT u.id, u.name, u.type, u.status, ${BUSINESS_UNIT_ACCOUNTS.map((a) => `u.${a.column}`).join(', ')},
    u.created_date, u.updated_date,
    (SELECT count(*)::int FROM coa_account o WHERE o.tenant_id = u.tenant_id AND o.business_unit_id = u.id) AS own_account_count,
    (SELECT jsonb_object_agg(c.id::text, jsonb_build_array(c.code, c.name)) FROM coa_account c
      WHERE c.tenant_id = u.tenant_id AND c.id IN (${BUSINESS_UNIT_ACCOUNTS.map((a) => `u.${a.column}`).join(', ')})) AS accounts
  FROM business_unit u`;

export async function findUnit(tx: Tx, id: string, lock = false): Promise<BusinessUnitRow | undefined> {
  if (lock) await tx.exec('SELECT 1 FROM business_unit WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tx.tenantId, id]);
  return tx.one<BusinessUnitRow>(`${SELECT} WHERE u.tenant_id = $1 AND u.id = $2`, [tx.tenantId, id]);
}

/** Whether a unit of this cooperative exists (another cooperative's is not found under RLS). */
export async function unitExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM business_unit WHERE tenant_id = $1 AND id = $2', [tx.tenantId, id]));
}

export interface AccountCheckRow {
  id: string;
  code: string;
  name: string;
  type: string;
  is_postable: boolean;
  is_active: boolean;
  business_unit_id: string | null;
}

export async function accountsByIds(tx: Tx, ids: string[]): Promise<Map<string, AccountCheckRow>> {
  const rows = await tx.query<AccountCheckRow>(
    `SELECT id, code, name, type, is_postable, is_active, business_unit_id FROM coa_account WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tx.tenantId, pgArray(ids)],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function nameTaken(tx: Tx, name: string, exceptId: string | null): Promise<boolean> {
  return Boolean(
    await tx.one('SELECT 1 FROM business_unit WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)', [
      tx.tenantId,
      name,
      exceptId,
    ]),
  );
}

const SORT = { created_date: 'u.created_date', name: 'lower(u.name)', type: 'u.type', status: 'u.status' };

/** One page of units (search on name and type, filters on type and status) and the count. */
export async function unitsPage(
  tx: Tx,
  q: PageQuery & { type?: string; status?: string },
): Promise<{ rows: BusinessUnitRow[]; total: number }> {
  const where = ['u.tenant_id = $1'];
  const params: unknown[] = [tx.tenantId];
  if (q.search) {
    params.push(likePattern(q.search));
    where.push(`(u.name ILIKE $${params.length} OR u.type ILIKE $${params.length})`);
  }
  if (q.type) {
    params.push(q.type);
    where.push(`u.type = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`u.status = $${params.length}`);
  }
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM business_unit u WHERE ${where.join(' AND ')}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<BusinessUnitRow>(
    `${SELECT} WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.ascOrDesc, SORT, 'created_date', 'u.id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Every unit: active first, then by name. */
export async function allUnits(tx: Tx): Promise<BusinessUnitRow[]> {
  return tx.query<BusinessUnitRow>(`${SELECT} WHERE u.tenant_id = $1 ORDER BY u.status = 'ACTIVE' DESC, lower(u.name), u.id LIMIT 1000`, [
    tx.tenantId,
  ]);
}

const COLS = BUSINESS_UNIT_ACCOUNTS.map((a) => a.column);

export async function insertUnit(tx: Tx, body: BusinessUnitCreate, userId: string | null): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO business_unit (tenant_id, name, type, status, ${COLS.join(', ')}, created_by, updated_by)
     VALUES ($1, $2, $3, $4, ${COLS.map((_, i) => `$${i + 5}`).join(', ')}, $${COLS.length + 5}, $${COLS.length + 5}) RETURNING id`,
    [tx.tenantId, body.name, body.type, body.status, ...BUSINESS_UNIT_ACCOUNTS.map((a) => body[a.field]), userId],
  );
  return row!.id;
}

/** Writes every column of the unit (`accounts` in BUSINESS_UNIT_ACCOUNTS order). */
export async function updateUnitRow(
  tx: Tx,
  id: string,
  v: { name: string; type: string; status: string; accounts: string[] },
  userId: string | null,
) {
  await tx.exec(
    `UPDATE business_unit SET name = $3, type = $4, status = $5, ${COLS.map((c, i) => `${c} = $${i + 6}`).join(', ')},
            updated_by = $${COLS.length + 6}
     WHERE tenant_id = $1 AND id = $2`,
    [tx.tenantId, id, v.name, v.type, v.status, ...v.accounts, userId],
  );
}
