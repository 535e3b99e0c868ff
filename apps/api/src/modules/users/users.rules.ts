/**
 * Users: the rules every change checks (the last administrator, who may change whom, grantable roles, placement
 * in a branch and area, unique e-mail and phone). Decisions: users.service.ts.
 */
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { assertMayGrantRole, findRole } from '../roles/roles.service.ts';
import {
  countOtherActiveWithRole,
  findAreaWithBranch,
  findBranchState,
  findCoa,
  lockSuperAdminRole,
  loginOwner,
  type UserRow,
} from './users.repo.ts';

export interface UserDeps {
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  notifier: Notifier;
}

export const INVITATION_HOURS = 72;

const isSuperAdmin = (ctx: Ctx) => ctx.principal?.roleCode === 'SUPER_ADMIN' || ctx.principal === null;

/** Lock the cooperative's SUPER ADMIN role row: serialises every change that could remove an admin. */
export async function lockAdmins(tx: Tx, tenantId: string): Promise<string> {
  return lockSuperAdminRole(tx, tenantId);
}

/** Refuse when no other active SUPER ADMIN would remain once `userId` stops being one. */
export async function assertAnotherAdmin(tx: Tx, tenantId: string, adminRoleId: string, userId: string) {
  const n = await countOtherActiveWithRole(tx, tenantId, adminRoleId, userId);
  if (n === 0) throw unprocessable('LAST_ADMIN', 'access.last_admin');
}

export function assertMayChange(ctx: Ctx, u: UserRow) {
  if (u.role_code === 'SUPER_ADMIN' && !isSuperAdmin(ctx)) throw forbidden('SUPER_ADMIN_ONLY', 'access.super_admin_only');
}

/** The role to give a user: it exists, and the giver may give it (SUPER ADMIN only by a SUPER ADMIN, nothing beyond one's own). */
export async function grantableRole(tx: Tx, ctx: Ctx, id: string) {
  const r = await findRole(tx, ctx.tenantId, id);
  if (!r) throw notFound('access.role_not_found');
  if (r.code === 'SUPER_ADMIN' && !isSuperAdmin(ctx)) throw forbidden('SUPER_ADMIN_ONLY', 'access.super_admin_only');
  assertMayGrantRole(ctx, r);
  return r;
}

async function loadBranch(tx: Tx, tenantId: string, id: string) {
  const b = await findBranchState(tx, tenantId, id);
  if (!b) throw notFound('access.branch_not_found');
  return b;
}

async function loadArea(tx: Tx, tenantId: string, id: string) {
  const a = await findAreaWithBranch(tx, tenantId, id);
  if (!a) throw notFound('access.area_not_found');
  return a;
}

/** Final branch and area of a user, checked: both exist, new ones active, the area inside the branch. */
export async function resolvePlacement(
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
export async function checkCoa(tx: Tx, tenantId: string, coaId: string, userId: string | null) {
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
export async function assertContactFree(tx: Tx, email: string | null | undefined, phone: string | null | undefined, userId: string | null) {
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
export async function uniqueRace<T>(v: { email?: string | null; phone?: string | null }, fn: () => Promise<T>): Promise<T> {
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
