/** SQL of areas (the shared unit SQL is branches/units.repo.ts; this is what only areas read and write). */
import type { Tx } from '../../db/db.ts';
import type { UnitTable } from '../branches/units.repo.ts';

export interface AreaRow {
  id: string;
  name: string;
  description: string | null;
  branch_id: string | null;
  branch_name: string | null;
  branch_active: boolean | null;
  is_active: boolean;
  created_date: Date;
  updated_date: Date;
}

/** The area table as the shared unit service reads it (a row with its branch's name). */
export const AREA_TABLE: UnitTable = {
  table: 'area',
  alias: 'a',
  select: `SELECT a.id, a.name, a.description, a.branch_id, b.name AS branch_name, b.is_active AS branch_active, a.is_active,
         a.created_date, a.updated_date
  FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id`,
  from: 'FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id',
  search: ['a.name', 'a.description', 'b.name'],
  filters: { branchId: 'a.branch_id' },
};

/** A branch's name and whether it is active (undefined: no such branch). */
export function findBranchState(tx: Tx, tenantId: string, branchId: string) {
  return tx.one<{ name: string; is_active: boolean }>('SELECT name, is_active FROM branch WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    branchId,
  ]);
}

/** The branch name of one staff member of the area whose branch is not `branchId` (undefined: none). */
export async function staffBranchOtherThan(tx: Tx, tenantId: string, areaId: string, branchId: string): Promise<string | undefined> {
  const r = await tx.one<{ user_branch: string }>(
    `SELECT ub.name AS user_branch FROM app_user u JOIN branch ub ON ub.tenant_id = u.tenant_id AND ub.id = u.branch_id
     WHERE u.tenant_id = $1 AND u.area_id = $2 AND u.branch_id <> $3 LIMIT 1`,
    [tenantId, areaId, branchId],
  );
  return r?.user_branch;
}

export interface AreaFields {
  name: string;
  description: string | null;
  branchId: string | null;
  isActive: boolean;
}

export async function insertArea(tx: Tx, tenantId: string, f: AreaFields, userId: string | null): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO area (tenant_id, name, description, branch_id, is_active, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [tenantId, f.name, f.description, f.branchId, f.isActive, userId],
  );
  return row!.id;
}

export async function updateAreaRow(tx: Tx, tenantId: string, id: string, f: AreaFields, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE area SET name = $3, description = $4, branch_id = $5, is_active = $6, updated_by = $7 WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, f.name, f.description, f.branchId, f.isActive, userId],
  );
}
