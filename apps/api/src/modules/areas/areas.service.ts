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
import type { PageQuery } from '../../lib/page-query.ts';
import { availableSources } from '../branches/organization.repo.ts';
import { type OrganizationQuery, unitService } from '../branches/units.service.ts';
import { AREA_TABLE, type AreaRow, findBranchState, insertArea, staffBranchOtherThan, updateAreaRow } from './areas.repo.ts';

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
  t: AREA_TABLE,
  column: 'area_id',
  entity: 'area',
  sorts: { created_date: 'a.created_date', name: 'lower(a.name)', branch: 'lower(b.name)' },
  notFoundKey: 'access.area_not_found',
  inUse: { code: 'AREA_IN_USE', key: 'access.area_in_use', count: (d) => d.userCount + d.memberCount },
  out,
});

export const findArea = areas.find;
const detailTx = areas.detailTx;

export function listAreas(ctx: Ctx, q: PageQuery & { isActive?: boolean; branchId?: string }) {
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
  const b = await findBranchState(tx, tenantId, branchId);
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
      const id = await insertArea(
        tx,
        ctx.tenantId,
        { name: body.name, description: body.description ?? null, branchId: body.branchId ?? null, isActive: body.isActive ?? true },
        ctx.userId,
      );
      const created = await detailTx(tx, ctx.tenantId, id);
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
          const other = await staffBranchOtherThan(tx, ctx.tenantId, body.id, branchId);
          if (other) {
            const b = await findBranchState(tx, ctx.tenantId, branchId);
            throw unprocessable('AREA_BRANCH_MISMATCH', 'access.area_branch_mismatch', {
              area: current.name,
              areaBranch: b?.name ?? '-',
              userBranch: other,
            });
          }
        }
      }
      await updateAreaRow(
        tx,
        ctx.tenantId,
        body.id,
        {
          name: body.name ?? current.name,
          description: body.description === undefined ? current.description : body.description,
          branchId,
          isActive: body.isActive ?? current.is_active,
        },
        ctx.userId,
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
