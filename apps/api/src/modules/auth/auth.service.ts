/**
 * Sign-in (OAuth2 password grant), sessions, password change and reset.
 *
 * Decisions an auditor may ask about:
 *  - A failed sign-in counts against the account (e-mail or phone as typed,
 *    normalised) in a one-hour window; at LOGIN_MAX_FAILURES_PER_HOUR (100,
 *    ASVS 2.2.1) the account is locked until the window ends. A successful
 *    sign-in clears the counter. Unknown accounts are counted the same way and
 *    take the same time (a dummy argon2 hash), so they cannot be told apart.
 *  - "Inactive user" and "cooperative not activated" are only said after the
 *    right password, so they reveal nothing to a guesser.
 *  - Password reset answers the same whether or not the phone is registered.
 *    A reset and a password change revoke the user's other sessions.
 */
import type { Lang } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { hashPassword, passwordPolicyError, verifyPassword } from '../../lib/password.ts';
import * as throttle from '../../lib/throttle.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { aboveLimitPolicy } from '../roles/limits.ts';
import { checkCode, createSession, findLogin, issueCode, normalizeLogin, revokeSessions } from './auth.repo.ts';

export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const HOUR = 3600;

export interface LoginInput {
  username?: string;
  password?: string;
  ip: string | null;
  userAgent: string | null;
  lang: Lang;
}

export async function login(db: Db, config: Config, input: LoginInput) {
  const { lang } = input;
  if (!input.username?.trim() || !input.password) {
    throw new OAuthError(400, 'invalid_request', translate('validation.email_or_phone_required', lang));
  }
  const login = normalizeLogin(input.username);
  const key = `login:${login}`;
  const state = await throttle.peek(db, key, HOUR);
  if (state.hits >= config.loginMaxFailuresPerHour) {
    throw new OAuthError(429, 'too_many_attempts', translate('auth.account_locked', lang, { minutes: Math.ceil(state.resetIn / 60) }));
  }
  const account = await findLogin(db, login);
  const good = await verifyPassword(account?.password_hash, input.password);
  if (!account || !good) {
    await throttle.hit(db, key, HOUR);
    throw new OAuthError(400, 'invalid_grant', 'Bad credentials');
  }
  if (!account.user_active) throw new OAuthError(400, 'invalid_grant', translate('auth.user_inactive', lang));
  if (!account.tenant_active) throw new OAuthError(400, 'invalid_grant', translate('auth.tenant_inactive', lang));
  await throttle.clear(db, key);
  const sessionId = await db.tenant(account.tenant_id, (tx) =>
    createSession(tx, account.tenant_id, account.user_id, config.tokenTtlSeconds, input.ip, input.userAgent),
  );
  const token = await signAccessToken(
    config.jwtSecret,
    { userId: account.user_id, tenantId: account.tenant_id, sessionId },
    config.tokenTtlSeconds,
  );
  return { access_token: token, token_type: 'bearer', expires_in: config.tokenTtlSeconds, scope: 'read write', jti: sessionId };
}

export async function recordSuccessLogin(ctx: Ctx) {
  await withTx(ctx, (tx) =>
    audit(tx, ctx, { action: 'auth.login', entity: 'app_user', entityId: ctx.userId, after: { ip: ctx.ip, userAgent: ctx.userAgent } }),
  );
}

export async function logout(ctx: Ctx) {
  await withTx(ctx, async (tx) => {
    await tx.exec('UPDATE auth_session SET revoked_at = now() WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL', [
      ctx.tenantId,
      ctx.principal!.sessionId,
    ]);
    await audit(tx, ctx, { action: 'auth.logout', entity: 'app_user', entityId: ctx.userId });
  });
}

export async function userDetail(ctx: Ctx) {
  const p = ctx.principal!;
  return withTx(ctx, async (tx) => {
    const t = await tx.one<{
      tenant_id: string;
      name: string;
      cooperative_type: string;
      is_active: boolean;
      step_configuration: number;
      logo_url: string | null;
    }>('SELECT tenant_id, name, cooperative_type, is_active, step_configuration, logo_url FROM tenant WHERE tenant_id = $1', [
      ctx.tenantId,
    ]);
    const u = await tx.one<{
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
    }>(
      `SELECT u.last_login_at, u.created_date, u.is_account_officer, b.id AS branch_id, b.name AS branch_name, b.code AS branch_code,
              a.id AS area_id, a.name AS area_name, c.id AS coa_id, c.code AS coa_code, c.name AS coa_name
       FROM app_user u
       LEFT JOIN branch b ON b.tenant_id = u.tenant_id AND b.id = u.branch_id
       LEFT JOIN area a ON a.tenant_id = u.tenant_id AND a.id = u.area_id
       LEFT JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
       WHERE u.tenant_id = $1 AND u.id = $2`,
      [ctx.tenantId, p.userId],
    );
    if (!t || !u) throw notFound('auth.no_user');
    const aboveLimit = {
      savingWithdrawal: await aboveLimitPolicy(tx, ctx, 'SAVING_WITHDRAWAL'),
      loanRequest: await aboveLimitPolicy(tx, ctx, 'LOAN_REQUEST'),
    };
    return {
      id: p.userId,
      firstName: p.firstName,
      lastName: p.lastName,
      fullName: [p.firstName, p.lastName].filter(Boolean).join(' '),
      email: p.email,
      phone: p.phone,
      position: p.position,
      role: { id: p.roleId, name: p.roleName, code: p.roleCode },
      isAgent: p.roleCode === 'AGENT',
      permissions: p.permissions,
      limits: p.limits,
      /** What happens above those limits (configuration transactionPolicy): the teller's forms say it before sending. */
      aboveLimit,
      isAccountOfficer: u.is_account_officer,
      branch: u.branch_id ? { id: u.branch_id, name: u.branch_name, code: u.branch_code } : null,
      area: u.area_id ? { id: u.area_id, name: u.area_name } : null,
      /** The cash or bank account the user holds (tellers, agents). */
      coa: u.coa_id ? { id: u.coa_id, code: u.coa_code, name: u.coa_name } : null,
      lastLoginAt: u.last_login_at,
      createdDate: u.created_date,
      tenant: {
        id: t.tenant_id,
        name: t.name,
        cooperativeType: t.cooperative_type,
        isActive: t.is_active,
        stepConfiguration: t.step_configuration,
        logoUrl: t.logo_url,
      },
    };
  });
}

export async function changePassword(ctx: Ctx, oldPassword: string, newPassword: string) {
  const policy = passwordPolicyError(newPassword);
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'newPassword', message: policy }]);
  if (oldPassword === newPassword) throw badRequest('PASSWORD_SAME', 'auth.password_same');
  const current = await withTx(ctx, (tx) =>
    tx.one<{ password_hash: string | null }>('SELECT password_hash FROM app_user WHERE tenant_id = $1 AND id = $2', [
      ctx.tenantId,
      ctx.userId,
    ]),
  );
  if (!(await verifyPassword(current?.password_hash, oldPassword))) {
    throw badRequest('OLD_PASSWORD_WRONG', 'auth.old_password_wrong', undefined, [
      { field: 'oldPassword', message: 'auth.old_password_wrong' },
    ]);
  }
  const hash = await hashPassword(newPassword);
  await withTx(ctx, async (tx) => {
    await tx.exec('UPDATE app_user SET password_hash = $3, password_changed_at = now() WHERE tenant_id = $1 AND id = $2', [
      ctx.tenantId,
      ctx.userId,
      hash,
    ]);
    await revokeSessions(tx, ctx.tenantId, ctx.userId!, ctx.principal!.sessionId);
    await audit(tx, ctx, { action: 'auth.change_password', entity: 'app_user', entityId: ctx.userId });
  });
}

/** Per phone: at most 5 OTP requests an hour. */
const OTP_PER_HOUR = 5;

export async function requestPasswordOtp(db: Db, notifier: Notifier, phone: string, lang: Lang) {
  const state = await throttle.hit(db, `otp:${phone}`, HOUR);
  if (state.hits > OTP_PER_HOUR) throw tooManyRequests('common.too_many_requests', { minutes: Math.ceil(state.resetIn / 60) });
  const account = await findLogin(db, phone);
  if (account?.user_active && account.tenant_active && account.phone === phone) {
    const { code } = await db.tenant(account.tenant_id, (tx) => issueCode(tx, account.tenant_id, 'PASSWORD_RESET', phone, account.user_id));
    await notifier.send({
      channel: 'sms',
      to: phone,
      text: translate('notify.reset_sms', lang, { code }),
      code,
      tenantId: account.tenant_id,
    });
  }
}

export async function confirmPasswordReset(db: Db, phone: string, otp: string, newPassword: string, requestId: string) {
  const policy = passwordPolicyError(newPassword);
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'newPassword', message: policy }]);
  const account = await findLogin(db, phone);
  if (!account || account.phone !== phone || !account.user_active) throw badRequest('OTP_INVALID', 'auth.otp_invalid');
  const result = await db.tenant(account.tenant_id, (tx) => checkCode(tx, account.tenant_id, 'PASSWORD_RESET', phone, otp));
  if (result === 'LOCKED') throw new AppError(429, 'OTP_LOCKED', 'auth.code_too_many_attempts');
  if (result !== 'OK') throw badRequest('OTP_INVALID', 'auth.otp_invalid');
  const hash = await hashPassword(newPassword);
  const ctx = systemCtx(db, account.tenant_id, { userId: account.user_id, requestId });
  await withTx(ctx, async (tx) => {
    await tx.exec('UPDATE app_user SET password_hash = $3, password_changed_at = now() WHERE tenant_id = $1 AND id = $2', [
      account.tenant_id,
      account.user_id,
      hash,
    ]);
    await revokeSessions(tx, account.tenant_id, account.user_id);
    await audit(tx, ctx, { action: 'auth.reset_password', entity: 'app_user', entityId: account.user_id });
  });
  await throttle.clear(db, `login:${phone}`);
}
