/** SQL of the users module: the user as the screens show it, and the lookups its rules need. */
import type { OfficerTitle, RoleCode } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface UserRow {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  position: OfficerTitle | null;
  is_active: boolean;
  is_account_officer: boolean;
  has_password: boolean;
  last_login_at: Date | null;
  created_date: Date;
  updated_date: Date;
  role_id: string;
  role_name: string;
  role_code: RoleCode | null;
  saving_withdrawal_limit: Dec | null;
  loan_request_limit: Dec | null;
  loan_approval_limit: Dec | null;
  can_release_loan: boolean;
  can_cancel_transaction: boolean;
  branch_id: string | null;
  branch_name: string | null;
  branch_code: string | null;
  area_id: string | null;
  area_name: string | null;
  coa_id: string | null;
  coa_code: string | null;
  coa_name: string | null;
}

export const USER_FROM = `FROM app_user u
  JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  LEFT JOIN branch b ON b.tenant_id = u.tenant_id AND b.id = u.branch_id
  LEFT JOIN area a ON a.tenant_id = u.tenant_id AND a.id = u.area_id
  LEFT JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id`;

export const USER_SELECT = `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.position, u.is_active, u.is_account_officer,
    u.password_hash IS NOT NULL AS has_password, u.last_login_at, u.created_date, u.updated_date,
    r.id AS role_id, r.name AS role_name, r.code AS role_code, r.saving_withdrawal_limit, r.loan_request_limit, r.loan_approval_limit,
    r.can_release_loan, r.can_cancel_transaction,
    b.id AS branch_id, b.name AS branch_name, b.code AS branch_code, a.id AS area_id, a.name AS area_name,
    c.id AS coa_id, c.code AS coa_code, c.name AS coa_name
  ${USER_FROM}`;

/** The user as every users endpoint answers it (spec section 3 "User/agent"). */
export function userOut(r: UserRow) {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    fullName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    email: r.email,
    phone: r.phone,
    position: r.position,
    isActive: r.is_active,
    isAccountOfficer: r.is_account_officer,
    /** false until the user accepted the invitation and set a password. */
    hasPassword: r.has_password,
    invitationPending: !r.has_password,
    role: { id: r.role_id, name: r.role_name, code: r.role_code },
    roleId: r.role_id,
    limits: {
      savingWithdrawal: r.saving_withdrawal_limit,
      loanRequest: r.loan_request_limit,
      loanApproval: r.loan_approval_limit,
      canReleaseLoan: r.can_release_loan,
      canCancelTransaction: r.can_cancel_transaction,
    },
    branch: r.branch_id ? { id: r.branch_id, name: r.branch_name, code: r.branch_code } : null,
    branchId: r.branch_id,
    area: r.area_id ? { id: r.area_id, name: r.area_name } : null,
    areaId: r.area_id,
    coa: r.coa_id ? { id: r.coa_id, code: r.coa_code, name: r.coa_name } : null,
    coaId: r.coa_id,
    lastLoginAt: r.last_login_at,
    createdDate: r.created_date,
    updatedDate: r.updated_date,
  };
}
export type UserView = ReturnType<typeof userOut>;

export async function findUser(tx: Tx, tenantId: string, id: string, lock = false): Promise<UserRow | undefined> {
  return tx.one<UserRow>(`${USER_SELECT} WHERE u.tenant_id = $1 AND u.id = $2${lock ? ' FOR UPDATE OF u' : ''}`, [tenantId, id]);
}

/** The user behind an e-mail or phone anywhere in the product (SECURITY DEFINER lookup), or undefined. */
export async function loginOwner(tx: Tx, login: string): Promise<{ tenant_id: string; user_id: string } | undefined> {
  return tx.one<{ tenant_id: string; user_id: string }>('SELECT tenant_id, user_id FROM auth_find_login($1)', [login]);
}

export interface CoaRow {
  id: string;
  code: string;
  name: string;
  is_postable: boolean;
  is_active: boolean;
  is_cash_bank: boolean;
  holder_id: string | null;
  holder_name: string | null;
}

/** A COA account with whether it sits under the cash-and-bank parent (system key CASH_BANK, code 101) and who holds it. */
export async function findCoa(tx: Tx, tenantId: string, id: string): Promise<CoaRow | undefined> {
  return tx.one<CoaRow>(
    `WITH RECURSIVE up AS (
       SELECT c.id, c.parent_id, c.code, c.system_key, 0 AS depth FROM coa_account c WHERE c.tenant_id = $1 AND c.id = $2
       UNION ALL
       SELECT p.id, p.parent_id, p.code, p.system_key, up.depth + 1 FROM coa_account p JOIN up ON p.tenant_id = $1 AND p.id = up.parent_id
       WHERE up.depth < 20
     )
     SELECT c.id, c.code, c.name, c.is_postable, c.is_active,
            EXISTS (SELECT 1 FROM up WHERE up.system_key = 'CASH_BANK' OR up.code = '101') AS is_cash_bank,
            h.id AS holder_id, nullif(concat_ws(' ', h.first_name, h.last_name), '') AS holder_name
     FROM coa_account c LEFT JOIN app_user h ON h.tenant_id = c.tenant_id AND h.coa_id = c.id
     WHERE c.tenant_id = $1 AND c.id = $2`,
    [tenantId, id],
  );
}

/** Where a user works: branch, area and the cash or bank account it holds (undefined: no such user). */
export function findUserPlacement(tx: Tx, tenantId: string, userId: string) {
  return tx.one<{ branch_id: string | null; area_id: string | null; coa_id: string | null }>(
    'SELECT branch_id, area_id, coa_id FROM app_user WHERE tenant_id = $1 AND id = $2',
    [tenantId, userId],
  );
}

// ---------------------------------------------------------------- changes (users.service.ts)

export interface UserValues {
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  roleId: string;
  position: OfficerTitle | null;
  isActive: boolean;
  isAccountOfficer: boolean;
  branchId: string | null;
  areaId: string | null;
  coaId: string | null;
}

/** The values of the user columns, in the order insertUser and updateUserRow write them. */
function userValues(v: UserValues): unknown[] {
  return [v.firstName, v.lastName, v.email, v.phone, v.roleId, v.position, v.isActive, v.isAccountOfficer, v.branchId, v.areaId, v.coaId];
}

/** A new user (no password until the invitation is accepted); answers its id. */
export async function insertUser(tx: Tx, tenantId: string, v: UserValues, by: string | null): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO app_user (tenant_id, first_name, last_name, email, phone, role_id, position, is_active, is_account_officer,
                               branch_id, area_id, coa_id, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
    [tenantId, ...userValues(v), by],
  );
  return row!.id;
}

/** Writes every editable column of a user. */
export async function updateUserRow(tx: Tx, tenantId: string, id: string, v: UserValues, by: string | null): Promise<void> {
  await tx.exec(
    `UPDATE app_user SET first_name = $3, last_name = $4, email = $5, phone = $6, role_id = $7, position = $8, is_active = $9,
                is_account_officer = $10, branch_id = $11, area_id = $12, coa_id = $13, updated_by = $14
         WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...userValues(v), by],
  );
}

export async function deleteUserRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.exec('DELETE FROM app_user WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

export async function setUserCoa(tx: Tx, tenantId: string, id: string, coaId: string, by: string | null): Promise<void> {
  await tx.exec('UPDATE app_user SET coa_id = $3, updated_by = $4 WHERE tenant_id = $1 AND id = $2', [tenantId, id, coaId, by]);
}

export async function clearUserCoa(tx: Tx, tenantId: string, id: string, by: string | null): Promise<void> {
  await tx.exec('UPDATE app_user SET coa_id = NULL, updated_by = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, by]);
}

export async function setUserArea(tx: Tx, tenantId: string, id: string, areaId: string | null, branchId: string | null, by: string | null) {
  await tx.exec('UPDATE app_user SET area_id = $3, branch_id = $4, updated_by = $5 WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    id,
    areaId,
    branchId,
    by,
  ]);
}

export async function clearUserArea(tx: Tx, tenantId: string, id: string, by: string | null): Promise<void> {
  await tx.exec('UPDATE app_user SET area_id = NULL, updated_by = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, by]);
}

// ---------------------------------------------------------------- rules (users.rules.ts)

/** Locks the cooperative's SUPER ADMIN role row (FOR NO KEY UPDATE); answers its id. */
export async function lockSuperAdminRole(tx: Tx, tenantId: string): Promise<string> {
  const r = await tx.one<{ id: string }>(`SELECT id FROM role WHERE tenant_id = $1 AND code = 'SUPER_ADMIN' FOR NO KEY UPDATE`, [tenantId]);
  return r!.id;
}

/** How many active users other than `userId` have the role. */
export async function countOtherActiveWithRole(tx: Tx, tenantId: string, roleId: string, userId: string): Promise<number> {
  const n = await tx.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM app_user WHERE tenant_id = $1 AND role_id = $2 AND is_active AND id <> $3',
    [tenantId, roleId, userId],
  );
  return n?.n ?? 0;
}

export async function findBranchState(tx: Tx, tenantId: string, id: string) {
  return tx.one<{ id: string; name: string; is_active: boolean }>(
    'SELECT id, name, is_active FROM branch WHERE tenant_id = $1 AND id = $2',
    [tenantId, id],
  );
}

export async function findAreaWithBranch(tx: Tx, tenantId: string, id: string) {
  return tx.one<{ id: string; name: string; is_active: boolean; branch_id: string | null; branch_name: string | null }>(
    `SELECT a.id, a.name, a.is_active, a.branch_id, b.name AS branch_name
     FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id WHERE a.tenant_id = $1 AND a.id = $2`,
    [tenantId, id],
  );
}

// ---------------------------------------------------------------- lists (users.lists.ts)

/** One page of users and the total under `where` (conditions on USER_FROM's aliases, with their params), ordered by `order`. */
export async function pageOfUserRows(tx: Tx, where: string[], params: unknown[], order: string, page: number, limit: number) {
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${USER_FROM} WHERE ${where.join(' AND ')}`, params);
  params.push(limit, page * limit);
  const rows = await tx.query<UserRow>(
    `${USER_SELECT} WHERE ${where.join(' AND ')} ${order}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function branchExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM branch WHERE tenant_id = $1 AND id = $2', [tenantId, id]));
}

/** The cash or bank account(s) a user holds, with their parent. */
export async function coaHeldBy(tx: Tx, tenantId: string, userId: string | null) {
  return tx.query<{
    id: string;
    code: string;
    name: string;
    is_active: boolean;
    parent_id: string | null;
    parent_code: string | null;
    parent_name: string | null;
  }>(
    `SELECT c.id, c.code, c.name, c.is_active, p.id AS parent_id, p.code AS parent_code, p.name AS parent_name
       FROM app_user u JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
       LEFT JOIN coa_account p ON p.tenant_id = c.tenant_id AND p.id = c.parent_id
       WHERE u.tenant_id = $1 AND u.id = $2`,
    [tenantId, userId],
  );
}

// ---------------------------------------------------------------- invitation (users.invitation.ts)

export async function tenantName(tx: Tx, tenantId: string): Promise<string | undefined> {
  const t = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = $1', [tenantId]);
  return t?.name;
}

/** The invited user and their cooperative while the newest invitation to `target` is still usable, or undefined. */
export async function pendingInvitation(tx: Tx, tenantId: string, userId: string, target: string) {
  return tx.one<{
    first_name: string;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    tenant_name: string;
    expires_at: Date;
  }>(
    `SELECT u.first_name, u.last_name, u.email, u.phone, t.name AS tenant_name, v.expires_at
       FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
       JOIN LATERAL (SELECT expires_at, used_at, attempts FROM verification_code
                     WHERE tenant_id = u.tenant_id AND purpose = 'INVITATION' AND target = $3 ORDER BY created_at DESC LIMIT 1) v ON true
       WHERE u.tenant_id = $1 AND u.id = $2 AND u.is_active AND u.password_hash IS NULL AND t.is_active
         AND v.used_at IS NULL AND v.expires_at > now() AND v.attempts < 5`,
    [tenantId, userId, target],
  );
}

/** Whether the user is active and still without a password (undefined: no such user). */
export async function awaitingPassword(tx: Tx, tenantId: string, userId: string) {
  return tx.one<{ ok: boolean }>('SELECT (is_active AND password_hash IS NULL) AS ok FROM app_user WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
  ]);
}

/** A user's names and e-mail with their cooperative's name, for the password rules. */
export async function userAndTenantNames(tx: Tx, tenantId: string, userId: string) {
  return tx.one<{ first_name: string; last_name: string | null; email: string | null; name: string }>(
    `SELECT u.first_name, u.last_name, u.email, t.name FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
       WHERE u.tenant_id = $1 AND u.id = $2`,
    [tenantId, userId],
  );
}

export async function setPassword(tx: Tx, tenantId: string, userId: string, hash: string): Promise<void> {
  await tx.exec('UPDATE app_user SET password_hash = $3, password_changed_at = now() WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
    hash,
  ]);
}
