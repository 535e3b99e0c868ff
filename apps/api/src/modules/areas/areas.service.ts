/**
 * Areas (Area): working areas of agents and account officers, optionally
 * inside a branch. Staff join an area with POST users/area; members through
 * their own record (areaId). DELETE area/{id}/member/{memberId} takes one
 * person (staff or member) out of the area.
 *
 * Decisions: names are unique per cooperative ignoring case; an area with
 * people cannot be deleted (take them out or deactivate the area); moving an
 * area to another branch is refused while it has staff of a different branch.
 */
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { availableSources } from '../branches/organization.ts';
import { type OrganizationQuery, unitService } from '../branches/units.service.ts';

interface AreaRow {
  id: string;
  name: string;
  description: string | null;
  branch_id: string | null;
  branch_name: string | null;
  branch_active: boolean | null;
  is_active: boolean;
  created_date: Date;
  updated_date: Date;
}

const SELECT = `SELECT a.id, a.name, a.description, a.branch_id, b.name AS branch_name, b.is_active AS branch_active, a.is_active,
         a.created_date, a.updated_date
  FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id`;

function out(r: AreaRow, counts?: Record<string, number>) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    branch: r.branch_id ? { id: r.branch_id, name: r.branch_name } : null,
    branchId: r.branch_id,
    isActive: r.is_active,
    userCount: counts?.USER ?? 0,
    memberCount: counts?.MEMBER ?? 0,
    createdDate: r.created_date,
    updatedDate: r.updated_date,
  };
}

const areas = unitService<AreaRow, ReturnType<typeof out>>({
  t: {
    table: 'area',
    alias: 'a',
    select: SELECT,
    from: 'FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id',
    search: ['a.name', 'a.description', 'b.name'],
    filters: { branchId: 'a.branch_id' },
  },
  column: 'area_id',
  entity: 'area',
  sorts: { created_date: 'a.created_date', name: 'lower(a.name)', branch: 'lower(b.name)' },
  notFoundKey: 'access.area_not_found',
  inUse: { code: 'AREA_IN_USE', key: 'access.area_in_use', count: (d) => d.userCount + d.memberCount },
  out,
});

export const findArea = areas.find;
const detailTx = areas.detailTx;

export function listAreas(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; isActive?: boolean; branchId?: string },
) {
  return areas.list(ctx, q);
}

export function areaDetail(ctx: Ctx, id: string) {
  return areas.detail(ctx, id);
}

function assertNameFree(tx: Tx, tenantId: string, name: string, exceptId: string | null) {
  return areas.assertFree(tx, tenantId, 'name', name, exceptId, 'AREA_NAME_TAKEN', 'access.area_name_taken');
}

async function checkBranch(tx: Tx, tenantId: string, branchId: string | null | undefined) {
  if (!branchId) return;
  const b = await tx.one<{ name: string; is_active: boolean }>('SELECT name, is_active FROM branch WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    branchId,
  ]);
  if (!b) throw notFound('access.branch_not_found');
  if (!b.is_active) throw unprocessable('BRANCH_INACTIVE', 'access.branch_inactive', { name: b.name });
}

async function nameRace<T>(name: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('AREA_NAME_TAKEN', 'access.area_name_taken', { name });
    throw err;
  }
}

interface AreaInput {
  name?: string;
  description?: string | null;
  branchId?: string | null;
  isActive?: boolean;
}

export async function createArea(ctx: Ctx, body: AreaInput & { name: string }) {
  return nameRace(body.name, () =>
    withTx(ctx, async (tx) => {
      await assertNameFree(tx, ctx.tenantId, body.name, null);
      await checkBranch(tx, ctx.tenantId, body.branchId);
      const row = await tx.one<{ id: string }>(
        `INSERT INTO area (tenant_id, name, description, branch_id, is_active, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [ctx.tenantId, body.name, body.description ?? null, body.branchId ?? null, body.isActive ?? true, ctx.userId],
      );
      const created = await detailTx(tx, ctx.tenantId, row!.id);
      await audit(tx, ctx, { action: 'area.create', entity: 'area', entityId: created.id, after: created });
      return created;
    }),
  );
}

export async function updateArea(ctx: Ctx, body: AreaInput & { id: string }) {
  return nameRace(body.name, () =>
    withTx(ctx, async (tx) => {
      const current = await findArea(tx, ctx.tenantId, body.id, true);
      if (!current) throw notFound('access.area_not_found');
      const before = await detailTx(tx, ctx.tenantId, body.id);
      if (body.name !== undefined) await assertNameFree(tx, ctx.tenantId, body.name, body.id);
      const branchId = body.branchId === undefined ? current.branch_id : body.branchId;
      if (branchId !== current.branch_id) {
        await checkBranch(tx, ctx.tenantId, branchId);
        if (branchId) {
          const other = await tx.one<{ user_branch: string }>(
            `SELECT ub.name AS user_branch FROM app_user u JOIN branch ub ON ub.tenant_id = u.tenant_id AND ub.id = u.branch_id
             WHERE u.tenant_id = $1 AND u.area_id = $2 AND u.branch_id <> $3 LIMIT 1`,
            [ctx.tenantId, body.id, branchId],
          );
          if (other) {
            const b = await tx.one<{ name: string }>('SELECT name FROM branch WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, branchId]);
            throw unprocessable('AREA_BRANCH_MISMATCH', 'access.area_branch_mismatch', {
              area: current.name,
              areaBranch: b?.name ?? '-',
              userBranch: other.user_branch,
            });
          }
        }
      }
      await tx.exec(
        `UPDATE area SET name = $3, description = $4, branch_id = $5, is_active = $6, updated_by = $7 WHERE tenant_id = $1 AND id = $2`,
        [
          ctx.tenantId,
          body.id,
          body.name ?? current.name,
          body.description === undefined ? current.description : body.description,
          branchId,
          body.isActive ?? current.is_active,
          ctx.userId,
        ],
      );
      const after = await detailTx(tx, ctx.tenantId, body.id);
      await audit(tx, ctx, { action: 'area.update', entity: 'area', entityId: body.id, before, after });
      return after;
    }),
  );
}

export function deleteArea(ctx: Ctx, id: string) {
  return areas.remove(ctx, id);
}

export function areaMembers(ctx: Ctx, id: string, q: OrganizationQuery) {
  return areas.members(ctx, id, q);
}

/** Take a user or a member (by id) out of the area. */
export async function removeAreaMember(ctx: Ctx, areaId: string, memberId: string) {
  return withTx(ctx, async (tx) => {
    const area = await findArea(tx, ctx.tenantId, areaId, true);
    if (!area) throw notFound('access.area_not_found');
    for (const s of await availableSources(tx)) {
      if (await s.unassignArea(tx, ctx.tenantId, areaId, memberId)) {
        await audit(tx, ctx, {
          action: 'area.remove_member',
          entity: s.entity,
          entityId: memberId,
          before: { areaId, areaName: area.name, kind: s.kind },
          after: { areaId: null },
        });
        return { areaId, memberId, kind: s.kind };
      }
    }
    throw notFound('access.area_member_not_found');
  });
}
