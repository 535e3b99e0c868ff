/**
 * Users: the staff lists (all, a branch's, account officers), one user's detail and the COA accounts assigned to
 * the caller.
 */
import type { OfficerTitle } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { branchExists, coaHeldBy, findUser, pageOfUserRows, userOut } from './users.repo.ts';

export interface UserListQuery extends PageQuery {
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
  const order = orderBy(q.sortBy, q.ascOrDesc, USER_SORT, 'created_date', 'u.id');
  const { rows, total } = await pageOfUserRows(tx, where, params, order, q.page, q.limit);
  return paged(rows.map(userOut), total, q.page, q.limit);
}

export async function listUsers(ctx: Ctx, q: UserListQuery) {
  return withTx(ctx, (tx) => pageOfUsers(tx, ctx.tenantId, q));
}

/** Staff of one organization (a branch). */
export async function listOrganizationUsers(ctx: Ctx, branchId: string, q: UserListQuery) {
  return withTx(ctx, async (tx) => {
    if (!(await branchExists(tx, ctx.tenantId, branchId))) throw notFound('access.branch_not_found');
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
    const rows = await coaHeldBy(tx, ctx.tenantId, ctx.userId);
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
