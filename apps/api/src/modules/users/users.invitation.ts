/**
 * Users: the invitation (a signed link with a code, 72 hours), its resending, checking and acceptance with the
 * first password.
 */
import { translate } from '@koperasi/contracts';
import type { Db, Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, notFound, tooManyRequests, unprocessable } from '../../lib/errors.ts';
import type { Notification } from '../../lib/notifier.ts';
import { hashPassword, passwordPolicyError } from '../../lib/password.ts';
import * as throttle from '../../lib/throttle.ts';
import { signPurposeToken, verifyPurposeToken } from '../../lib/tokens.ts';
import { checkCode, findLogin, issueCode } from '../auth/auth.repo.ts';
import { awaitingPassword, findUser, pendingInvitation, setPassword, tenantName, userAndTenantNames } from './users.repo.ts';
import { assertMayChange, INVITATION_HOURS, type UserDeps } from './users.rules.ts';

export async function prepareInvitation(
  tx: Tx,
  ctx: Ctx,
  deps: UserDeps,
  u: { id: string; first_name: string; email: string | null; phone: string | null; role_name: string },
): Promise<Notification[]> {
  const target = u.email ?? u.phone!;
  const { code, expiresAt } = await issueCode(tx, ctx.tenantId, 'INVITATION', target, u.id, INVITATION_HOURS * 60);
  const token = await signPurposeToken(
    deps.config.jwtSecret,
    'invite',
    { tid: ctx.tenantId, uid: u.id, tgt: target, c: code },
    INVITATION_HOURS * 3600,
  );
  const link = `${deps.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  const tenant = await tenantName(tx, ctx.tenantId);
  const params = { name: u.first_name, tenant: tenant ?? '', role: u.role_name, link, code, hours: INVITATION_HOURS };
  await audit(tx, ctx, { action: 'user.invite', entity: 'app_user', entityId: u.id, after: { target, expiresAt } });
  const out: Notification[] = [];
  if (u.email) {
    out.push({
      channel: 'email',
      to: u.email,
      subject: translate('access.invitation_subject', ctx.lang, params),
      text: translate('access.invitation_email', ctx.lang, params),
      link,
      code,
      tenantId: ctx.tenantId,
    });
  }
  if (u.phone) {
    out.push({ channel: 'sms', to: u.phone, text: translate('access.invitation_sms', ctx.lang, params), code, tenantId: ctx.tenantId });
  }
  return out;
}

export function sendAfterCommit(tx: Tx, deps: UserDeps, messages: Notification[]) {
  tx.afterCommit(async () => {
    for (const m of messages) await deps.notifier.send(m);
  });
}

export async function resendInvitation(ctx: Ctx, deps: UserDeps, id: string) {
  return withTx(ctx, async (tx) => {
    const u = await findUser(tx, ctx.tenantId, id, true);
    if (!u) throw notFound('access.user_not_found');
    assertMayChange(ctx, u);
    if (u.has_password) throw unprocessable('INVITATION_NOT_NEEDED', 'access.invitation_not_needed');
    sendAfterCommit(tx, deps, await prepareInvitation(tx, ctx, deps, u));
    return { id: u.id, expiresInHours: INVITATION_HOURS };
  });
}

interface InvitationClaims {
  tenantId: string;
  userId: string;
  target: string;
  code: string;
}

async function readInvitation(
  db: Db,
  deps: UserDeps,
  body: { token?: string; username?: string; code?: string },
): Promise<InvitationClaims> {
  if (body.token) {
    const c = await verifyPurposeToken(deps.config.jwtSecret, 'invite', body.token);
    if (!c || typeof c.tid !== 'string' || typeof c.uid !== 'string' || typeof c.tgt !== 'string' || typeof c.c !== 'string') {
      throw badRequest('INVITATION_INVALID', 'access.invitation_invalid');
    }
    return { tenantId: c.tid, userId: c.uid, target: c.tgt, code: c.c };
  }
  const account = body.username ? await findLogin(db, body.username) : undefined;
  if (!account?.user_active || !account.tenant_active || account.password_hash) {
    throw badRequest('INVITATION_INVALID', 'access.invitation_invalid');
  }
  return { tenantId: account.tenant_id, userId: account.user_id, target: account.email ?? account.phone ?? '', code: body.code ?? '' };
}

/** GET /api/users/invitation?token=: who is invited, so the page can greet them; 400 when the link is no longer valid. */
export async function checkInvitation(db: Db, deps: UserDeps, token: string) {
  const claims = await readInvitation(db, deps, { token });
  const row = await db.tenant(claims.tenantId, (tx) => pendingInvitation(tx, claims.tenantId, claims.userId, claims.target));
  if (!row) throw badRequest('INVITATION_INVALID', 'access.invitation_invalid');
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    cooperativeName: row.tenant_name,
    expiresAt: row.expires_at,
  };
}

/** POST /api/users/invitation/accept: set the password once, with the link's token or the code. */
export async function acceptInvitation(
  db: Db,
  deps: UserDeps,
  body: { token?: string; username?: string; code?: string; password: string },
  requestId: string,
) {
  const policy = passwordPolicyError(body.password);
  if (policy) throw badRequest('PASSWORD_POLICY', policy, undefined, [{ field: 'password', message: policy }]);
  const throttleKey = `invite:${body.username ?? 'token'}`;
  if (!body.token) {
    const state = await throttle.hit(db, throttleKey, 3600);
    if (state.hits > 20) throw tooManyRequests('common.too_many_requests', { minutes: Math.ceil(state.resetIn / 60) });
  }
  const claims = await readInvitation(db, deps, body);
  // The code is checked (and consumed, or its failed attempt counted) in its own transaction.
  const result = await db.tenant(claims.tenantId, async (tx) => {
    const u = await awaitingPassword(tx, claims.tenantId, claims.userId);
    if (!u?.ok) return 'NONE' as const;
    const result = await checkCode(tx, claims.tenantId, 'INVITATION', claims.target, claims.code);
    if (result !== 'OK') return result;
    // The personal rules once the code proved the caller (a refusal rolls the code's use back).
    const who = await userAndTenantNames(tx, claims.tenantId, claims.userId);
    const personal = passwordPolicyError(body.password, {
      names: [who?.first_name, who?.last_name],
      email: who?.email,
      cooperativeName: who?.name,
    });
    if (personal) throw badRequest('PASSWORD_POLICY', personal, undefined, [{ field: 'password', message: personal }]);
    return result;
  });
  if (result === 'LOCKED') throw new AppError(429, 'CODE_LOCKED', 'auth.code_too_many_attempts');
  if (result !== 'OK') throw badRequest('INVITATION_INVALID', 'access.invitation_invalid');
  const hash = await hashPassword(body.password);
  const ctx = systemCtx(db, claims.tenantId, { userId: claims.userId, requestId });
  await withTx(ctx, async (tx) => {
    await setPassword(tx, claims.tenantId, claims.userId, hash);
    await audit(tx, ctx, { action: 'user.accept_invitation', entity: 'app_user', entityId: claims.userId });
  });
  if (!body.token) await throttle.clear(db, throttleKey);
}
