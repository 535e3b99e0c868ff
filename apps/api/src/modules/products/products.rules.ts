/**
 * Products: the checks a product passes on create and update (GL accounts, terms per kind, unique code and name,
 * one equity product per type) and the regulation amounts kept in step with the principal and mandatory savings
 * products.
 */
import { CONFIG_SCHEMAS, GL_ROLES, glRoleAccountTypes, type ProductKind } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, type ErrorCode } from '../../lib/errors.ts';
import { upsertConfig } from '../settings/config.repo.ts';
import { getConfig } from '../settings/configuration.ts';
import {
  activeProductOfSavingType,
  findGlCandidates,
  nextCodeNumber,
  productCodeTaken,
  productNameTaken,
} from './products.lookups.repo.ts';
import { FIELD_COLUMNS } from './products.repo.ts';

const CODE_PREFIX: Record<ProductKind, string> = { SAVING: 'SS', SAVING_EQUITY: 'SE', SAVING_DEPOSIT: 'SB', LOAN: 'PJ', BILL: 'TG' };

/** Equal term values (numbers compared exactly, null and undefined alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' && 'eq' in (a as object)) return dec(a as never).eq(dec(b as never));
  if (typeof b === 'object' && 'eq' in (b as object)) return dec(b as never).eq(dec(a as never));
  return a === b;
}

export function fieldErr(errorCode: ErrorCode, key: string, field: string, params?: Record<string, unknown>, status = 400) {
  return new AppError(status, errorCode, key, params, [{ field, message: key }]);
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
  const rows = await findGlCandidates(tx, ids);
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
export function columnsFromBody(kind: ProductKind, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(FIELD_COLUMNS[kind])) {
    if (body[field] !== undefined) out[col] = body[field];
  }
  return out;
}

/** Rules across fields of the terms (after merging with the base version). */
export function checkTerms(kind: ProductKind, savingType: string | null, t: Record<string, unknown>) {
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

export async function generateCode(tx: Tx, kind: ProductKind): Promise<string> {
  const prefix = CODE_PREFIX[kind];
  const n = await nextCodeNumber(tx, prefix);
  return `${prefix}-${String(n).padStart(3, '0')}`;
}

export async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  const r = await productCodeTaken(tx, code, exceptId);
  if (r) throw new AppError(409, 'PRODUCT_CODE_TAKEN', 'product.code_taken', { code }, [{ field: 'code', message: 'product.code_taken' }]);
}

export async function checkNameFree(tx: Tx, kind: ProductKind, name: string, exceptId?: string) {
  const r = await productNameTaken(tx, kind, name, exceptId);
  if (r) throw new AppError(409, 'PRODUCT_NAME_TAKEN', 'product.name_taken', { name }, [{ field: 'name', message: 'product.name_taken' }]);
}

export async function checkSingleEquity(tx: Tx, savingType: string | null, exceptId?: string) {
  if (savingType !== 'PRINCIPAL' && savingType !== 'MANDATORY') return;
  const r = await activeProductOfSavingType(tx, savingType, exceptId);
  if (r) throw conflict('EQUITY_PRODUCT_EXISTS', `product.equity_exists_${savingType.toLowerCase()}`, { name: r });
}

// ---------------------------------------------------------------- the regulation's amounts

/**
 * The cooperative regulation's principalSavingAmount and mandatorySavingAmount
 * (settings, key cooperativeRegulation) follow the active principal and
 * mandatory products: the members module bills the principal at admission
 * from the regulation, so the two must say the same. Written in the
 * product's transaction, audited like a configuration change.
 */
export async function syncRegulation(tx: Tx, ctx: Ctx, savingType: string | null, amount: unknown) {
  if ((savingType !== 'PRINCIPAL' && savingType !== 'MANDATORY') || amount === null || amount === undefined) return;
  const key = savingType === 'PRINCIPAL' ? 'principalSavingAmount' : 'mandatorySavingAmount';
  const current = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
  const value = dec(amount as number);
  if (dec(current[key]).eq(value)) return;
  const next = CONFIG_SCHEMAS.cooperativeRegulation.safeParse({ ...current, [key]: value.toNumber() });
  if (!next.success) return;
  await upsertConfig(tx, ctx.tenantId, 'cooperativeRegulation', next.data, ctx.userId);
  await audit(tx, ctx, {
    action: 'configuration.update',
    entity: 'tenant_config',
    entityId: 'cooperativeRegulation',
    before: current,
    after: { ...next.data, source: 'product' },
  });
}
