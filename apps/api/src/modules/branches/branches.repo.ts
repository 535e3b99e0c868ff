/** SQL of branches (the shared unit SQL is units.repo.ts; this is what only branches read and write). */
import type { Tx } from '../../db/db.ts';
import type { UnitTable } from './units.repo.ts';

export interface BranchRow {
  id: string;
  code: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  is_active: boolean;
  created_date: Date;
  updated_date: Date;
  area_count: number;
}

/** The branch table as the shared unit service reads it (a row with its number of areas). */
export const BRANCH_TABLE: UnitTable = {
  table: 'branch',
  alias: 'b',
  select: `SELECT b.id, b.code, b.name, b.address, b.phone, b.is_active, b.created_date, b.updated_date,
    (SELECT count(*)::int FROM area a WHERE a.tenant_id = b.tenant_id AND a.branch_id = b.id) AS area_count
  FROM branch b`,
  from: 'FROM branch b',
  search: ['b.name', 'b.code', 'b.address'],
};

export interface BranchFields {
  code: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  isActive: boolean;
}

export async function insertBranch(tx: Tx, tenantId: string, f: BranchFields, userId: string | null): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO branch (tenant_id, code, name, address, phone, is_active, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [tenantId, f.code, f.name, f.address, f.phone, f.isActive, userId],
  );
  return row!.id;
}

export async function updateBranchRow(tx: Tx, tenantId: string, id: string, f: BranchFields, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE branch SET code = $3, name = $4, address = $5, phone = $6, is_active = $7, updated_by = $8
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, f.code, f.name, f.address, f.phone, f.isActive, userId],
  );
}
