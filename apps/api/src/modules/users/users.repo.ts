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
