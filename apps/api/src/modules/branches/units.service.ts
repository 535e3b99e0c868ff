/**
 * One implementation for the organisation units, branches (Cabang) and areas (Area): list with counts, detail,
 * the unit's people, delete of an unused unit. Each unit describes its table, messages and answer
 * (branches.service.ts, areas.service.ts); what differs (a branch's code, an area's branch) stays there.
 */
import type { ErrorCode } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { orderBy, paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { countsBy, listOrganization } from './organization.repo.ts';
import { deleteUnitRow, findUnit, pageOfUnits, type UnitQuery, type UnitTable, unitValueTaken } from './units.repo.ts';

export const ORGANIZATION_SORT = { created_date: 'o.created_date', name: 'lower(o.name)', kind: 'o.kind', code: 'o.code' };

type Counts = Record<string, number>;

export interface UnitKind<Row, Dto> {
  t: UnitTable;
  /** The column of staff and members that points at the unit. */
  column: 'branch_id' | 'area_id';
  /** Audit entity and action prefix: `branch.delete`. */
  entity: 'branch' | 'area';
  /** Sort keys of the list → columns. */
  sorts: Record<string, string>;
  notFoundKey: string;
  inUse: { code: ErrorCode; key: string; count: (d: Dto) => number };
  out: (r: Row, counts?: Counts) => Dto;
}

export interface OrganizationQuery extends PageQuery {
  kind?: string;
  isActive?: boolean;
}

export function unitService<Row extends { id: string; name: string }, Dto>(k: UnitKind<Row, Dto>) {
  const find = (tx: Tx, tenantId: string, id: string, lock = false) => findUnit<Row>(tx, k.t, tenantId, id, lock);

  async function detailTx(tx: Tx, tenantId: string, id: string): Promise<Dto> {
    const r = await find(tx, tenantId, id);
    if (!r) throw notFound(k.notFoundKey);
    return k.out(r, (await countsBy(tx, tenantId, k.column, [id])).get(id));
  }

  return {
    find,
    detailTx,

    list(ctx: Ctx, q: UnitQuery) {
      return withTx(ctx, async (tx) => {
        const order = orderBy(q.sortBy, q.ascOrDesc, k.sorts, 'created_date', `${k.t.alias}.id`);
        const { rows, total } = await pageOfUnits<Row>(tx, k.t, ctx.tenantId, q, order);
        const counts = await countsBy(
          tx,
          ctx.tenantId,
          k.column,
          rows.map((r) => r.id),
        );
        return paged(
          rows.map((r) => k.out(r, counts.get(r.id))),
          total,
          q.page,
          q.limit,
        );
      });
    },

    detail(ctx: Ctx, id: string) {
      return withTx(ctx, (tx) => detailTx(tx, ctx.tenantId, id));
    },

    /** The unit's people: staff (kind USER) and members (kind MEMBER). */
    members(ctx: Ctx, id: string, q: OrganizationQuery) {
      return withTx(ctx, async (tx) => {
        if (!(await find(tx, ctx.tenantId, id))) throw notFound(k.notFoundKey);
        const order = orderBy(q.sortBy, q.ascOrDesc, ORGANIZATION_SORT, 'created_date', 'o.id');
        const { rows, total } = await listOrganization(tx, ctx.tenantId, k.column, id, q, order);
        return paged(rows, total, q.page, q.limit);
      });
    },

    /** Deletes an unused unit; one in use (by the counts, or by rows of later modules) is refused with its name. */
    async remove(ctx: Ctx, id: string) {
      let name = '';
      try {
        await withTx(ctx, async (tx) => {
          const current = await find(tx, ctx.tenantId, id, true);
          if (!current) throw notFound(k.notFoundKey);
          name = current.name;
          const before = await detailTx(tx, ctx.tenantId, id);
          const used = k.inUse.count(before);
          if (used > 0) throw conflict(k.inUse.code, k.inUse.key, { name: current.name, count: used });
          await deleteUnitRow(tx, k.t.table, ctx.tenantId, id);
          await audit(tx, ctx, { action: `${k.entity}.delete`, entity: k.entity, entityId: id, before });
        });
      } catch (err) {
        // Rows of later modules (transactions, ...) still point at the unit.
        if ((err as { code?: string }).code === '23503') throw conflict(k.inUse.code, k.inUse.key, { name, count: '1+' });
        throw err;
      }
    },

    /** 409 with `key` when another unit has this name (ignoring case) or code. */
    async assertFree(
      tx: Tx,
      tenantId: string,
      column: 'name' | 'code',
      value: string,
      exceptId: string | null,
      code: ErrorCode,
      key: string,
    ) {
      if (await unitValueTaken(tx, k.t.table, tenantId, column, value, exceptId)) throw conflict(code, key, { [column]: value });
    },
  };
}
