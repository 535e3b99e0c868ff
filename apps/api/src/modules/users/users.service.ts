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
import type { OfficerTitle } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { revokeSessions } from '../auth/auth.repo.ts';
import { prepareInvitation, sendAfterCommit } from './users.invitation.ts';
import {
  clearUserArea,
  clearUserCoa,
  deleteUserRow,
  findUser,
  insertUser,
  setUserArea,
  setUserCoa,
  type UserRow,
  updateUserRow,
  userOut,
} from './users.repo.ts';
import {
  assertAnotherAdmin,
  assertContactFree,
  assertMayChange,
  checkCoa,
  grantableRole,
  lockAdmins,
  resolvePlacement,
  type UserDeps,
  uniqueRace,
} from './users.rules.ts';

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
      const id = await insertUser(
        tx,
        ctx.tenantId,
        {
          firstName: body.firstName,
          lastName: body.lastName ?? null,
          email: body.email ?? null,
          phone: body.phone ?? null,
          roleId: role.id,
          position: body.position ?? null,
          isActive: body.isActive ?? true,
          isAccountOfficer: body.isAccountOfficer ?? role.code === 'AGENT',
          branchId: place.branchId,
          areaId: place.areaId,
          coaId: body.coaId ?? null,
        },
        ctx.userId,
      );
      const u = (await findUser(tx, ctx.tenantId, id))!;
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

      await updateUserRow(
        tx,
        ctx.tenantId,
        cur.id,
        {
          firstName: body.firstName ?? cur.first_name,
          lastName: body.lastName === undefined ? cur.last_name : body.lastName,
          email,
          phone,
          roleId: role?.id ?? cur.role_id,
          position: body.position === undefined ? cur.position : body.position,
          isActive,
          isAccountOfficer,
          branchId: place.branchId,
          areaId: place.areaId,
          coaId,
        },
        ctx.userId,
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
      await deleteUserRow(tx, ctx.tenantId, id);
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
      await setUserCoa(tx, ctx.tenantId, cur.id, coaId, ctx.userId);
    }),
  );
}

export async function unassignCoa(ctx: Ctx, userId: string) {
  return changeOne(ctx, userId, 'user.unassign_coa', async (tx, cur) => {
    if (!cur.coa_id) throw unprocessable('USER_HAS_NO_COA', 'access.user_has_no_coa');
    await clearUserCoa(tx, ctx.tenantId, cur.id, ctx.userId);
  });
}

export async function assignArea(ctx: Ctx, userId: string, areaId: string) {
  return changeOne(ctx, userId, 'user.assign_area', async (tx, cur) => {
    const place = await resolvePlacement(tx, ctx.tenantId, cur, { areaId });
    await setUserArea(tx, ctx.tenantId, cur.id, place.areaId, place.branchId, ctx.userId);
  });
}

export async function unassignArea(ctx: Ctx, userId: string) {
  return changeOne(ctx, userId, 'user.unassign_area', async (tx, cur) => {
    if (!cur.area_id) throw unprocessable('USER_HAS_NO_AREA', 'access.user_has_no_area');
    await clearUserArea(tx, ctx.tenantId, cur.id, ctx.userId);
  });
}
