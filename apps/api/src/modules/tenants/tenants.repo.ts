/** SQL of the cooperatives (tenants.service.ts): registration, activation and onboarding. */
import type { CooperativeType } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';

export interface TenantRow {
  tenantId: string;
  name: string;
  cooperativeType: CooperativeType;
  active: boolean;
  stepConfiguration: number;
  phone: string | null;
  email: string;
}

/** The cooperative's row (activated now when it starts active). */
export async function insertTenant(tx: Tx, t: TenantRow): Promise<void> {
  await tx.exec(
    `INSERT INTO tenant (tenant_id, name, cooperative_type, is_active, activated_at, step_configuration, phone, email)
       VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END, $5, $6, $7)`,
    [t.tenantId, t.name, t.cooperativeType, t.active, t.stepConfiguration, t.phone, t.email],
  );
}

export interface FirstAdmin {
  first: string;
  last: string | null;
  email: string;
  phone: string | null;
  passwordHash: string;
  roleId: string;
}

/** The cooperative's first user (position KETUA); answers its id. */
export async function insertFirstAdmin(tx: Tx, tenantId: string, a: FirstAdmin): Promise<string> {
  const admin = await tx.one<{ id: string }>(
    `INSERT INTO app_user (tenant_id, first_name, last_name, email, phone, password_hash, role_id, position, password_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'KETUA', now()) RETURNING id`,
    [tenantId, a.first, a.last, a.email, a.phone, a.passwordHash, a.roleId],
  );
  return admin!.id;
}

export interface BuiltinRole {
  name: string;
  code: string;
  permissions: unknown;
  withdrawal: string | null;
  loanRequest: string | null;
  loanApproval: string | null;
  release: boolean;
  cancel: boolean;
}

/** A built-in role; answers its id. */
export async function insertRole(tx: Tx, tenantId: string, r: BuiltinRole): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO role (tenant_id, name, code, permissions, saving_withdrawal_limit, loan_request_limit, loan_approval_limit,
                         can_release_loan, can_cancel_transaction)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) RETURNING id`,
    [tenantId, r.name, r.code, JSON.stringify(r.permissions), r.withdrawal, r.loanRequest, r.loanApproval, r.release, r.cancel],
  );
  return row!.id;
}

/** The newest activation code still usable (unused, unexpired, under 5 attempts), or undefined. */
export async function liveActivationCode(tx: Tx, tenantId: string) {
  return tx.one<{ expires_at: Date }>(
    `SELECT expires_at FROM verification_code
         WHERE tenant_id = $1 AND purpose = 'ACTIVATION' AND used_at IS NULL AND expires_at > now() AND attempts < 5
         ORDER BY created_at DESC LIMIT 1`,
    [tenantId],
  );
}

export interface RegistrationAgain {
  name: string;
  cooperativeType: CooperativeType;
  phone: string;
  email: string;
  first: string;
  last: string | null;
  passwordHash: string;
}

/** A pending registration's new details: the cooperative's and its first admin's. */
export async function updatePendingRegistration(tx: Tx, tenantId: string, userId: string, r: RegistrationAgain): Promise<void> {
  await tx.exec('UPDATE tenant SET name = $2, cooperative_type = $3, phone = $4, email = $5 WHERE tenant_id = $1', [
    tenantId,
    r.name,
    r.cooperativeType,
    r.phone,
    r.email,
  ]);
  await tx.exec(
    `UPDATE app_user SET first_name = $3, last_name = $4, email = $5, phone = $6, password_hash = $7, password_changed_at = now()
         WHERE tenant_id = $1 AND id = $2`,
    [tenantId, userId, r.first, r.last, r.email, r.phone, r.passwordHash],
  );
}

/** Locks the cooperative's row; answers whether it is active (undefined when there is none). */
export async function lockTenantActive(tx: Tx, tenantId: string) {
  return tx.one<{ is_active: boolean }>('SELECT is_active FROM tenant WHERE tenant_id = $1 FOR UPDATE', [tenantId]);
}

/** Activates the cooperative and uses up its pending activation codes. */
export async function markTenantActive(tx: Tx, tenantId: string): Promise<void> {
  await tx.exec('UPDATE tenant SET is_active = true, activated_at = now() WHERE tenant_id = $1', [tenantId]);
  await tx.exec(`UPDATE verification_code SET used_at = now() WHERE tenant_id = $1 AND purpose = 'ACTIVATION' AND used_at IS NULL`, [
    tenantId,
  ]);
}

/** The cooperative's name and a user's names, or undefined. */
export async function tenantAndUserNames(tx: Tx, tenantId: string, userId: string) {
  return tx.one<{ name: string; first_name: string; last_name: string | null }>(
    `SELECT t.name, u.first_name, u.last_name FROM tenant t JOIN app_user u ON u.tenant_id = t.tenant_id AND u.id = $2
               WHERE t.tenant_id = $1`,
    [tenantId, userId],
  );
}

/** Locks the cooperative's row and answers its onboarding state and name. */
export async function lockOnboarding(tx: Tx, tenantId: string) {
  return tx.one<{ step_configuration: number; onboarding: unknown; name: string }>(
    'SELECT step_configuration, onboarding, name FROM tenant WHERE tenant_id = $1 FOR UPDATE',
    [tenantId],
  );
}

/** Stores the onboarding configuration and moves the cooperative to step 2. */
export async function saveOnboarding(tx: Tx, tenantId: string, config: unknown): Promise<void> {
  await tx.exec('UPDATE tenant SET onboarding = $2::jsonb, step_configuration = 2 WHERE tenant_id = $1', [
    tenantId,
    JSON.stringify(config),
  ]);
}

/** Moves the cooperative to step 3 (the app), never back. */
export async function markOnboardingComplete(tx: Tx, tenantId: string): Promise<void> {
  await tx.exec('UPDATE tenant SET step_configuration = 3 WHERE tenant_id = $1 AND step_configuration < 3', [tenantId]);
}

/** The cooperative's onboarding step and configuration, or undefined. */
export async function onboardingRow(tx: Tx, tenantId: string) {
  return tx.one<{ step_configuration: number; onboarding: unknown }>(
    'SELECT step_configuration, onboarding FROM tenant WHERE tenant_id = $1',
    [tenantId],
  );
}
