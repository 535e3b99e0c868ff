/**
 * Users of a cooperative (User Akses): staff, tellers, agents and admins.
 *
 * Decisions an auditor may ask about:
 *  - E-mail and phone are each unique across the whole product (either signs
 *    in); at least one is required. A new user gets no password from the
 *    admin: the notifier sends an invitation (e-mail with a link and a 6-digit
 *    code, SMS with the code) valid 72 hours and usable once; accepting it
 *    (POST /api/users/invitation/accept) sets the password. A new invitation
 *    replaces the previous one.
 *  - Every cooperative keeps at least one active SUPER ADMIN: demoting,
 *    deactivating or deleting the last one is refused ("the last admin cannot
 *    be removed"). Those changes lock the cooperative's SUPER ADMIN role row
 *    first, so two admins cannot remove each other at the same moment.
 *  - Only a SUPER ADMIN may grant the SUPER ADMIN role or change a SUPER
 *    ADMIN user; anyone else may only give roles whose permissions, flags
 *    and limits they hold themselves (no escalation through a new account).
 *    Nobody deactivates or deletes their own account.
 *  - Deleting is for mistakes only: a user who has ever signed in, or whom
 *    other records point at, is deactivated instead (the audit trail keeps
 *    naming them). Deactivating revokes the user's sessions at once.
 *  - A cash or bank account (a postable account under 101) is held by one
 *    user at a time. An area inside a branch only takes users of that branch;
 *    a user without a branch takes the area's branch.
 *  - "Organization" in GET member/user/{organizationId}/datatable is a branch:
 *    it lists the staff of that branch (the branch's members list, with
 *    members too, is GET branch/member/{id}/datatable).
 *  - Account officers (GET users/ao) are active users flagged
 *    isAccountOfficer; users given the AGENT role are flagged by default.
 */
import { type OfficerTitle, translate } from '@koperasi/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unprocessable } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import type { Notification, Notifier } from '../../lib/notifier.ts';
import { hashPassword, passwordPolicyError } from '../../lib/password.ts';
import * as throttle from '../../lib/throttle.ts';
import { signPurposeToken, verifyPurposeToken } from '../../lib/tokens.ts';
import { checkCode, findLogin, issueCode, revokeSessions } from '../auth/auth.repo.ts';
import { assertMayGrantRole, findRole } from '../roles/roles.service.ts';
import { findCoa, findUser, loginOwner, USER_FROM, USER_SELECT, type UserRow, userOut } from './users.repo.ts';

export interface UserDeps {
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  notifier: Notifier;
}

export const INVITATION_HOURS = 72;

// ---------------------------------------------------------------- lists

export interface UserListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
  position?: OfficerTitle;
  isActive?: boolean;
  roleId?: string;
  branchId?: string;
  areaId?: string;
}

const USER_SORT = {
  created_date: 'u.created_date',
  name: 'lower(u.first_name)',
  firstName: 'lower(u.first_name)',
  first_name: 'lower(u.first_name)',
  lastName: 'lower(u.last_name)',
  email: 'u.email',
  phone: 'u.phone',
  position: 'u.position',
  role: 'lower(r.name)',
  isActive: 'u.is_active',
  is_active: 'u.is_active',
  branch: 'lower(b.name)',
  area: 'lower(a.name)',
  lastLoginAt: 'u.last_login_at',
};

async function pageOfUsers(tx: Tx, tenantId: string, q: UserListQuery, extra: { accountOfficersOnly?: boolean } = {}) {
  const where = ['u.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: (p: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (q.search) {
    add(
      (p) =>
        `(concat_ws(' ', u.first_name, u.last_name) ILIKE ${p} OR u.email ILIKE ${p} OR u.phone ILIKE ${p} OR r.name ILIKE ${p} OR b.name ILIKE ${p} OR a.name ILIKE ${p})`,
      likePattern(q.search),
    );
  }
  if (q.position) add((p) => `u.position = ${p}`, q.position);
  if (q.isActive !== undefined) add((p) => `u.is_active = ${p}`, q.isActive);
  if (q.roleId) add((p) => `u.role_id = ${p}`, q.roleId);
  if (q.branchId) add((p) => `u.branch_id = ${p}`, q.branchId);
  if (q.areaId) add((p) => `u.area_id = ${p}`, q.areaId);
  if (extra.accountOfficersOnly) where.push('u.is_account_officer AND u.is_active');
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${USER_FROM} WHERE ${where.join(' AND ')}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<UserRow>(
    `${USER_SELECT} WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.ascOrDesc, USER_SORT, 'created_date', 'u.id')}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return paged(rows.map(userOut), total?.n ?? 0, q.page, q.limit);
}

export async function listUsers(ctx: Ctx, q: UserListQuery) {
  return withTx(ctx, (tx) => pageOfUsers(tx, ctx.tenantId, q));
}

/** Staff of one organization (a branch). */
export async function listOrganizationUsers(ctx: Ctx, branchId: string, q: UserListQuery) {
  return withTx(ctx, async (tx) => {
    const b = await tx.one('SELECT 1 FROM branch WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, branchId]);
    if (!b) throw notFound('access.branch_not_found');
    return pageOfUsers(tx, ctx.tenantId, { ...q, branchId });
  });
}

export async function listAccountOfficers(ctx: Ctx, q: UserListQuery) {
  return withTx(ctx, async (tx) => {
    const page = await pageOfUsers(
      tx,
      ctx.tenantId,
      { ...q, sortBy: q.sortBy ?? 'name', ascOrDesc: q.sortBy ? q.ascOrDesc : 'ASC' },
      {
        accountOfficersOnly: true,
      },
    );
    // A picker needs who and where, not contact details or limits.
    return {
      ...page,
      content: page.content.map((u) => ({
        id: u.id,
        fullName: u.fullName,
        firstName: u.firstName,
        lastName: u.lastName,
        position: u.position,
        role: u.role,
        branch: u.branch,
        area: u.area,
      })),
    };
  });
}

export async function userDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const u = await findUser(tx, ctx.tenantId, id);
    if (!u) throw notFound('access.user_not_found');
    return userOut(u);
  });
}

/** GET /api/coa/assign-to-me: the cash or bank account(s) the signed-in user holds. */
export async function coaAssignedToMe(ctx: Ctx, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const rows = await tx.query<{
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
      [ctx.tenantId, ctx.userId],
    );
    const content = rows.slice(q.page * q.limit, q.page * q.limit + q.limit).map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      isActive: r.is_active,
      parent: r.parent_id ? { id: r.parent_id, code: r.parent_code, name: r.parent_name } : null,
    }));
    return paged(content, rows.length, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- rules

const isSuperAdmin = (ctx: Ctx) => ctx.principal?.roleCode === 'SUPER_ADMIN' || ctx.principal === null;

/** Lock the cooperative's SUPER ADMIN role row: serialises every change that could remove an admin. */
async function lockAdmins(tx: Tx, tenantId: string): Promise<string> {
  const r = await tx.one<{ id: string }>(`SELECT id FROM role WHERE tenant_id = $1 AND code = 'SUPER_ADMIN' FOR NO KEY UPDATE`, [tenantId]);
  return r!.id;
}

/** Refuse when no other active SUPER ADMIN would remain once `userId` stops being one. */
async function assertAnotherAdmin(tx: Tx, tenantId: string, adminRoleId: string, userId: string) {
  const n = await tx.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM app_user WHERE tenant_id = $1 AND role_id = $2 AND is_active AND id <> $3',
    [tenantId, adminRoleId, userId],
  );
  if ((n?.n ?? 0) === 0) throw unprocessable('LAST_ADMIN', 'access.last_admin');
}

function assertMayChange(ctx: Ctx, u: UserRow) {
  if (u.role_code === 'SUPER_ADMIN' && !isSuperAdmin(ctx)) throw forbidden('SUPER_ADMIN_ONLY', 'access.super_admin_only');
}

/** The role to give a user: it exists, and the giver may give it (SUPER ADMIN only by a SUPER ADMIN, nothing beyond one's own). */
async function grantableRole(tx: Tx, ctx: Ctx, id: string) {
  const r = await findRole(tx, ctx.tenantId, id);
  if (!r) throw notFound('access.role_not_found');
  if (r.code === 'SUPER_ADMIN' && !isSuperAdmin(ctx)) throw forbidden('SUPER_ADMIN_ONLY', 'access.super_admin_only');
  assertMayGrantRole(ctx, r);
  return r;
}

async function loadBranch(tx: Tx, tenantId: string, id: string) {
  const b = await tx.one<{ id: string; name: string; is_active: boolean }>(
    'SELECT id, name, is_active FROM branch WHERE tenant_id = $1 AND id = $2',
    [tenantId, id],
  );
  if (!b) throw notFound('access.branch_not_found');
  return b;
}

async function loadArea(tx: Tx, tenantId: string, id: string) {
  const a = await tx.one<{ id: string; name: string; is_active: boolean; branch_id: string | null; branch_name: string | null }>(
    `SELECT a.id, a.name, a.is_active, a.branch_id, b.name AS branch_name
     FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id WHERE a.tenant_id = $1 AND a.id = $2`,
    [tenantId, id],
  );
  if (!a) throw notFound('access.area_not_found');
  return a;
}

/** Final branch and area of a user, checked: both exist, new ones active, the area inside the branch. */
async function resolvePlacement(
  tx: Tx,
  tenantId: string,
  cur: { branch_id: string | null; area_id: string | null } | null,
  want: { branchId?: string | null; areaId?: string | null },
) {
  let branchId = want.branchId === undefined ? (cur?.branch_id ?? null) : want.branchId;
  const areaId = want.areaId === undefined ? (cur?.area_id ?? null) : want.areaId;
  if (branchId && branchId !== cur?.branch_id) {
    const b = await loadBranch(tx, tenantId, branchId);
    if (!b.is_active) throw unprocessable('BRANCH_INACTIVE', 'access.branch_inactive', { name: b.name });
  }
  if (areaId) {
    const a = await loadArea(tx, tenantId, areaId);
    if (areaId !== cur?.area_id && !a.is_active) throw unprocessable('AREA_INACTIVE', 'access.area_inactive', { name: a.name });
    if (a.branch_id && !branchId) branchId = a.branch_id;
    else if (a.branch_id && branchId && a.branch_id !== branchId) {
      const ub = await loadBranch(tx, tenantId, branchId);
      throw unprocessable('AREA_BRANCH_MISMATCH', 'access.area_branch_mismatch', {
        area: a.name,
        areaBranch: a.branch_name,
        userBranch: ub.name,
      });
    }
  }
  return { branchId, areaId };
}

/** A postable, active cash/bank account that nobody else holds. */
async function checkCoa(tx: Tx, tenantId: string, coaId: string, userId: string | null) {
  const c = await findCoa(tx, tenantId, coaId);
  if (!c) throw notFound('access.coa_not_found');
  const params = { code: c.code, name: c.name };
  if (!c.is_cash_bank) throw unprocessable('COA_NOT_CASH_BANK', 'access.coa_not_cash_bank', params);
  if (!c.is_postable) throw unprocessable('COA_NOT_POSTABLE', 'access.coa_not_postable', params);
  if (!c.is_active) throw unprocessable('COA_INACTIVE', 'access.coa_inactive', params);
  if (c.holder_id && c.holder_id !== userId) throw conflict('COA_TAKEN', 'access.coa_taken', { ...params, holder: c.holder_name });
  return c;
}

/** E-mail and phone must not belong to another user anywhere in the product. */
async function assertContactFree(tx: Tx, email: string | null | undefined, phone: string | null | undefined, userId: string | null) {
  if (email) {
    const o = await loginOwner(tx, email);
    if (o && o.user_id !== userId) throw conflict('EMAIL_TAKEN', 'access.email_taken', { email });
  }
  if (phone) {
    const o = await loginOwner(tx, phone);
    if (o && o.user_id !== userId) throw conflict('PHONE_TAKEN', 'access.phone_taken', { phone });
  }
}

/** The unique indexes decide races between two requests; they answer like the checks. */
async function uniqueRace<T>(v: { email?: string | null; phone?: string | null }, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505') {
      if (e.constraint === 'app_user_email_uq') throw conflict('EMAIL_TAKEN', 'access.email_taken', { email: v.email });
      if (e.constraint === 'app_user_phone_uq') throw conflict('PHONE_TAKEN', 'access.phone_taken', { phone: v.phone });
      // Two requests gave the same account at once: the loser reloads and sees the holder.
      if (e.constraint === 'app_user_coa_uq') throw conflict('COA_TAKEN', 'common.conflict');
    }
    throw err;
  }
}

// ---------------------------------------------------------------- invitation

async function prepareInvitation(
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
  const t = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = $1', [ctx.tenantId]);
  const params = { name: u.first_name, tenant: t?.name ?? '', role: u.role_name, link, code, hours: INVITATION_HOURS };
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

function sendAfterCommit(tx: Tx, deps: UserDeps, messages: Notification[]) {
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
  const row = await db.tenant(claims.tenantId, (tx) =>
    tx.one<{
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
      [claims.tenantId, claims.userId, claims.target],
    ),
  );
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
    const u = await tx.one<{ ok: boolean }>(
      'SELECT (is_active AND password_hash IS NULL) AS ok FROM app_user WHERE tenant_id = $1 AND id = $2',
      [claims.tenantId, claims.userId],
    );
    if (!u?.ok) return 'NONE' as const;
    const result = await checkCode(tx, claims.tenantId, 'INVITATION', claims.target, claims.code);
    if (result !== 'OK') return result;
    // The personal rules once the code proved the caller (a refusal rolls the code's use back).
    const who = await tx.one<{ first_name: string; last_name: string | null; email: string | null; name: string }>(
      `SELECT u.first_name, u.last_name, u.email, t.name FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
       WHERE u.tenant_id = $1 AND u.id = $2`,
      [claims.tenantId, claims.userId],
    );
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
    await tx.exec('UPDATE app_user SET password_hash = $3, password_changed_at = now() WHERE tenant_id = $1 AND id = $2', [
      claims.tenantId,
      claims.userId,
      hash,
    ]);
    await audit(tx, ctx, { action: 'user.accept_invitation', entity: 'app_user', entityId: claims.userId });
  });
  if (!body.token) await throttle.clear(db, throttleKey);
}

// ---------------------------------------------------------------- changes

export interface UserInput {
  firstName?: string;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  roleId?: string;
  position?: OfficerTitle | null;
  branchId?: string | null;
  areaId?: string | null;
  coaId?: string | null;
  isAccountOfficer?: boolean;
  isActive?: boolean;
}

export async function createUser(ctx: Ctx, deps: UserDeps, body: UserInput & { firstName: string; roleId: string }) {
  return uniqueRace(body, () =>
    withTx(ctx, async (tx) => {
      const role = await grantableRole(tx, ctx, body.roleId);
      await assertContactFree(tx, body.email, body.phone, null);
      const place = await resolvePlacement(tx, ctx.tenantId, null, body);
      if (body.coaId) await checkCoa(tx, ctx.tenantId, body.coaId, null);
      const row = await tx.one<{ id: string }>(
        `INSERT INTO app_user (tenant_id, first_name, last_name, email, phone, role_id, position, is_active, is_account_officer,
                               branch_id, area_id, coa_id, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
        [
          ctx.tenantId,
          body.firstName,
          body.lastName ?? null,
          body.email ?? null,
          body.phone ?? null,
          role.id,
          body.position ?? null,
          body.isActive ?? true,
          body.isAccountOfficer ?? role.code === 'AGENT',
          place.branchId,
          place.areaId,
          body.coaId ?? null,
          ctx.userId,
        ],
      );
      const u = (await findUser(tx, ctx.tenantId, row!.id))!;
      const created = userOut(u);
      await audit(tx, ctx, { action: 'user.create', entity: 'app_user', entityId: u.id, after: created });
      if (u.is_active) sendAfterCommit(tx, deps, await prepareInvitation(tx, ctx, deps, u));
      return created;
    }),
  );
}

export async function updateUser(ctx: Ctx, deps: UserDeps, body: UserInput & { id: string }, action = 'user.update') {
  return uniqueRace(body, () =>
    withTx(ctx, async (tx) => {
      const adminRoleId = await lockAdmins(tx, ctx.tenantId);
      const cur = await findUser(tx, ctx.tenantId, body.id, true);
      if (!cur) throw notFound('access.user_not_found');
      assertMayChange(ctx, cur);
      const role = body.roleId && body.roleId !== cur.role_id ? await grantableRole(tx, ctx, body.roleId) : null;
      const isActive = body.isActive ?? cur.is_active;
      if (cur.id === ctx.userId && !isActive) throw unprocessable('SELF_DEACTIVATE', 'access.self_deactivate');
      const staysAdmin = (role ? role.code === 'SUPER_ADMIN' : cur.role_code === 'SUPER_ADMIN') && isActive;
      if (cur.role_code === 'SUPER_ADMIN' && cur.is_active && !staysAdmin) await assertAnotherAdmin(tx, ctx.tenantId, adminRoleId, cur.id);

      const email = body.email === undefined ? cur.email : body.email;
      const phone = body.phone === undefined ? cur.phone : body.phone;
      if (!email && !phone) {
        throw badRequest('CONTACT_REQUIRED', 'access.user_contact_required', undefined, [
          { field: 'email', message: 'access.user_contact_required' },
        ]);
      }
      await assertContactFree(tx, email !== cur.email ? email : null, phone !== cur.phone ? phone : null, cur.id);
      const place = await resolvePlacement(tx, ctx.tenantId, cur, body);
      const coaId = body.coaId === undefined ? cur.coa_id : body.coaId;
      if (coaId && coaId !== cur.coa_id) await checkCoa(tx, ctx.tenantId, coaId, cur.id);
      const isAccountOfficer = body.isAccountOfficer ?? (role ? role.code === 'AGENT' || cur.is_account_officer : cur.is_account_officer);

      await tx.exec(
        `UPDATE app_user SET first_name = $3, last_name = $4, email = $5, phone = $6, role_id = $7, position = $8, is_active = $9,
                is_account_officer = $10, branch_id = $11, area_id = $12, coa_id = $13, updated_by = $14
         WHERE tenant_id = $1 AND id = $2`,
        [
          ctx.tenantId,
          cur.id,
          body.firstName ?? cur.first_name,
          body.lastName === undefined ? cur.last_name : body.lastName,
          email,
          phone,
          role?.id ?? cur.role_id,
          body.position === undefined ? cur.position : body.position,
          isActive,
          isAccountOfficer,
          place.branchId,
          place.areaId,
          coaId,
          ctx.userId,
        ],
      );
      if (cur.is_active && !isActive) await revokeSessions(tx, ctx.tenantId, cur.id);
      const row = (await findUser(tx, ctx.tenantId, cur.id))!;
      const after = userOut(row);
      await audit(tx, ctx, { action, entity: 'app_user', entityId: cur.id, before: userOut(cur), after });
      // A user created inactive (or deactivated before accepting) gets a fresh invitation when activated.
      if (!cur.is_active && isActive && !row.has_password) sendAfterCommit(tx, deps, await prepareInvitation(tx, ctx, deps, row));
      return after;
    }),
  );
}

export async function setActive(ctx: Ctx, deps: UserDeps, id: string, active: boolean) {
  return updateUser(ctx, deps, { id, isActive: active }, active ? 'user.activate' : 'user.deactivate');
}

export async function deleteUser(ctx: Ctx, id: string) {
  try {
    await withTx(ctx, async (tx) => {
      const adminRoleId = await lockAdmins(tx, ctx.tenantId);
      const cur = await findUser(tx, ctx.tenantId, id, true);
      if (!cur) throw notFound('access.user_not_found');
      if (cur.id === ctx.userId) throw unprocessable('SELF_DELETE', 'access.self_delete');
      assertMayChange(ctx, cur);
      if (cur.role_code === 'SUPER_ADMIN' && cur.is_active) await assertAnotherAdmin(tx, ctx.tenantId, adminRoleId, cur.id);
      if (cur.last_login_at) throw conflict('USER_HAS_HISTORY', 'access.user_has_history');
      await tx.exec('DELETE FROM app_user WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
      await audit(tx, ctx, { action: 'user.delete', entity: 'app_user', entityId: id, before: userOut(cur) });
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23503') throw conflict('USER_HAS_HISTORY', 'access.user_has_history');
    throw err;
  }
}

async function changeOne(ctx: Ctx, userId: string, action: string, fn: (tx: Tx, cur: UserRow) => Promise<void>) {
  return withTx(ctx, async (tx) => {
    const cur = await findUser(tx, ctx.tenantId, userId, true);
    if (!cur) throw notFound('access.user_not_found');
    assertMayChange(ctx, cur);
    await fn(tx, cur);
    const after = userOut((await findUser(tx, ctx.tenantId, userId))!);
    await audit(tx, ctx, { action, entity: 'app_user', entityId: userId, before: userOut(cur), after });
    return after;
  });
}

export async function assignCoa(ctx: Ctx, userId: string, coaId: string) {
  return uniqueRace({}, () =>
    changeOne(ctx, userId, 'user.assign_coa', async (tx, cur) => {
      await checkCoa(tx, ctx.tenantId, coaId, cur.id);
      await tx.exec('UPDATE app_user SET coa_id = $3, updated_by = $4 WHERE tenant_id = $1 AND id = $2', [
        ctx.tenantId,
        cur.id,
        coaId,
        ctx.userId,
      ]);
    }),
  );
}

export async function unassignCoa(ctx: Ctx, userId: string) {
  return changeOne(ctx, userId, 'user.unassign_coa', async (tx, cur) => {
    if (!cur.coa_id) throw unprocessable('USER_HAS_NO_COA', 'access.user_has_no_coa');
    await tx.exec('UPDATE app_user SET coa_id = NULL, updated_by = $3 WHERE tenant_id = $1 AND id = $2', [
      ctx.tenantId,
      cur.id,
      ctx.userId,
    ]);
  });
}

export async function assignArea(ctx: Ctx, userId: string, areaId: string) {
  return changeOne(ctx, userId, 'user.assign_area', async (tx, cur) => {
    const place = await resolvePlacement(tx, ctx.tenantId, cur, { areaId });
    await tx.exec('UPDATE app_user SET area_id = $3, branch_id = $4, updated_by = $5 WHERE tenant_id = $1 AND id = $2', [
      ctx.tenantId,
      cur.id,
      place.areaId,
      place.branchId,
      ctx.userId,
    ]);
  });
}

export async function unassignArea(ctx: Ctx, userId: string) {
  return changeOne(ctx, userId, 'user.unassign_area', async (tx, cur) => {
    if (!cur.area_id) throw unprocessable('USER_HAS_NO_AREA', 'access.user_has_no_area');
    await tx.exec('UPDATE app_user SET area_id = NULL, updated_by = $3 WHERE tenant_id = $1 AND id = $2', [
      ctx.tenantId,
      cur.id,
      ctx.userId,
    ]);
  });
}
