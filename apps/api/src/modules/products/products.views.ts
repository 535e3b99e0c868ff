/** Products: the read side (detail with terms and GL mapping, list, categories per kind, default GL accounts). */
import {
  defaultGlKeys,
  GL_ROLES,
  glRoleAccountTypes,
  hasPermission,
  type ProductDatatableQuery,
  type ProductKind,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { allTerms, findProduct, glAccounts, type ProductRow, productUsage, termsInForce, termsView } from './products.repo.ts';

// ---------------------------------------------------------------- views

export async function productViews(tx: Tx, rows: ProductRow[], date = todayJakarta()) {
  const usage = await productUsage(
    tx,
    rows.map((r) => r.id),
  );
  const out = [];
  for (const r of rows) {
    const terms = (await termsInForce(tx, r.id, date))!;
    const gl = await glAccounts(tx, r.id);
    const u = usage.get(r.id);
    out.push({
      id: r.id,
      code: r.code,
      name: r.name,
      kind: r.kind,
      category: r.kind,
      savingType: r.saving_type,
      description: r.description,
      audience: r.audience,
      requiresApproval: r.requires_approval,
      isActive: r.is_active,
      systemKey: r.system_key,
      terms: termsView(terms, r.kind),
      glAccounts: gl.map((g) => ({ role: g.role, coaId: g.coa_id, code: g.code, name: g.name, type: g.type })),
      accountCount: u?.count ?? 0,
      totalBalance: u?.balance ?? dec(0),
      createdDate: r.created_date.toISOString(),
      updatedDate: r.updated_date.toISOString(),
    });
  }
  return out;
}

export async function detailOf(tx: Tx, row: ProductRow) {
  const [view] = await productViews(tx, [row]);
  const versions = await allTerms(tx, row.id);
  const today = todayJakarta();
  const upcoming = versions.filter((v) => v.effective_date > today).sort((a, b) => (a.effective_date < b.effective_date ? -1 : 1))[0];
  return {
    ...view,
    versions: versions.map((v) => termsView(v, row.kind)),
    upcomingTerms: upcoming ? termsView(upcoming, row.kind) : null,
  };
}

export async function productDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const row = await findProduct(tx, id);
    if (!row) throw notFound('product.not_found');
    return detailOf(tx, row);
  });
}

const SORT = { created_date: 'p.created_date', name: 'lower(p.name)', code: 'p.code', kind: 'p.kind', updated_date: 'p.updated_date' };

export async function datatable(ctx: Ctx, q: ProductDatatableQuery) {
  return withTx(ctx, async (tx) => {
    const where = ['p.tenant_id = app_tenant()'];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(p.name) LIKE ${s} OR lower(p.code) LIKE ${s})`);
    }
    if (q.isActive !== undefined) where.push(`p.is_active = ${p(q.isActive)}`);
    const kind = q.kind ?? q.category;
    if (kind) where.push(`p.kind = ${p(kind)}`);
    if (q.savingType) where.push(`p.saving_type = ${p(q.savingType.toUpperCase())}`);
    const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM product p WHERE ${where.join(' AND ')}`, params);
    const rows = await tx.query<ProductRow>(
      `SELECT p.* FROM product p WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.ascOrDesc, SORT, 'created_date', 'p.id')}
       LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
      params,
    );
    return paged(await productViews(tx, rows), total?.n ?? 0, q.page, q.limit);
  });
}

/** GET product/{category}/categories: the products of a kind for pickers (active only unless isActive=false). */
export async function categories(ctx: Ctx, kind: ProductKind, q: { isActive?: boolean; search?: string }) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [kind];
    let where = 'tenant_id = app_tenant() AND kind = $1';
    if (q.isActive !== false) where += ' AND is_active';
    if (q.search) {
      params.push(likePattern(q.search.toLowerCase()));
      where += ` AND (lower(name) LIKE $${params.length} OR lower(code) LIKE $${params.length})`;
    }
    const rows = await tx.query<ProductRow>(
      `SELECT * FROM product WHERE ${where} ORDER BY saving_type NULLS LAST, lower(name), id`,
      params,
    );
    const views = await productViews(tx, rows);
    if (hasPermission(ctx.principal?.permissions, 'product', 'view')) return views;
    // Pickers of users who may not see products (agents): the terms their forms need, not the mapping or the totals.
    return views.map(({ glAccounts: _g, accountCount: _c, totalBalance: _b, ...rest }) => rest);
  });
}

/** The default GL account of each role of a kind (pre-filled in the GL mapping step). */
export async function glDefaults(ctx: Ctx, kind: ProductKind, savingType?: string) {
  return withTx(ctx, async (tx) => {
    const keys = defaultGlKeys(kind, savingType?.toUpperCase() ?? null);
    const rows = await tx.query<{ id: string; code: string; name: string; type: string; system_key: string }>(
      'SELECT id, code, name, type, system_key FROM coa_account WHERE tenant_id = app_tenant() AND system_key = ANY($1::text[])',
      [Object.values(keys)],
    );
    const byKey = new Map(rows.map((r) => [r.system_key, r]));
    return GL_ROLES[kind].map((role) => {
      const a = byKey.get(keys[role]);
      return {
        role,
        accountTypes: glRoleAccountTypes(kind, role),
        coaId: a?.id ?? null,
        code: a?.code ?? null,
        name: a?.name ?? null,
      };
    });
  });
}
