/**
 * Branches (Cabang). Staff and members belong to a branch; areas may too.
 *
 * Decisions:
 *  - Names are unique per cooperative ignoring case; codes (optional, upper
 *    case) too. The code is what the CIF pattern's {BRANCH} prints.
 *  - A branch in use (users, areas or members point at it) cannot be deleted;
 *    it is deactivated instead. An inactive branch cannot receive new users.
 *  - GET branch/member/{id}/datatable lists the branch's people: staff and
 *    members (see organization.repo.ts), with kind = USER or MEMBER.
 */
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { BRANCH_TABLE, type BranchRow, insertBranch, updateBranchRow } from './branches.repo.ts';
import { type OrganizationQuery, unitService } from './units.service.ts';

function out(r: BranchRow, counts?: Record<string, number>) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    address: r.address,
    phone: r.phone,
    isActive: r.is_active,
    areaCount: r.area_count,
    userCount: counts?.USER ?? 0,
    memberCount: counts?.MEMBER ?? 0,
    createdDate: r.created_date,
    updatedDate: r.updated_date,
  };
}

const branches = unitService<BranchRow, ReturnType<typeof out>>({
  t: BRANCH_TABLE,
  column: 'branch_id',
  entity: 'branch',
  sorts: { created_date: 'b.created_date', name: 'lower(b.name)', code: 'b.code' },
  notFoundKey: 'access.branch_not_found',
  inUse: { code: 'BRANCH_IN_USE', key: 'access.branch_in_use', count: (d) => d.userCount + d.memberCount + d.areaCount },
  out,
});

export { ORGANIZATION_SORT } from './units.service.ts';

export const findBranch = branches.find;
const detailTx = branches.detailTx;

export function listBranches(ctx: Ctx, q: PageQuery & { isActive?: boolean }) {
  return branches.list(ctx, q);
}

export function branchDetail(ctx: Ctx, id: string) {
  return branches.detail(ctx, id);
}

async function assertUnique(tx: Tx, tenantId: string, name: string | undefined, code: string | null | undefined, exceptId: string | null) {
  if (name !== undefined) await branches.assertFree(tx, tenantId, 'name', name, exceptId, 'BRANCH_NAME_TAKEN', 'access.branch_name_taken');
  if (code) await branches.assertFree(tx, tenantId, 'code', code, exceptId, 'BRANCH_CODE_TAKEN', 'access.branch_code_taken');
}

async function uniqueRace<T>(body: { name?: string; code?: string | null }, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'branch_code_uq')
      throw conflict('BRANCH_CODE_TAKEN', 'access.branch_code_taken', { code: body.code });
    if (e.code === '23505') throw conflict('BRANCH_NAME_TAKEN', 'access.branch_name_taken', { name: body.name });
    throw err;
  }
}

interface BranchInput {
  code?: string | null;
  name?: string;
  address?: string | null;
  phone?: string | null;
  isActive?: boolean;
}

export async function createBranch(ctx: Ctx, body: BranchInput & { name: string }) {
  return uniqueRace(body, () =>
    withTx(ctx, async (tx) => {
      await assertUnique(tx, ctx.tenantId, body.name, body.code, null);
      const id = await insertBranch(
        tx,
        ctx.tenantId,
        {
          code: body.code ?? null,
          name: body.name,
          address: body.address ?? null,
          phone: body.phone ?? null,
          isActive: body.isActive ?? true,
        },
        ctx.userId,
      );
      const created = await detailTx(tx, ctx.tenantId, id);
      await audit(tx, ctx, { action: 'branch.create', entity: 'branch', entityId: created.id, after: created });
      return created;
    }),
  );
}

export async function updateBranch(ctx: Ctx, body: BranchInput & { id: string }) {
  return uniqueRace(body, () =>
    withTx(ctx, async (tx) => {
      const current = await findBranch(tx, ctx.tenantId, body.id, true);
      if (!current) throw notFound('access.branch_not_found');
      const before = await detailTx(tx, ctx.tenantId, body.id);
      await assertUnique(tx, ctx.tenantId, body.name, body.code, body.id);
      await updateBranchRow(
        tx,
        ctx.tenantId,
        body.id,
        {
          code: body.code === undefined ? current.code : body.code,
          name: body.name ?? current.name,
          address: body.address === undefined ? current.address : body.address,
          phone: body.phone === undefined ? current.phone : body.phone,
          isActive: body.isActive ?? current.is_active,
        },
        ctx.userId,
      );
      const after = await detailTx(tx, ctx.tenantId, body.id);
      await audit(tx, ctx, { action: 'branch.update', entity: 'branch', entityId: body.id, before, after });
      return after;
    }),
  );
}

export function deleteBranch(ctx: Ctx, id: string) {
  return branches.remove(ctx, id);
}

export function branchMembers(ctx: Ctx, id: string, q: OrganizationQuery) {
  return branches.members(ctx, id, q);
}
