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
import { paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { accountsBySystemKey, pageProducts, productsOfKind } from './products.lookups.repo.ts';
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

export async function datatable(ctx: Ctx, q: ProductDatatableQuery) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await pageProducts(tx, {
      page: q.page,
      limit: q.limit,
      search: q.search,
      isActive: q.isActive,
      kind: q.kind ?? q.category,
      savingType: q.savingType?.toUpperCase(),
      sortBy: q.sortBy,
      ascOrDesc: q.ascOrDesc,
    });
    return paged(await productViews(tx, rows), total, q.page, q.limit);
  });
}

/** GET product/{category}/categories: the products of a kind for pickers (active only unless isActive=false). */
export async function categories(ctx: Ctx, kind: ProductKind, q: { isActive?: boolean; search?: string }) {
  return withTx(ctx, async (tx) => {
    const rows = await productsOfKind(tx, kind, { activeOnly: q.isActive !== false, search: q.search });
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
    const rows = await accountsBySystemKey(tx, Object.values(keys));
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
