/** SQL of business units (Unit Usaha). */
import { BUSINESS_UNIT_ACCOUNTS } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
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
