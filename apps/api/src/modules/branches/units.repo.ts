/**
 * SQL shared by the two organisation units, branches and areas (units.service.ts): one row, a page of rows with
 * search and filters, a taken name or code, the delete. Table and column names come from the units' fixed
 * descriptions, never from a request.
 */
import type { Tx } from '../../db/db.ts';
import { likePattern } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';

export interface UnitTable {
  table: 'branch' | 'area';
  /** The table's alias in `select` and `from`. */
  alias: string;
  /** `SELECT <columns> FROM <table> <alias> [joins]`. */
  select: string;
  /** `FROM <table> <alias> [joins]`, for the count. */
  from: string;
  /** Columns a search looks in (ILIKE, any of them). */
  search: string[];
  /** Equality filters: query key → column. */
  filters?: Record<string, string>;
}

/** A units page: the paged list's query, `isActive`, and the table's own `filters` (by their query names). */
export type UnitQuery = PageQuery & { isActive?: boolean };

export async function findUnit<Row>(tx: Tx, t: UnitTable, tenantId: string, id: string, lock = false): Promise<Row | undefined> {
  const a = t.alias;
  return tx.one<Row>(`${t.select} WHERE ${a}.tenant_id = $1 AND ${a}.id = $2${lock ? ` FOR UPDATE OF ${a}` : ''}`, [tenantId, id]);
}

/** One page of units and the total, ordered by `order` (an ORDER BY clause from `orderBy`). */
export async function pageOfUnits<Row>(tx: Tx, t: UnitTable, tenantId: string, q: UnitQuery, order: string) {
  const a = t.alias;
  const where = [`${a}.tenant_id = $1`];
  const params: unknown[] = [tenantId];
  if (q.search) {
    params.push(likePattern(q.search));
    const p = `$${params.length}`;
    where.push(`(${t.search.map((c) => `${c} ILIKE ${p}`).join(' OR ')})`);
  }
  if (q.isActive !== undefined) {
    params.push(q.isActive);
    where.push(`${a}.is_active = $${params.length}`);
  }
  const named = q as unknown as Record<string, unknown>;
  for (const [key, column] of Object.entries(t.filters ?? {})) {
    if (!named[key]) continue;
    params.push(named[key]);
    where.push(`${column} = $${params.length}`);
  }
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${t.from} WHERE ${where.join(' AND ')}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<Row>(
    `${t.select} WHERE ${where.join(' AND ')} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Whether another unit of the table has this name (ignoring case) or code. */
export async function unitValueTaken(
  tx: Tx,
  table: UnitTable['table'],
  tenantId: string,
  column: 'name' | 'code',
  value: string,
  exceptId: string | null,
): Promise<boolean> {
  const match = column === 'name' ? 'lower(name) = lower($2)' : 'code = $2';
  const r = await tx.one(`SELECT 1 FROM ${table} WHERE tenant_id = $1 AND ${match} AND ($3::uuid IS NULL OR id <> $3::uuid)`, [
    tenantId,
    value,
    exceptId,
  ]);
  return Boolean(r);
}

export async function deleteUnitRow(tx: Tx, table: UnitTable['table'], tenantId: string, id: string): Promise<void> {
  await tx.exec(`DELETE FROM ${table} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
}
