/** SQL of access roles (roles.service.ts holds the rules: built-in roles, no escalation, the matrix). */
import type { PermissionMatrix, RoleCode } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';

export interface RoleRow {
  id: string;
  name: string;
  code: RoleCode | null;
  description: string | null;
  permissions: PermissionMatrix;
  saving_withdrawal_limit: Dec | null;
  loan_request_limit: Dec | null;
  loan_approval_limit: Dec | null;
  can_release_loan: boolean;
  can_cancel_transaction: boolean;
  created_date: Date;
  updated_date: Date;
  user_count: number;
}

const ROLE_SELECT = `SELECT r.id, r.name, r.code, r.description, r.permissions, r.saving_withdrawal_limit, r.loan_request_limit,
         r.loan_approval_limit, r.can_release_loan, r.can_cancel_transaction, r.created_date, r.updated_date,
         (SELECT count(*)::int FROM app_user u WHERE u.tenant_id = r.tenant_id AND u.role_id = r.id) AS user_count
  FROM role r`;

export async function findRole(tx: Tx, tenantId: string, id: string, lock = false): Promise<RoleRow | undefined> {
  return tx.one<RoleRow>(`${ROLE_SELECT} WHERE r.tenant_id = $1 AND r.id = $2${lock ? ' FOR UPDATE OF r' : ''}`, [tenantId, id]);
}

/** One page of roles (search in name and description) and the total. */
export async function pageRoles(
  tx: Tx,
  tenantId: string,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
): Promise<{ rows: RoleRow[]; total: number }> {
  const where = ['r.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (q.search) {
    params.push(likePattern(q.search));
    where.push(`(r.name ILIKE $${params.length} OR r.description ILIKE $${params.length})`);
  }
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM role r WHERE ${where.join(' AND ')}`, params);
  const order = orderBy(
    q.sortBy,
    q.ascOrDesc,
    { created_date: 'r.created_date', name: 'lower(r.name)', updated_date: 'r.updated_date' },
    'created_date',
    'r.id',
  );
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<RoleRow>(
    `${ROLE_SELECT} WHERE ${where.join(' AND ')} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Every role for pickers: built-in roles first, then by name. */
export function rolesForPicker(tx: Tx, tenantId: string) {
  return tx.query<{ id: string; name: string; code: RoleCode | null; description: string | null }>(
    `SELECT id, name, code, description FROM role WHERE tenant_id = $1
     ORDER BY CASE code WHEN 'SUPER_ADMIN' THEN 0 WHEN 'TELLER' THEN 1 WHEN 'AGENT' THEN 2 ELSE 3 END, lower(name)`,
    [tenantId],
  );
}

/** Whether another role (not `exceptId`) has the name, ignoring case. */
export async function roleNameTaken(tx: Tx, tenantId: string, name: string, exceptId: string | null): Promise<boolean> {
  const taken = await tx.one(
    'SELECT 1 FROM role WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)',
    [tenantId, name, exceptId],
  );
  return Boolean(taken);
}

/** A role's writable values; limits as decimal texts (null = no limit). */
export interface RoleFields {
  name: string;
  description: string | null;
  permissions: PermissionMatrix;
  savingWithdrawal: string | null;
  loanRequest: string | null;
  loanApproval: string | null;
  canReleaseLoan: boolean;
  canCancelTransaction: boolean;
}

function values(f: RoleFields): unknown[] {
  return [
    f.name,
    f.description,
    JSON.stringify(f.permissions),
    f.savingWithdrawal,
    f.loanRequest,
    f.loanApproval,
    f.canReleaseLoan,
    f.canCancelTransaction,
  ];
}

export async function insertRole(tx: Tx, tenantId: string, f: RoleFields): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO role (tenant_id, name, description, permissions, saving_withdrawal_limit, loan_request_limit, loan_approval_limit,
                       can_release_loan, can_cancel_transaction)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) RETURNING id`,
    [tenantId, ...values(f)],
  );
  return row!.id;
}

export async function updateRoleRow(tx: Tx, tenantId: string, id: string, f: RoleFields): Promise<void> {
  await tx.exec(
    `UPDATE role SET name = $3, description = $4, permissions = $5::jsonb, saving_withdrawal_limit = $6, loan_request_limit = $7,
            loan_approval_limit = $8, can_release_loan = $9, can_cancel_transaction = $10
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...values(f)],
  );
}

/** Users (active or not) holding the role. */
export async function countRoleHolders(tx: Tx, tenantId: string, id: string): Promise<number> {
  const held = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM app_user WHERE tenant_id = $1 AND role_id = $2', [tenantId, id]);
  return held?.n ?? 0;
}

export async function deleteRoleRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.exec('DELETE FROM role WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}
