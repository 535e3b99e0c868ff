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
import type { ProductCreate, ProductUpdate } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { insertProduct, lastEffectiveDate, latestTerms, type ProductFieldChanges, updateProductFields } from './products.lookups.repo.ts';
import {
  FIELD_COLUMNS,
  findProduct,
  glAccounts,
  insertTerms,
  KIND_DEFAULTS,
  productUsage,
  setGlAccounts,
  TERM_COLUMNS,
} from './products.repo.ts';
import {
  checkCodeFree,
  checkGlAccounts,
  checkNameFree,
  checkSingleEquity,
  checkTerms,
  columnsFromBody,
  fieldErr,
  generateCode,
  sameValue,
  syncRegulation,
} from './products.rules.ts';
import { detailOf } from './products.views.ts';

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
  const row = await insertProduct(
    tx,
    {
      code,
      name: body.name,
      kind,
      savingType,
      description: body.description ?? null,
      audience,
      requiresApproval: body.requiresApproval ?? false,
      isActive,
      systemKey: opts.systemKey ?? null,
    },
    ctx.userId,
  );
  await insertTerms(tx, row.id, 1, effectiveDate, terms, ctx.userId);
  await setGlAccounts(tx, row.id, gl, ctx.userId);
  if (isActive && effectiveDate <= todayJakarta()) await syncRegulation(tx, ctx, savingType, terms.equity_amount);
  const detail = await detailOf(tx, row);
  if (opts.audit !== false) {
    await audit(tx, ctx, { action: 'product.create', entity: 'product', entityId: row.id, after: detail });
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
  const fields: ProductFieldChanges = {};
  if (body.code !== undefined && body.code !== cur.code) {
    if (hasAccounts) throw fieldErr('PRODUCT_CODE_LOCKED', 'product.code_locked', 'code', undefined, 422);
    await checkCodeFree(tx, body.code, cur.id);
    fields.code = body.code;
  }
  if (body.name !== undefined && body.name !== cur.name) {
    await checkNameFree(tx, kind, body.name, cur.id);
    fields.name = body.name;
  }
  if (body.description !== undefined) fields.description = body.description;
  if (body.audience !== undefined) {
    if (kind === 'SAVING_EQUITY' && body.audience !== 'MEMBER')
      throw fieldErr('EQUITY_MEMBERS_ONLY', 'product.equity_members_only', 'audience');
    fields.audience = body.audience;
  }
  if (body.requiresApproval !== undefined) fields.requires_approval = body.requiresApproval;
  if (body.isActive !== undefined) {
    if (body.isActive && !cur.is_active) await checkSingleEquity(tx, cur.saving_type, cur.id);
    fields.is_active = body.isActive;
  }
  await updateProductFields(tx, cur.id, fields, ctx.userId);

  // Terms: a new version.
  const changes = columnsFromBody(kind, raw);
  let newVersion: number | null = null;
  if (Object.keys(changes).length) {
    const today = todayJakarta();
    const effectiveDate = body.effectiveDate ?? today;
    if (effectiveDate < today) throw fieldErr('TERMS_BACKDATED', 'product.terms_backdated', 'effectiveDate', undefined, 422);
    const latest = await latestTerms(tx, cur.id);
    const scheduled = await lastEffectiveDate(tx, cur.id);
    if (scheduled && effectiveDate < scheduled) {
      throw fieldErr('TERMS_BEFORE_SCHEDULED', 'product.terms_before_scheduled', 'effectiveDate', { date: scheduled }, 422);
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
