/** SQL of products beyond the row and its terms (products.repo.ts): uniqueness checks, writes of the row, lists. */
import type { ProductKind } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import type { ProductRow, TermsRow } from './products.repo.ts';

export interface GlCandidateRow {
  id: string;
  code: string;
  name: string;
  type: string;
  is_postable: boolean;
  is_active: boolean;
}

/** The accounts chosen for a product's GL roles, to check their type and state. */
export function findGlCandidates(tx: Tx, ids: string[]) {
  return tx.query<GlCandidateRow>(
    'SELECT id, code, name, type, is_postable, is_active FROM coa_account WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])',
    [ids],
  );
}

/** The next number after the highest `<prefix>-<n>` code (1 when none); `prefix` is one of the fixed code prefixes. */
export async function nextCodeNumber(tx: Tx, prefix: string): Promise<number> {
  const r = await tx.one<{ n: number }>(
    `SELECT coalesce(max(substring(code FROM '^${prefix}-(\\d+)$')::int), 0) + 1 AS n FROM product
     WHERE tenant_id = app_tenant() AND code ~ '^${prefix}-\\d+$'`,
  );
  return r?.n ?? 1;
}

export async function productCodeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM product WHERE tenant_id = app_tenant() AND code = $1 AND id IS DISTINCT FROM $2', [
    code,
    exceptId ?? null,
  ]);
  return Boolean(r);
}

/** Whether another product of the kind has the name (ignoring case). */
export async function productNameTaken(tx: Tx, kind: ProductKind, name: string, exceptId?: string): Promise<boolean> {
  const r = await tx.one(
    'SELECT 1 FROM product WHERE tenant_id = app_tenant() AND kind = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
    [kind, name, exceptId ?? null],
  );
  return Boolean(r);
}

/** The name of another active product of the saving type (undefined: none). */
export async function activeProductOfSavingType(tx: Tx, savingType: string, exceptId?: string): Promise<string | undefined> {
  const r = await tx.one<{ name: string }>(
    'SELECT name FROM product WHERE tenant_id = app_tenant() AND saving_type = $1 AND is_active AND id IS DISTINCT FROM $2',
    [savingType, exceptId ?? null],
  );
  return r?.name;
}

export interface NewProduct {
  code: string;
  name: string;
  kind: ProductKind;
  savingType: string | null;
  description: string | null;
  audience: string;
  requiresApproval: boolean;
  isActive: boolean;
  systemKey: string | null;
}

export async function insertProduct(tx: Tx, p: NewProduct, userId: string | null): Promise<ProductRow> {
  const row = await tx.one<ProductRow>(
    `INSERT INTO product (tenant_id, code, name, kind, saving_type, description, audience, requires_approval, is_active, system_key,
                          created_by, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
    [p.code, p.name, p.kind, p.savingType, p.description, p.audience, p.requiresApproval, p.isActive, p.systemKey, userId],
  );
  return row!;
}

/** The product's own columns that change in place (not versioned like the terms). */
export interface ProductFieldChanges {
  code?: string;
  name?: string;
  description?: string | null;
  audience?: string;
  requires_approval?: boolean;
  is_active?: boolean;
}

const CHANGE_COLUMNS = ['code', 'name', 'description', 'audience', 'requires_approval', 'is_active'] as const;

/** Writes the given columns (nothing when none is given). */
export async function updateProductFields(tx: Tx, id: string, changes: ProductFieldChanges, userId: string | null): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const col of CHANGE_COLUMNS) {
    if (!(col in changes)) continue;
    params.push(changes[col]);
    sets.push(`${col} = $${params.length}`);
  }
  if (!sets.length) return;
  params.push(userId);
  sets.push(`updated_by = $${params.length}`);
  await tx.exec(`UPDATE product SET ${sets.join(', ')} WHERE tenant_id = app_tenant() AND id = $1`, params);
}

export function latestTerms(tx: Tx, productId: string) {
  return tx.one<TermsRow>('SELECT * FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 ORDER BY version DESC LIMIT 1', [
    productId,
  ]);
}

/** The latest effective date of any terms version (a version scheduled for later included). */
export async function lastEffectiveDate(tx: Tx, productId: string): Promise<string | null> {
  const r = await tx.one<{ d: string | null }>(
    'SELECT max(effective_date)::text AS d FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1',
    [productId],
  );
  return r?.d ?? null;
}

const SORT = { created_date: 'p.created_date', name: 'lower(p.name)', code: 'p.code', kind: 'p.kind', updated_date: 'p.updated_date' };

export interface ProductPageQuery {
  page: number;
  limit: number;
  search?: string;
  isActive?: boolean;
  kind?: string;
  savingType?: string;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
}

/** One page of products with the filters of the product list, and the total. */
export async function pageProducts(tx: Tx, q: ProductPageQuery): Promise<{ rows: ProductRow[]; total: number }> {
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
  if (q.kind) where.push(`p.kind = ${p(q.kind)}`);
  if (q.savingType) where.push(`p.saving_type = ${p(q.savingType)}`);
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM product p WHERE ${where.join(' AND ')}`, params);
  const rows = await tx.query<ProductRow>(
    `SELECT p.* FROM product p WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.ascOrDesc, SORT, 'created_date', 'p.id')}
     LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** The products of a kind for pickers (active only unless `activeOnly` is false), equity types first. */
export function productsOfKind(tx: Tx, kind: ProductKind, opts: { activeOnly: boolean; search?: string }) {
  const params: unknown[] = [kind];
  let where = 'tenant_id = app_tenant() AND kind = $1';
  if (opts.activeOnly) where += ' AND is_active';
  if (opts.search) {
    params.push(likePattern(opts.search.toLowerCase()));
    where += ` AND (lower(name) LIKE $${params.length} OR lower(code) LIKE $${params.length})`;
  }
  return tx.query<ProductRow>(`SELECT * FROM product WHERE ${where} ORDER BY saving_type NULLS LAST, lower(name), id`, params);
}

/** The accounts with the given system keys. */
export function accountsBySystemKey(tx: Tx, keys: string[]) {
  return tx.query<{ id: string; code: string; name: string; type: string; system_key: string }>(
    'SELECT id, code, name, type, system_key FROM coa_account WHERE tenant_id = app_tenant() AND system_key = ANY($1::text[])',
    [keys],
  );
}
