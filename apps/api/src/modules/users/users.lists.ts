/**
 * Users: the staff lists (all, a branch's, account officers), one user's detail and the COA accounts assigned to
 * the caller.
 */
import type { OfficerTitle } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { findUser, USER_FROM, USER_SELECT, type UserRow, userOut } from './users.repo.ts';

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
