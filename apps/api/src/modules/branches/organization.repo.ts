/**
 * Who belongs to a branch or an area: the "members" lists of Cabang and Area
 * (GET /api/branch/member/{id}/datatable, GET /api/area/member/{id}/datatable)
 * and DELETE /api/area/{id}/member/{memberId}.
 *
 * EXTENSION POINT. Each kind of person is a source: a SELECT giving the same
 * columns for every row of the tenant ($1). Two sources are built in:
 *  - USER: staff (app_user), always;
 *  - MEMBER: cooperative members (table `member` with branch_id and area_id,
 *    migration 0300), used once that table exists.
 * A later kind (e.g. business-unit staff) calls `registerOrganizationSource`
 * from its module file. Lists are one UNION ALL with the filters and the page
 * applied on top, so paging and sorting work across kinds.
 */
import type { Tx } from '../../db/db.ts';
import { likePattern } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';

export interface OrganizationSource {
  kind: string;
  /**
   * SELECT of: kind text, id uuid, name text, code text, phone text, email text,
   * role text, is_active boolean, branch_id uuid, area_id uuid, created_date timestamptz
   * for the tenant $1 (no other parameters).
   */
  select: string;
  /** Remove one person from an area; true when a row changed. */
  unassignArea(tx: Tx, tenantId: string, areaId: string, id: string): Promise<boolean>;
  /** The table's name for the audit entry. */
  entity: string;
  /** Whether the source can be queried now (its table exists). */
  available(tx: Tx): Promise<boolean>;
}

const sources: OrganizationSource[] = [];

export function registerOrganizationSource(s: OrganizationSource): void {
  const i = sources.findIndex((x) => x.kind === s.kind);
  if (i >= 0) sources[i] = s;
  else sources.push(s);
}

const known = new Set<string>();
async function tableExists(tx: Tx, table: string): Promise<boolean> {
  if (known.has(table)) return true;
  const r = await tx.one<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [`public.${table}`]);
  if (r?.ok) known.add(table);
  return Boolean(r?.ok);
}

registerOrganizationSource({
  kind: 'USER',
  entity: 'app_user',
  select: `SELECT 'USER'::text AS kind, u.id, concat_ws(' ', u.first_name, u.last_name) AS name, NULL::text AS code, u.phone, u.email,
                  r.name AS role, u.is_active, u.branch_id, u.area_id, u.created_date
           FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id WHERE u.tenant_id = $1`,
  async unassignArea(tx, tenantId, areaId, id) {
    return (
      (await tx.exec('UPDATE app_user SET area_id = NULL WHERE tenant_id = $1 AND id = $2 AND area_id = $3', [tenantId, id, areaId])) > 0
    );
  },
  available: async () => true,
});

registerOrganizationSource({
  kind: 'MEMBER',
  entity: 'member',
  select: `SELECT 'MEMBER'::text AS kind, m.id, m.full_name AS name, m.cif_number AS code, m.phone, NULL::text AS email,
                  m.member_type AS role, m.is_active, m.branch_id, m.area_id, m.created_date
           FROM member m WHERE m.tenant_id = $1`,
  async unassignArea(tx, tenantId, areaId, id) {
    return (
      (await tx.exec('UPDATE member SET area_id = NULL WHERE tenant_id = $1 AND id = $2 AND area_id = $3', [tenantId, id, areaId])) > 0
    );
  },
  available: (tx) => tableExists(tx, 'member'),
});

/** The UNION ALL of every available source, as a subquery text using $1 = tenant. */
export async function organizationUnion(tx: Tx): Promise<string> {
  const parts: string[] = [];
  for (const s of sources) if (await s.available(tx)) parts.push(`(${s.select})`);
  return parts.join(' UNION ALL ');
}

export async function availableSources(tx: Tx): Promise<OrganizationSource[]> {
  const out: OrganizationSource[] = [];
  for (const s of sources) if (await s.available(tx)) out.push(s);
  return out;
}

export interface OrganizationRow {
  kind: string;
  id: string;
  name: string;
  code: string | null;
  phone: string | null;
  email: string | null;
  role: string | null;
  is_active: boolean;
  branch_id: string | null;
  area_id: string | null;
  created_date: Date;
}

export function organizationOut(r: OrganizationRow) {
  return {
    kind: r.kind,
    id: r.id,
    name: r.name,
    code: r.code,
    phone: r.phone,
    email: r.email,
    role: r.role,
    isActive: r.is_active,
    branchId: r.branch_id,
    areaId: r.area_id,
    createdDate: r.created_date,
  };
}

/** Per id of `column` (branch_id or area_id): how many of each kind. */
export async function countsBy(tx: Tx, tenantId: string, column: 'branch_id' | 'area_id', ids: string[]) {
  const out = new Map<string, Record<string, number>>();
  if (!ids.length) return out;
  const union = await organizationUnion(tx);
  const rows = await tx.query<{ ref: string; kind: string; n: number }>(
    `SELECT o.${column} AS ref, o.kind, count(*)::int AS n FROM (${union}) o WHERE o.${column} = ANY($2::uuid[]) GROUP BY 1, 2`,
    [tenantId, ids],
  );
  for (const r of rows) {
    const m = out.get(r.ref) ?? {};
    m[r.kind] = r.n;
    out.set(r.ref, m);
  }
  return out;
}

/** One page of the people of a branch or an area. */
export async function listOrganization(
  tx: Tx,
  tenantId: string,
  column: 'branch_id' | 'area_id',
  id: string,
  q: PageQuery & { kind?: string; isActive?: boolean },
  orderSql: string,
) {
  const union = await organizationUnion(tx);
  const where = [`o.${column} = $2`];
  const params: unknown[] = [tenantId, id];
  if (q.kind) {
    params.push(q.kind);
    where.push(`o.kind = $${params.length}`);
  }
  if (q.isActive !== undefined) {
    params.push(q.isActive);
    where.push(`o.is_active = $${params.length}`);
  }
  if (q.search) {
    params.push(likePattern(q.search));
    const p = `$${params.length}`;
    where.push(`(o.name ILIKE ${p} OR o.code ILIKE ${p} OR o.phone ILIKE ${p} OR o.email ILIKE ${p})`);
  }
  const base = `FROM (${union}) o WHERE ${where.join(' AND ')}`;
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${base}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<OrganizationRow>(
    `SELECT o.* ${base} ${orderSql} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows: rows.map(organizationOut), total: total?.n ?? 0 };
}
