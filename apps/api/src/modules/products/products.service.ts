/**
 * Products (Produk): the five kinds of spec section 3 (SAVING, SAVING_EQUITY,
 * SAVING_DEPOSIT, LOAN, BILL), their terms and their GL mapping.
 *
 * Decisions a cooperative's staff and auditor should know (docs/savings.md):
 *  - Terms are versioned. Creating a product writes version 1 (effective from
 *    `effectiveDate`, default today, may be in the past: nothing has moved
 *    yet). A terms change in PATCH adds a version effective from today or a
 *    later day, never earlier, and never before a version already scheduled,
 *    so no movement ever changes meaning afterwards; every movement records
 *    the version it used. Name, description, audience, approval and the
 *    active flag change in place (audited).
 *  - GL mapping: every role of the kind must be chosen ('Semua akun COA wajib
 *    dipilih'), each an active, postable account of the role's type (control
 *    of savings and deposits a liability, of equity an equity account,
 *    receivables assets, expenses, incomes, payables). The control account
 *    (or receivable) holds the members' balances: it cannot change once the
 *    product has accounts, so member balances always reconcile with it. Other
 *    roles apply to movements posted after the change.
 *  - A cooperative has at most one active principal (pokok) and one active
 *    mandatory (wajib) product: membership approval opens exactly those. Their
 *    saving type never changes; the mandatory period and the product code
 *    cannot change once the product has accounts (obligations and account
 *    numbers are built on them).
 *  - Codes are upper case; left empty, one is generated per kind (SS-001
 *    voluntary, SE-001 equity, SB-001 deposits, PJ-001 loans, TG-001 bills).
 */
import {
  CONFIG_SCHEMAS,
  defaultGlKeys,
  GL_ROLES,
  glRoleAccountTypes,
  hasPermission,
  type ProductCreate,
  type ProductDatatableQuery,
  type ProductKind,
  type ProductUpdate,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, type ErrorCode, notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { getConfig } from '../settings/configuration.ts';
import {
  allTerms,
  FIELD_COLUMNS,
  findProduct,
  glAccounts,
  insertTerms,
  KIND_DEFAULTS,
  type ProductRow,
  productUsage,
  setGlAccounts,
  TERM_COLUMNS,
  type TermsRow,
  termsInForce,
  termsView,
} from './products.repo.ts';

const CODE_PREFIX: Record<ProductKind, string> = { SAVING: 'SS', SAVING_EQUITY: 'SE', SAVING_DEPOSIT: 'SB', LOAN: 'PJ', BILL: 'TG' };

/** Equal term values (numbers compared exactly, null and undefined alike). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' && 'eq' in (a as object)) return dec(a as never).eq(dec(b as never));
  if (typeof b === 'object' && 'eq' in (b as object)) return dec(b as never).eq(dec(a as never));
  return a === b;
}

function fieldErr(errorCode: ErrorCode, key: string, field: string, params?: Record<string, unknown>, status = 400) {
  return new AppError(status, errorCode, key, params, [{ field, message: key }]);
}

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

async function detailOf(tx: Tx, row: ProductRow) {
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

// ---------------------------------------------------------------- validation

/** Checks the GL mapping of a kind: every role chosen, each account usable and of the role's type. */
export async function checkGlAccounts(
  tx: Tx,
  kind: ProductKind,
  given: Record<string, string | null | undefined>,
  opts: { partial?: boolean } = {},
): Promise<Record<string, string>> {
  const roles = GL_ROLES[kind];
  const unknown = Object.keys(given).filter((r) => !roles.includes(r));
  if (unknown.length) {
    throw badRequest('GL_ROLE_UNKNOWN', 'product.gl_role_unknown', { role: unknown.join(', '), roles: roles.join(', ') }, [
      { field: `glAccounts.${unknown[0]}`, message: 'product.gl_role_unknown' },
    ]);
  }
  const wanted = opts.partial ? roles.filter((r) => r in given) : roles;
  const missing = wanted.filter((r) => !given[r]);
  if (missing.length) {
    throw new AppError(
      400,
      'GL_ACCOUNT_NOT_SELECTED',
      'validation.account_not_selected',
      { roles: missing.join(', ') },
      missing.map((r) => ({ field: `glAccounts.${r}`, message: 'validation.account_not_selected' })),
    );
  }
  const ids = wanted.map((r) => given[r] as string);
  const rows = await tx.query<{ id: string; code: string; name: string; type: string; is_postable: boolean; is_active: boolean }>(
    'SELECT id, code, name, type, is_postable, is_active FROM coa_account WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Record<string, string> = {};
  for (const role of wanted) {
    const id = given[role] as string;
    const a = byId.get(id);
    const field = `glAccounts.${role}`;
    if (!a) throw fieldErr('GL_ACCOUNT_NOT_FOUND', 'product.gl_account_not_found', field, { role }, 404);
    const params = { role, code: a.code, name: a.name, types: glRoleAccountTypes(kind, role).join('/') };
    if (!a.is_active) throw fieldErr('GL_ACCOUNT_INACTIVE', 'product.gl_account_inactive', field, params, 422);
    if (!a.is_postable) throw fieldErr('GL_ACCOUNT_NOT_POSTABLE', 'product.gl_account_not_postable', field, params, 422);
    if (!glRoleAccountTypes(kind, role).includes(a.type)) throw fieldErr('GL_ACCOUNT_TYPE', 'product.gl_account_type', field, params, 422);
    out[role] = id;
  }
  return out;
}

/** Terms columns from the body fields of a kind (undefined = not given). */
function columnsFromBody(kind: ProductKind, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(FIELD_COLUMNS[kind])) {
    if (body[field] !== undefined) out[col] = body[field];
  }
  return out;
}

/** Rules across fields of the terms (after merging with the base version). */
function checkTerms(kind: ProductKind, savingType: string | null, t: Record<string, unknown>) {
  const n = (c: string) => (t[c] === null || t[c] === undefined ? null : dec(t[c] as number));
  const fail = (code: ErrorCode, key: string, field: string, params?: Record<string, unknown>) => {
    throw fieldErr(code, key, field, params);
  };
  if (kind === 'SAVING') {
    const min = n('interest_min_balance');
    const max = n('interest_max_balance');
    if (min && max?.lt(min)) fail('TERMS_INVALID', 'product.interest_max_below_min', 'interestMaxBalance');
    if (savingType === 'PLAN') {
      if (!n('plan_monthly_amount')) fail('TERMS_INVALID', 'product.plan_monthly_required', 'planMonthlyAmount');
    }
    const target = n('plan_target_balance');
    const monthly = n('plan_monthly_amount');
    if (target && monthly && target.lt(monthly)) fail('TERMS_INVALID', 'product.plan_target_below_monthly', 'planTargetBalance');
  }
  if (kind === 'SAVING_EQUITY') {
    if ((savingType === 'PRINCIPAL' || savingType === 'MANDATORY') && n('equity_amount') === null)
      fail('TERMS_INVALID', 'product.equity_amount_required', 'amount');
    if (savingType === 'MANDATORY' && !t.equity_period) fail('TERMS_INVALID', 'product.period_required', 'period');
  }
  if (kind === 'SAVING_DEPOSIT') {
    const min = n('deposit_min_amount');
    const max = n('deposit_max_amount');
    if (min && max?.lt(min)) fail('TERMS_INVALID', 'product.max_below_min', 'maxDeposit');
  }
  if (kind === 'LOAN') {
    if (!t.loan_interest_method) fail('TERMS_INVALID', 'product.interest_method_required', 'interestMethod');
    if (n('loan_interest_rate') === null) fail('TERMS_INVALID', 'product.interest_rate_required', 'interestRate');
    const minT = t.loan_min_tenor as number | null;
    const maxT = t.loan_max_tenor as number | null;
    if (minT && maxT && maxT < minT) fail('TERMS_INVALID', 'product.tenor_max_below_min', 'maxTenor');
    const min = n('loan_min_amount');
    const max = n('loan_max_amount');
    if (min && max?.lt(min)) fail('TERMS_INVALID', 'product.max_below_min', 'maxAmount');
    for (const [col, type, field] of [
      ['loan_admin_fee', 'loan_admin_fee_type', 'adminFee'],
      ['loan_provision_fee', 'loan_provision_fee_type', 'provisionFee'],
      ['loan_fine', 'loan_fine_method', 'fine'],
    ] as const) {
      const v = n(col);
      if (v && t[type] === 'PERCENT' && v.gt(100)) fail('TERMS_INVALID', 'validation.max_percent', field);
      if (v && t[type] !== 'PERCENT' && v.decimalPlaces() > 2) fail('TERMS_INVALID', 'validation.amount_decimals', field);
    }
  }
  if (kind === 'BILL' && !t.bill_type) fail('TERMS_INVALID', 'product.bill_type_required', 'billType');
}

async function generateCode(tx: Tx, kind: ProductKind): Promise<string> {
  const prefix = CODE_PREFIX[kind];
  const r = await tx.one<{ n: number }>(
    `SELECT coalesce(max(substring(code FROM '^${prefix}-(\\d+)$')::int), 0) + 1 AS n FROM product
     WHERE tenant_id = app_tenant() AND code ~ '^${prefix}-\\d+$'`,
  );
  return `${prefix}-${String(r?.n ?? 1).padStart(3, '0')}`;
}

async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  const r = await tx.one('SELECT 1 FROM product WHERE tenant_id = app_tenant() AND code = $1 AND id IS DISTINCT FROM $2', [
    code,
    exceptId ?? null,
  ]);
  if (r) throw new AppError(409, 'PRODUCT_CODE_TAKEN', 'product.code_taken', { code }, [{ field: 'code', message: 'product.code_taken' }]);
}

async function checkNameFree(tx: Tx, kind: ProductKind, name: string, exceptId?: string) {
  const r = await tx.one(
    'SELECT 1 FROM product WHERE tenant_id = app_tenant() AND kind = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
    [kind, name, exceptId ?? null],
  );
  if (r) throw new AppError(409, 'PRODUCT_NAME_TAKEN', 'product.name_taken', { name }, [{ field: 'name', message: 'product.name_taken' }]);
}

async function checkSingleEquity(tx: Tx, savingType: string | null, exceptId?: string) {
  if (savingType !== 'PRINCIPAL' && savingType !== 'MANDATORY') return;
  const r = await tx.one<{ name: string }>(
    'SELECT name FROM product WHERE tenant_id = app_tenant() AND saving_type = $1 AND is_active AND id IS DISTINCT FROM $2',
    [savingType, exceptId ?? null],
  );
  if (r) throw conflict('EQUITY_PRODUCT_EXISTS', `product.equity_exists_${savingType.toLowerCase()}`, { name: r.name });
}

// ---------------------------------------------------------------- the regulation's amounts

/**
 * The cooperative regulation's principalSavingAmount and mandatorySavingAmount
 * (settings, key cooperativeRegulation) follow the active principal and
 * mandatory products: the members module bills the principal at admission
 * from the regulation, so the two must say the same. Written in the
 * product's transaction, audited like a configuration change.
 */
async function syncRegulation(tx: Tx, ctx: Ctx, savingType: string | null, amount: unknown) {
  if ((savingType !== 'PRINCIPAL' && savingType !== 'MANDATORY') || amount === null || amount === undefined) return;
  const key = savingType === 'PRINCIPAL' ? 'principalSavingAmount' : 'mandatorySavingAmount';
  const current = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
  const value = dec(amount as number);
  if (dec(current[key]).eq(value)) return;
  const next = CONFIG_SCHEMAS.cooperativeRegulation.safeParse({ ...current, [key]: value.toNumber() });
  if (!next.success) return;
  await tx.exec(
    `INSERT INTO tenant_config (tenant_id, key, value, updated_date, updated_by) VALUES ($1, 'cooperativeRegulation', $2::jsonb, now(), $3)
     ON CONFLICT (tenant_id, key) DO UPDATE SET value = EXCLUDED.value, updated_date = now(), updated_by = EXCLUDED.updated_by`,
    [ctx.tenantId, JSON.stringify(next.data), ctx.userId],
  );
  await audit(tx, ctx, {
    action: 'configuration.update',
    entity: 'tenant_config',
    entityId: 'cooperativeRegulation',
    before: current,
    after: { ...next.data, source: 'product' },
  });
}

// ---------------------------------------------------------------- create / update

export interface CreateOptions {
  systemKey?: string | null;
  /** Seeds and onboarding: skip the audit entry's request context. */
  audit?: boolean;
}

/** Create a product inside the caller's transaction (routes, seeds, onboarding). */
export async function createProductTx(tx: Tx, ctx: Ctx, body: ProductCreate, opts: CreateOptions = {}) {
  const kind = body.kind;
  const savingType = 'savingType' in body ? (body.savingType ?? null) : null;
  const effectiveDate = body.effectiveDate ?? todayJakarta();
  const code = body.code ?? (await generateCode(tx, kind));
  await checkCodeFree(tx, code);
  await checkNameFree(tx, kind, body.name);
  const isActive = body.isActive ?? true;
  if (isActive) await checkSingleEquity(tx, savingType);
  const audience = kind === 'SAVING_EQUITY' ? 'MEMBER' : (body.audience ?? 'ALL');
  if (kind === 'SAVING_EQUITY' && body.audience && body.audience !== 'MEMBER') {
    throw fieldErr('EQUITY_MEMBERS_ONLY', 'product.equity_members_only', 'audience');
  }
  const terms = { ...KIND_DEFAULTS[kind], ...columnsFromBody(kind, body as Record<string, unknown>) };
  if (kind === 'SAVING_EQUITY' && savingType === 'MANDATORY' && !terms.equity_period) terms.equity_period = 'BULANAN';
  if (kind === 'SAVING_EQUITY' && savingType === 'PARTICIPATION' && terms.equity_amount === undefined) terms.equity_amount = 0;
  checkTerms(kind, savingType, terms);
  const gl = await checkGlAccounts(tx, kind, body.glAccounts ?? {});
  const row = await tx.one<ProductRow>(
    `INSERT INTO product (tenant_id, code, name, kind, saving_type, description, audience, requires_approval, is_active, system_key,
                          created_by, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
    [
      code,
      body.name,
      kind,
      savingType,
      body.description ?? null,
      audience,
      body.requiresApproval ?? false,
      isActive,
      opts.systemKey ?? null,
      ctx.userId,
    ],
  );
  await insertTerms(tx, row!.id, 1, effectiveDate, terms, ctx.userId);
  await setGlAccounts(tx, row!.id, gl, ctx.userId);
  if (isActive && effectiveDate <= todayJakarta()) await syncRegulation(tx, ctx, savingType, terms.equity_amount);
  const detail = await detailOf(tx, row!);
  if (opts.audit !== false) {
    await audit(tx, ctx, { action: 'product.create', entity: 'product', entityId: row!.id, after: detail });
  }
  return detail;
}

export async function createProduct(ctx: Ctx, body: ProductCreate) {
  return withTx(ctx, (tx) => createProductTx(tx, ctx, body));
}

/** PATCH product inside the caller's transaction. */
export async function updateProductTx(tx: Tx, ctx: Ctx, body: ProductUpdate) {
  const cur = await findProduct(tx, body.id, true);
  if (!cur) throw notFound('product.not_found');
  const before = await detailOf(tx, cur);
  const usage = (await productUsage(tx, [cur.id])).get(cur.id);
  const hasAccounts = (usage?.count ?? 0) > 0;
  const kind = cur.kind;
  const raw = body as Record<string, unknown>;

  // Fields of another kind are a mistake worth saying (a loan field sent to a saving product).
  const ownFields = new Set(Object.keys(FIELD_COLUMNS[kind]));
  const allTermFields = new Set(Object.values(FIELD_COLUMNS).flatMap((m) => Object.keys(m)));
  const foreign = Object.keys(raw).filter((k) => raw[k] !== undefined && allTermFields.has(k) && !ownFields.has(k));
  if (foreign.length) {
    throw badRequest('TERMS_FIELD_NOT_FOR_KIND', 'product.field_not_for_kind', { field: foreign.join(', '), kind }, [
      { field: foreign[0], message: 'product.field_not_for_kind' },
    ]);
  }

  // In-place fields.
  const sets: string[] = [];
  const params: unknown[] = [cur.id];
  const set = (col: string, v: unknown) => {
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  };
  if (body.code !== undefined && body.code !== cur.code) {
    if (hasAccounts) throw fieldErr('PRODUCT_CODE_LOCKED', 'product.code_locked', 'code', undefined, 422);
    await checkCodeFree(tx, body.code, cur.id);
    set('code', body.code);
  }
  if (body.name !== undefined && body.name !== cur.name) {
    await checkNameFree(tx, kind, body.name, cur.id);
    set('name', body.name);
  }
  if (body.description !== undefined) set('description', body.description);
  if (body.audience !== undefined) {
    if (kind === 'SAVING_EQUITY' && body.audience !== 'MEMBER')
      throw fieldErr('EQUITY_MEMBERS_ONLY', 'product.equity_members_only', 'audience');
    set('audience', body.audience);
  }
  if (body.requiresApproval !== undefined) set('requires_approval', body.requiresApproval);
  if (body.isActive !== undefined) {
    if (body.isActive && !cur.is_active) await checkSingleEquity(tx, cur.saving_type, cur.id);
    set('is_active', body.isActive);
  }
  if (sets.length) {
    params.push(ctx.userId);
    sets.push(`updated_by = $${params.length}`);
    await tx.exec(`UPDATE product SET ${sets.join(', ')} WHERE tenant_id = app_tenant() AND id = $1`, params);
  }

  // Terms: a new version.
  const changes = columnsFromBody(kind, raw);
  let newVersion: number | null = null;
  if (Object.keys(changes).length) {
    const today = todayJakarta();
    const effectiveDate = body.effectiveDate ?? today;
    if (effectiveDate < today) throw fieldErr('TERMS_BACKDATED', 'product.terms_backdated', 'effectiveDate', undefined, 422);
    const latest = await tx.one<TermsRow>(
      'SELECT * FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 ORDER BY version DESC LIMIT 1',
      [cur.id],
    );
    const scheduled = await tx.one<{ d: string }>(
      'SELECT max(effective_date)::text AS d FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1',
      [cur.id],
    );
    if (scheduled?.d && effectiveDate < scheduled.d) {
      throw fieldErr('TERMS_BEFORE_SCHEDULED', 'product.terms_before_scheduled', 'effectiveDate', { date: scheduled.d }, 422);
    }
    if (kind === 'SAVING_EQUITY' && hasAccounts && changes.equity_period !== undefined && changes.equity_period !== latest?.equity_period) {
      throw fieldErr('PERIOD_LOCKED', 'product.period_locked', 'period', undefined, 422);
    }
    const merged: Record<string, unknown> = {};
    for (const c of TERM_COLUMNS) merged[c] = latest?.[c] ?? null;
    Object.assign(merged, changes);
    checkTerms(kind, cur.saving_type, merged);
    // Only write what differs from the version it is based on.
    const differs = Object.entries(changes).some(([c, v]) => !sameValue(latest?.[c], v));
    if (differs) {
      newVersion = (latest?.version ?? 0) + 1;
      await insertTerms(tx, cur.id, newVersion, effectiveDate, merged, ctx.userId);
      if (cur.is_active && effectiveDate === today && changes.equity_amount !== undefined) {
        await syncRegulation(tx, ctx, cur.saving_type, changes.equity_amount);
      }
    }
  } else if (body.effectiveDate !== undefined) {
    throw fieldErr('TERMS_NOTHING_CHANGED', 'product.effective_without_terms', 'effectiveDate');
  }

  // GL mapping.
  if (body.glAccounts && Object.keys(body.glAccounts).length) {
    const gl = await checkGlAccounts(tx, kind, body.glAccounts, { partial: true });
    const current = new Map((await glAccounts(tx, cur.id)).map((g) => [g.role, g.coa_id]));
    for (const lockedRole of ['CONTROL', 'RECEIVABLE']) {
      if (gl[lockedRole] && gl[lockedRole] !== current.get(lockedRole) && hasAccounts) {
        throw fieldErr('CONTROL_ACCOUNT_LOCKED', 'product.control_locked', `glAccounts.${lockedRole}`, { count: usage?.count ?? 0 }, 422);
      }
    }
    await setGlAccounts(tx, cur.id, gl, ctx.userId);
  }

  const updated = (await findProduct(tx, cur.id))!;
  const after = await detailOf(tx, updated);
  // A PATCH that changes nothing leaves no entry.
  if (JSON.stringify({ ...before, updatedDate: null }) !== JSON.stringify({ ...after, updatedDate: null })) {
    await audit(tx, ctx, { action: 'product.update', entity: 'product', entityId: cur.id, before, after: { ...after, newVersion } });
  }
  return after;
}

export async function updateProduct(ctx: Ctx, body: ProductUpdate) {
  return withTx(ctx, (tx) => updateProductTx(tx, ctx, body));
}
