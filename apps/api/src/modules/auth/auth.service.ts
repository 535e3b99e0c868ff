/**
 * Sign-in (OAuth2 password grant), sessions, password change and reset.
 *
 * Decisions an auditor may ask about:
 *  - Failed sign-ins are throttled per account AND source together (issue 18;
 *    ASVS 2.2.1 without letting an attacker lock the owner out): a source
 *    (IP address, an IPv6 /64) has 3 free failures per account and hour, then
 *    must wait 1 s after the next failure, 2 s, 4 s ... up to 15 minutes; an
 *    attempt before its time answers 429 (Retry-After) without checking the
 *    password. Past LOGIN_MAX_FAILURES_PER_HOUR failures of the account from
 *    anywhere, every source gets only one free failure. No source ever locks
 *    the account for another: the owner at the counter signs in. A success
 *    clears its source's counter. Unknown accounts are counted the same way
 *    and take the same time (a dummy argon2 hash), so they cannot be told apart.
 *  - "Inactive user" and "cooperative not activated" are only said after the
 *    right password, so they reveal nothing to a guesser.
 *  - Password reset and activation-code requests answer the same, with the
 *    same status, in the same time, whether or not the phone or account is
 *    registered (lib/equal-time.ts; issue 18).
 *    A reset and a password change revoke the user's other sessions.
 */
import type { Lang } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { inBackground, inEqualTime } from '../../lib/equal-time.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { hashPassword, passwordPolicyError, verifyPassword } from '../../lib/password.ts';
import * as throttle from '../../lib/throttle.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { aboveLimitPolicy } from '../roles/limits.ts';
import {
  checkCode,
  createSession,
  findLogin,
  findPasswordHash,
  findPasswordPersonals,
  findSessionTenant,
  findSessionUser,
  issueCode,
  normalizeLogin,
  revokeSession,
  revokeSessions,
  setPasswordHash,
} from './auth.repo.ts';

export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
    /** Seconds the client must wait (Retry-After), for 429. */
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

const HOUR = 3600;
/** Failures per account and source in an hour before the delays start. */
export const FREE_FAILURES_PER_SOURCE = 3;
/** The longest delay between two attempts of one source on one account. */
const MAX_DELAY_SECONDS = 15 * 60;

/** Seconds a source must wait after its last failure: none for the free ones, then 1, 2, 4 ... up to 15 minutes. */
export function loginDelay(failures: number, free: number): number {
  if (failures < free || failures === 0) return 0;
  return Math.min(2 ** (failures - free), MAX_DELAY_SECONDS);
}

/** The source of a sign-in: the IP address; an IPv6 address by its /64 (one host holds a whole /64). */
export function sourceOf(ip: string | null): string {
  if (!ip) return 'unknown';
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const groups = ip.split('::')[0].split(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

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
  const accountKey = `login:${login}`;
  const sourceKey = `login:${login}|${sourceOf(input.ip)}`;
  const [account_, source] = await Promise.all([throttle.peek(db, accountKey, HOUR), throttle.peek(db, sourceKey, HOUR)]);
  const free = account_.hits >= config.loginMaxFailuresPerHour ? 1 : FREE_FAILURES_PER_SOURCE;
  const wait = loginDelay(source.hits, free) - source.sinceLast;
  if (wait > 0) {
    const seconds = Math.ceil(wait);
    throw new OAuthError(429, 'too_many_attempts', translate('auth.login_wait', lang, { seconds }), seconds);
  }
  const account = await findLogin(db, login);
  const good = await verifyPassword(account?.password_hash, input.password);
  if (!account || !good) {
    await Promise.all([throttle.hit(db, accountKey, HOUR), throttle.hit(db, sourceKey, HOUR)]);
    throw new OAuthError(400, 'invalid_grant', 'Bad credentials');
  }
  if (!account.user_active) throw new OAuthError(400, 'invalid_grant', translate('auth.user_inactive', lang));
  if (!account.tenant_active) throw new OAuthError(400, 'invalid_grant', translate('auth.tenant_inactive', lang));
  await throttle.clear(db, sourceKey);
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
    await revokeSession(tx, ctx.tenantId, ctx.principal!.sessionId);
    await audit(tx, ctx, { action: 'auth.logout', entity: 'app_user', entityId: ctx.userId });
  });
}

export async function userDetail(ctx: Ctx) {
  const p = ctx.principal!;
  return withTx(ctx, async (tx) => {
    const t = await findSessionTenant(tx, ctx.tenantId);
    const u = await findSessionUser(tx, ctx.tenantId, p.userId);
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
  const p = ctx.principal!;
  const policy = passwordPolicyError(newPassword, { names: [p.firstName, p.lastName], email: p.email, cooperativeName: p.tenantName });
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'newPassword', message: policy }]);
  if (oldPassword === newPassword) throw badRequest('PASSWORD_SAME', 'auth.password_same');
  const current = await withTx(ctx, (tx) => findPasswordHash(tx, ctx.tenantId, ctx.userId));
  if (!(await verifyPassword(current, oldPassword))) {
    throw badRequest('OLD_PASSWORD_WRONG', 'auth.old_password_wrong', undefined, [
      { field: 'oldPassword', message: 'auth.old_password_wrong' },
    ]);
  }
  const hash = await hashPassword(newPassword);
  await withTx(ctx, async (tx) => {
    await setPasswordHash(tx, ctx.tenantId, ctx.userId, hash);
    await revokeSessions(tx, ctx.tenantId, ctx.userId!, ctx.principal!.sessionId);
    await audit(tx, ctx, { action: 'auth.change_password', entity: 'app_user', entityId: ctx.userId });
  });
}

/** Per phone: at most 5 OTP requests an hour. */
const OTP_PER_HOUR = 5;
/** Per phone: 5 wrong reset codes lock resets until a new code is requested (registered or not). */
const OTP_WRONG_MAX = 5;

/**
 * GET users/forget-password-otp. Registered or not, a number gets the same
 * answer in the same time (inEqualTime): the code is issued and the SMS sent
 * in the background; the per-number limit and the wrong-code counter apply to
 * every number.
 */
export async function requestPasswordOtp(
  db: Db,
  notifier: Notifier,
  phone: string,
  lang: Lang,
  onError: (err: unknown) => void = () => undefined,
) {
  await inEqualTime(async () => {
    const state = await throttle.hit(db, `otp:${phone}`, HOUR);
    if (state.hits > OTP_PER_HOUR) throw tooManyRequests('common.too_many_requests', { minutes: Math.ceil(state.resetIn / 60) });
    await throttle.clear(db, `otp-wrong:${phone}`);
    const account = await findLogin(db, phone);
    if (account?.user_active && account.tenant_active && account.phone === phone) {
      inBackground(
        (async () => {
          const { code } = await db.tenant(account.tenant_id, (tx) =>
            issueCode(tx, account.tenant_id, 'PASSWORD_RESET', phone, account.user_id),
          );
          await notifier.send({
            channel: 'sms',
            to: phone,
            text: translate('notify.reset_sms', lang, { code }),
            code,
            tenantId: account.tenant_id,
          });
        })(),
        onError,
      );
    }
  });
}

/** The reset code, then (only once the code proved the caller) the personal rules; a refusal there keeps the code. */
async function checkPersonal(tx: Tx, account: { tenant_id: string; user_id: string }, phone: string, otp: string, newPassword: string) {
  const result = await checkCode(tx, account.tenant_id, 'PASSWORD_RESET', phone, otp);
  if (result !== 'OK') return result;
  const u = await findPasswordPersonals(tx, account.tenant_id, account.user_id);
  const policy = passwordPolicyError(newPassword, { names: [u?.first_name, u?.last_name], email: u?.email, cooperativeName: u?.name });
  // Thrown inside the transaction: the code's use is rolled back, so the user may try another password with it.
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'newPassword', message: policy }]);
  return result;
}

/**
 * POST users/forget-password-confirm. A wrong code answers 400, and the 5th
 * wrong code for a number 429 until a new code is requested, whether the
 * number is registered or not (the counter is per number, not per stored
 * code); every refusal takes the same time.
 */
export async function confirmPasswordReset(db: Db, phone: string, otp: string, newPassword: string, requestId: string) {
  const policy = passwordPolicyError(newPassword);
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'newPassword', message: policy }]);
  const wrongKey = `otp-wrong:${phone}`;
  const account = await inEqualTime(async () => {
    if ((await throttle.peek(db, wrongKey, HOUR)).hits >= OTP_WRONG_MAX)
      throw new AppError(429, 'OTP_LOCKED', 'auth.code_too_many_attempts');
    const found = await findLogin(db, phone);
    const known = found && found.phone === phone && found.user_active ? found : null;
    const result = known ? await db.tenant(known.tenant_id, (tx) => checkPersonal(tx, known, phone, otp, newPassword)) : 'NONE';
    if (result !== 'OK' || !known) {
      const wrong = await throttle.hit(db, wrongKey, HOUR);
      if (result === 'LOCKED' || wrong.hits >= OTP_WRONG_MAX) throw new AppError(429, 'OTP_LOCKED', 'auth.code_too_many_attempts');
      throw badRequest('OTP_INVALID', 'auth.otp_invalid');
    }
    return known;
  });
  await throttle.clear(db, wrongKey);
  const hash = await hashPassword(newPassword);
  const ctx = systemCtx(db, account.tenant_id, { userId: account.user_id, requestId });
  await withTx(ctx, async (tx) => {
    await setPasswordHash(tx, account.tenant_id, account.user_id, hash);
    await revokeSessions(tx, account.tenant_id, account.user_id);
    await audit(tx, ctx, { action: 'auth.reset_password', entity: 'app_user', entityId: account.user_id });
  });
  await throttle.clear(db, `login:${phone}`);
}
