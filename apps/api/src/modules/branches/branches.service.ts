/**
 * Branches (Cabang). Staff and members belong to a branch; areas may too.
 *
 * Decisions:
 *  - Names are unique per cooperative ignoring case; codes (optional, upper
 *    case) too. The code is what the CIF pattern's {BRANCH} prints.
 *  - A branch in use (users, areas or members point at it) cannot be deleted;
 *    it is deactivated instead. An inactive branch cannot receive new users.
 *  - GET branch/member/{id}/datatable lists the branch's people: staff and
 *    members (see organization.ts), with kind = USER or MEMBER.
 */
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { countsBy, listOrganization } from './organization.ts';

interface BranchRow {
  id: string;
  code: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  is_active: boolean;
  created_date: Date;
  updated_date: Date;
  area_count: number;
}

const SELECT = `SELECT b.id, b.code, b.name, b.address, b.phone, b.is_active, b.created_date, b.updated_date,
    (SELECT count(*)::int FROM area a WHERE a.tenant_id = b.tenant_id AND a.branch_id = b.id) AS area_count
  FROM branch b`;

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

export async function findBranch(tx: Tx, tenantId: string, id: string, lock = false): Promise<BranchRow | undefined> {
  return tx.one<BranchRow>(`${SELECT} WHERE b.tenant_id = $1 AND b.id = $2${lock ? ' FOR UPDATE OF b' : ''}`, [tenantId, id]);
}

export async function listBranches(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; isActive?: boolean },
) {
  return withTx(ctx, async (tx) => {
    const where = ['b.tenant_id = $1'];
    const params: unknown[] = [ctx.tenantId];
    if (q.search) {
      params.push(likePattern(q.search));
      const p = `$${params.length}`;
      where.push(`(b.name ILIKE ${p} OR b.code ILIKE ${p} OR b.address ILIKE ${p})`);
    }
    if (q.isActive !== undefined) {
      params.push(q.isActive);
      where.push(`b.is_active = $${params.length}`);
    }
    const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM branch b WHERE ${where.join(' AND ')}`, params);
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { created_date: 'b.created_date', name: 'lower(b.name)', code: 'b.code' },
      'created_date',
      'b.id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<BranchRow>(
      `${SELECT} WHERE ${where.join(' AND ')} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const counts = await countsBy(
      tx,
      ctx.tenantId,
      'branch_id',
      rows.map((r) => r.id),
    );
    return paged(
      rows.map((r) => out(r, counts.get(r.id))),
      total?.n ?? 0,
      q.page,
      q.limit,
    );
  });
}

async function detailTx(tx: Tx, tenantId: string, id: string) {
  const r = await findBranch(tx, tenantId, id);
  if (!r) throw notFound('access.branch_not_found');
  const counts = await countsBy(tx, tenantId, 'branch_id', [id]);
  return out(r, counts.get(id));
}

export async function branchDetail(ctx: Ctx, id: string) {
  return withTx(ctx, (tx) => detailTx(tx, ctx.tenantId, id));
}

async function assertUnique(tx: Tx, tenantId: string, name: string | undefined, code: string | null | undefined, exceptId: string | null) {
  if (name !== undefined) {
    const t = await tx.one(
      'SELECT 1 FROM branch WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)',
      [tenantId, name, exceptId],
    );
    if (t) throw conflict('BRANCH_NAME_TAKEN', 'access.branch_name_taken', { name });
  }
  if (code) {
    const t = await tx.one('SELECT 1 FROM branch WHERE tenant_id = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)', [
      tenantId,
      code,
      exceptId,
    ]);
    if (t) throw conflict('BRANCH_CODE_TAKEN', 'access.branch_code_taken', { code });
  }
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
      const row = await tx.one<{ id: string }>(
        `INSERT INTO branch (tenant_id, code, name, address, phone, is_active, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
        [ctx.tenantId, body.code ?? null, body.name, body.address ?? null, body.phone ?? null, body.isActive ?? true, ctx.userId],
      );
      const created = await detailTx(tx, ctx.tenantId, row!.id);
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
      await tx.exec(
        `UPDATE branch SET code = $3, name = $4, address = $5, phone = $6, is_active = $7, updated_by = $8
         WHERE tenant_id = $1 AND id = $2`,
        [
          ctx.tenantId,
          body.id,
          body.code === undefined ? current.code : body.code,
          body.name ?? current.name,
          body.address === undefined ? current.address : body.address,
          body.phone === undefined ? current.phone : body.phone,
          body.isActive ?? current.is_active,
          ctx.userId,
        ],
      );
      const after = await detailTx(tx, ctx.tenantId, body.id);
      await audit(tx, ctx, { action: 'branch.update', entity: 'branch', entityId: body.id, before, after });
      return after;
    }),
  );
}

export async function deleteBranch(ctx: Ctx, id: string) {
  let name = '';
  try {
    await deleteBranchTx(ctx, id, (n) => {
      name = n;
    });
  } catch (err) {
    // Rows of later modules (transactions, ...) still point at the branch.
    if ((err as { code?: string }).code === '23503') throw conflict('BRANCH_IN_USE', 'access.branch_in_use', { name, count: '1+' });
    throw err;
  }
}

async function deleteBranchTx(ctx: Ctx, id: string, seen: (name: string) => void) {
  await withTx(ctx, async (tx) => {
    const current = await findBranch(tx, ctx.tenantId, id, true);
    if (!current) throw notFound('access.branch_not_found');
    seen(current.name);
    const before = await detailTx(tx, ctx.tenantId, id);
    const used = before.userCount + before.memberCount + before.areaCount;
    if (used > 0) throw conflict('BRANCH_IN_USE', 'access.branch_in_use', { name: current.name, count: used });
    await tx.exec('DELETE FROM branch WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id]);
    await audit(tx, ctx, { action: 'branch.delete', entity: 'branch', entityId: id, before });
  });
}

export const ORGANIZATION_SORT = { created_date: 'o.created_date', name: 'lower(o.name)', kind: 'o.kind', code: 'o.code' };

export async function branchMembers(
  ctx: Ctx,
  id: string,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; kind?: string; isActive?: boolean },
) {
  return withTx(ctx, async (tx) => {
    if (!(await findBranch(tx, ctx.tenantId, id))) throw notFound('access.branch_not_found');
    const { rows, total } = await listOrganization(
      tx,
      ctx.tenantId,
      'branch_id',
      id,
      q,
      orderBy(q.sortBy, q.ascOrDesc, ORGANIZATION_SORT, 'created_date', 'o.id'),
    );
    return paged(rows, total, q.page, q.limit);
  });
}
