import { normalizePhone } from '@koperasi/contracts';
import type { Db, Tx } from '../../db/db.ts';
import { hashCode, sixDigitCode } from '../../lib/tokens.ts';

export interface LoginRow {
  tenant_id: string;
  user_id: string;
  password_hash: string | null;
  user_active: boolean;
  tenant_active: boolean;
  email: string | null;
  phone: string | null;
}

/** E-mail (lower-cased) or phone (E.164) as stored; the raw text when neither parses. */
export function normalizeLogin(username: string): string {
  const u = username.trim();
  if (u.includes('@')) return u.toLowerCase();
  return normalizePhone(u) ?? u;
}

/** The account behind an e-mail or phone, across tenants (SECURITY DEFINER lookup). */
export async function findLogin(db: Db, username: string): Promise<LoginRow | undefined> {
  const rows = await db.appQuery<LoginRow>('SELECT * FROM auth_find_login($1)', [normalizeLogin(username)]);
  return rows[0];
}

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = 'ACTIVATION' | 'PASSWORD_RESET' | 'INVITATION';

/** Issue a fresh 6-digit code; earlier unused codes of the same purpose and target stop working. */
export async function issueCode(
  tx: Tx,
  tenantId: string,
  purpose: CodePurpose,
  target: string,
  userId: string | null,
  ttlMinutes = CODE_TTL_MINUTES,
): Promise<{ code: string; expiresAt: Date }> {
  await tx.exec(
    `UPDATE verification_code SET used_at = now()
     WHERE tenant_id = $1 AND purpose = $2 AND target = $3 AND used_at IS NULL`,
    [tenantId, purpose, target],
  );
  const code = sixDigitCode();
  const id = crypto.randomUUID();
  const row = await tx.one<{ expires_at: Date }>(
    `INSERT INTO verification_code (tenant_id, id, purpose, user_id, target, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7)) RETURNING expires_at`,
    [tenantId, id, purpose, userId, target, hashCode(id, code), ttlMinutes],
  );
  return { code, expiresAt: row!.expires_at };
}

export type CodeCheck = 'OK' | 'NONE' | 'EXPIRED' | 'WRONG' | 'LOCKED';

/**
 * Check a code against the latest one issued for purpose and target. A wrong
 * code counts an attempt (committed even though the caller then fails); after
 * CODE_MAX_ATTEMPTS the code is dead. A right code is consumed (single use).
 */
export async function checkCode(tx: Tx, tenantId: string, purpose: CodePurpose, target: string, code: string): Promise<CodeCheck> {
  const row = await tx.one<{ id: string; code_hash: string; expired: boolean; attempts: number; used: boolean }>(
    `SELECT id, code_hash, expires_at < now() AS expired, attempts, used_at IS NOT NULL AS used
     FROM verification_code WHERE tenant_id = $1 AND purpose = $2 AND target = $3
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [tenantId, purpose, target],
  );
  if (!row || row.used) return 'NONE';
  if (row.expired) return 'EXPIRED';
  if (row.attempts >= CODE_MAX_ATTEMPTS) return 'LOCKED';
  if (hashCode(row.id, code) !== row.code_hash) {
    await tx.exec('UPDATE verification_code SET attempts = attempts + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, row.id]);
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'LOCKED' : 'WRONG';
  }
  await tx.exec('UPDATE verification_code SET used_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, row.id]);
  return 'OK';
}

/** Create a session row; its id is the token's jti. */
export async function createSession(
  tx: Tx,
  tenantId: string,
  userId: string,
  ttlSeconds: number,
  ip: string | null,
  userAgent: string | null,
): Promise<string> {
  const id = crypto.randomUUID();
  await tx.exec(
    `INSERT INTO auth_session (tenant_id, id, user_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6)`,
    [tenantId, id, userId, ttlSeconds, ip, userAgent?.slice(0, 500) ?? null],
  );
  await tx.exec('UPDATE app_user SET last_login_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, userId]);
  return id;
}

export async function revokeSessions(tx: Tx, tenantId: string, userId: string, exceptSessionId?: string): Promise<number> {
  return tx.exec(
    `UPDATE auth_session SET revoked_at = now()
     WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [tenantId, userId, exceptSessionId ?? null],
  );
}

export async function revokeSession(tx: Tx, tenantId: string, sessionId: string): Promise<void> {
  await tx.exec('UPDATE auth_session SET revoked_at = now() WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL', [
    tenantId,
    sessionId,
  ]);
}

export interface SessionTenantRow {
  tenant_id: string;
  name: string;
  cooperative_type: string;
  is_active: boolean;
  step_configuration: number;
  logo_url: string | null;
}

export function findSessionTenant(tx: Tx, tenantId: string) {
  return tx.one<SessionTenantRow>(
    'SELECT tenant_id, name, cooperative_type, is_active, step_configuration, logo_url FROM tenant WHERE tenant_id = $1',
    [tenantId],
  );
}

export interface SessionUserRow {
  last_login_at: Date | null;
  created_date: Date;
  is_account_officer: boolean;
  branch_id: string | null;
  branch_name: string | null;
  branch_code: string | null;
  area_id: string | null;
  area_name: string | null;
  coa_id: string | null;
  coa_code: string | null;
  coa_name: string | null;
}

/** The signed-in user's placement: branch, area and the cash or bank account it holds. */
export function findSessionUser(tx: Tx, tenantId: string, userId: string) {
  return tx.one<SessionUserRow>(
    `SELECT u.last_login_at, u.created_date, u.is_account_officer, b.id AS branch_id, b.name AS branch_name, b.code AS branch_code,
            a.id AS area_id, a.name AS area_name, c.id AS coa_id, c.code AS coa_code, c.name AS coa_name
     FROM app_user u
     LEFT JOIN branch b ON b.tenant_id = u.tenant_id AND b.id = u.branch_id
     LEFT JOIN area a ON a.tenant_id = u.tenant_id AND a.id = u.area_id
     LEFT JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
     WHERE u.tenant_id = $1 AND u.id = $2`,
    [tenantId, userId],
  );
}

export async function findPasswordHash(tx: Tx, tenantId: string, userId: string | null): Promise<string | null | undefined> {
  const r = await tx.one<{ password_hash: string | null }>('SELECT password_hash FROM app_user WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
  ]);
  return r?.password_hash;
}

export async function setPasswordHash(tx: Tx, tenantId: string, userId: string | null, hash: string): Promise<void> {
  await tx.exec('UPDATE app_user SET password_hash = $3, password_changed_at = now() WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
    hash,
  ]);
}

/** What the password policy compares a new password with: the user's names, e-mail and cooperative's name. */
export function findPasswordPersonals(tx: Tx, tenantId: string, userId: string) {
  return tx.one<{ first_name: string; last_name: string | null; email: string | null; name: string }>(
    `SELECT u.first_name, u.last_name, u.email, t.name FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
     WHERE u.tenant_id = $1 AND u.id = $2`,
    [tenantId, userId],
  );
}

/**
 * The principal of a session (auth_principal: live session, active user, role and cooperative) with the md5 of
 * the row (the principal cache's check), one statement outside a transaction; no row when the session is gone.
 */
export async function findPrincipal<Row>(db: Db, tenantId: string, sessionId: string, userId: string) {
  return db.appQuery<Row & { digest: string }>('SELECT p.*, md5(p::text) AS digest FROM auth_principal($1, $2, $3) p', [
    tenantId,
    sessionId,
    userId,
  ]);
}
