/**
 * The product form (add and update, every kind) as data:
 *
 *  - `ProductFormValues`: what the stepper's inputs hold. Product fields,
 *    the terms fields of the kind side by side (flat, the API's names, so the
 *    server's field errors land on them), `effectiveDate`, and `glAccounts`
 *    (`{ ROLE: coaId }`, '' while not chosen).
 *  - `newProductValues` / `productToValues`: a new product's sensible
 *    defaults per kind, or an existing product's latest terms version (the
 *    one a change builds on: the server merges a change into the highest
 *    version, scheduled ones included).
 *  - `validateProduct`: the contracts schema of the kind (`kindSchema`, the
 *    server's own `productCreateBody` variant), required numbers, the
 *    cross-field rules the server applies (`checkTerms` in
 *    products.service.ts: plan monthly amount, equity amount and period,
 *    max ≥ min, loan method and rate, percent fees ≤ 100, bill type), the
 *    effective date of a change (never before today nor before a version
 *    already scheduled) and the GL rule: every role of the kind needs an
 *    account ('Semua akun COA wajib dipilih').
 *  - `createBody` / `patchBody`: the POST body, or the PATCH body with only
 *    what changed (terms with their effective date only when a terms field
 *    changed; GL roles only when their account changed).
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import { GL_ROLES, type PRODUCT_AUDIENCES, type ProductCreateBody, productCreateBody, type TermsView } from '@koperasi/contracts/products';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { sameTermValue, type TermField, termFieldNames, termFields, termValues } from './terms';
import type { ProductDetail } from './types';

export type Audience = (typeof PRODUCT_AUDIENCES)[number];

export interface ProductBaseValues {
  kind: ProductKind;
  /** '' for kinds without saving types. */
  savingType: string;
  code: string;
  name: string;
  description: string;
  audience: Audience;
  requiresApproval: boolean;
  isActive: boolean;
  /** `YYYY-MM-DD`: version 1's first day (create) or the new terms' first day (update). */
  effectiveDate: string | null;
  glAccounts: Record<string, string>;
}

/** Product fields plus the kind's terms fields (flat). */
export type ProductFormValues = ProductBaseValues & { [field: string]: unknown };

export const GENERAL_FIELDS = ['savingType', 'code', 'name', 'description', 'audience', 'requiresApproval', 'isActive'] as const;

/** Fields of each stepper step, for step-wise validation and for taking the user to a server error. */
export function stepFields(values: Pick<ProductFormValues, 'kind' | 'savingType'>): string[][] {
  return [
    [...GENERAL_FIELDS],
    ['effectiveDate', ...termFieldNames(values.kind, values.savingType)],
    GL_ROLES[values.kind].map((r) => `glAccounts.${r}`),
  ];
}

/** Which step holds a field (`glAccounts.CONTROL` → the GL step); -1 when none. */
export function stepOfField(values: Pick<ProductFormValues, 'kind' | 'savingType'>, field: string): number {
  const steps = stepFields(values);
  const name = field.startsWith('glAccounts') ? field : field.split('.')[0]!;
  const i = steps.findIndex((s) => s.includes(name) || (name === 'glAccounts' && s.some((f) => f.startsWith('glAccounts.'))));
  return i;
}

// ---------------------------------------------------------------- defaults

const NEW_TERMS: Record<ProductKind, Record<string, unknown>> = {
  SAVING: {
    minBalance: 0,
    blockAmount: 0,
    baseRate: 0,
    balanceBasis: 'HARIAN',
    interestMinBalance: 0,
    interestMaxBalance: null,
    dailyInterestPercent: 0,
    interestTax: 0,
    closingFee: 0,
    monthlyAdminFee: 0,
    planMonthlyAmount: null,
    planTargetBalance: null,
    planTargetMonths: null,
  },
  SAVING_EQUITY: { amount: null, period: 'BULANAN', baseRate: 0, balanceBasis: 'HARIAN', interestTax: 0 },
  SAVING_DEPOSIT: {
    rate1Month: 0,
    rate3Month: 0,
    rate6Month: 0,
    rate12Month: 0,
    rate24Month: 0,
    profitSharing: 0,
    minDeposit: 0,
    maxDeposit: null,
    earlyWithdrawalPenalty: 0,
    taxFreeInterestAmount: 0,
    interestTax: 0,
    breakNeedsApproval: false,
    interestWithdrawalNeedsApproval: false,
    autoRollover: false,
  },
  LOAN: {
    interestMethod: '',
    interestRate: null,
    installmentPayMethod: 'POKOK & JASA',
    dueDay: null,
    firstInstallmentRule: 'ONE_MONTH',
    roundingMultiple: '1',
    minAmount: 0,
    maxAmount: null,
    minTenor: 1,
    maxTenor: 12,
    adminFee: 0,
    adminFeeType: 'NOMINAL',
    provisionFee: 0,
    provisionFeeType: 'PERCENT',
    fine: 0,
    fineMethod: 'NOMINAL',
    fineGraceDays: 0,
    otherCosts: 0,
    applicationNeedsApproval: true,
    requiresCollateral: false,
  },
  BILL: { billType: '', billAmount: 0, installments: 1, adminFee: 0 },
};

export function newProductValues(kind: ProductKind, savingType = '', today: string | null = null): ProductFormValues {
  const terms = { ...NEW_TERMS[kind] };
  if (kind === 'SAVING_EQUITY' && savingType === 'PARTICIPATION') terms.amount = 0;
  return {
    kind,
    savingType,
    code: '',
    name: '',
    description: '',
    audience: kind === 'SAVING_EQUITY' ? 'MEMBER' : 'ALL',
    requiresApproval: false,
    isActive: true,
    effectiveDate: today,
    glAccounts: Object.fromEntries(GL_ROLES[kind].map((r) => [r, ''])),
    ...terms,
  };
}

/** The version a change builds on: the highest version (a scheduled one included). */
export function latestVersion(p: Pick<ProductDetail, 'versions' | 'terms'>): TermsView {
  return p.versions.reduce<TermsView>((best, v) => (v.version > best.version ? v : best), p.versions[0] ?? p.terms);
}

export function productToValues(p: ProductDetail, today: string): ProductFormValues {
  const latest = latestVersion(p);
  const base = newProductValues(p.kind, p.savingType ?? '');
  const terms = termValues(p.kind, latest);
  const own: Record<string, unknown> = {};
  for (const name of termFieldNames(p.kind, p.savingType)) own[name] = terms[name] ?? base[name] ?? null;
  return {
    ...base,
    ...own,
    code: p.code,
    name: p.name,
    description: p.description ?? '',
    audience: p.audience,
    requiresApproval: p.requiresApproval,
    isActive: p.isActive,
    effectiveDate: earliestEffectiveDate(p, today),
    glAccounts: Object.fromEntries(GL_ROLES[p.kind].map((r) => [r, p.glAccounts.find((g) => g.role === r)?.coaId ?? ''])),
  };
}

/** The later of two `YYYY-MM-DD` dates. */
const laterDate = (a: string, b: string) => [a, b].sort()[1]!;

/** The effective date of the last version (a scheduled one included); '' without versions. */
export const lastScheduled = (p: Pick<ProductDetail, 'versions'>) => p.versions.map((v) => v.effectiveDate).reduce(laterDate, '');

/** First day a terms change may apply from: today, or the last scheduled version's day when later. */
export function earliestEffectiveDate(p: Pick<ProductDetail, 'versions'>, today: string): string {
  return laterDate(lastScheduled(p), today);
}

// ---------------------------------------------------------------- per-kind schemas

type KindOption = (typeof productCreateBody.options)[number];

/** The contracts schema of one kind (the server validates POST product with the same). */
export function kindSchema(kind: ProductKind): KindOption {
  const found = productCreateBody.options.find((o) => (o.shape.kind as z.ZodLiteral<string>).value === kind);
  if (!found) throw new Error(`no schema for ${kind}`);
  return found;
}

// ---------------------------------------------------------------- bodies

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A term value as the API takes it; undefined = leave out. */
function wireValue(f: TermField, v: unknown, fieldName = f.name): unknown {
  if (fieldName !== f.name) return isEmpty(v) ? undefined : v; // fee type
  if (f.type === 'moneyOptional' || f.type === 'intOptional') return isEmpty(v) ? null : v;
  if (f.type === 'bool') return Boolean(v);
  // A numeric choice (the installment rounding multiple) is held as text by its select.
  if (f.type === 'enum' && f.options?.every((o) => /^\d+(\.\d+)?$/.test(o))) return isEmpty(v) ? undefined : Number(v);
  return isEmpty(v) ? undefined : v;
}

/** The kind's terms fields of the values, as the API takes them. */
export function termsBody(values: ProductFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of termFields(values.kind, values.savingType)) {
    const v = wireValue(f, values[f.name]);
    if (v !== undefined) out[f.name] = v;
    if (f.typeField) {
      const t = wireValue(f, values[f.typeField], f.typeField);
      if (t !== undefined) out[f.typeField] = t;
    }
  }
  return out;
}

export function createBody(values: ProductFormValues): ProductCreateBody {
  const hasSavingType = values.kind === 'SAVING' || values.kind === 'SAVING_EQUITY';
  const body: Record<string, unknown> = {
    kind: values.kind,
    ...(hasSavingType ? { savingType: values.savingType || undefined } : {}),
    code: values.code.trim() || undefined,
    name: values.name,
    description: values.description.trim() || null,
    audience: values.audience,
    requiresApproval: values.requiresApproval,
    isActive: values.isActive,
    effectiveDate: values.effectiveDate || undefined,
    ...termsBody(values),
    glAccounts: Object.fromEntries(GL_ROLES[values.kind].map((r) => [r, values.glAccounts[r] || null])),
  };
  return body as ProductCreateBody;
}

export interface PatchBody extends Record<string, unknown> {
  id: string;
}

/** Terms fields whose value differs from the version the change builds on. */
export function changedTermFields(p: ProductDetail, values: ProductFormValues): string[] {
  const before = termValues(p.kind, latestVersion(p));
  const after = termsBody(values);
  return Object.keys(after).filter((k) => !sameTermValue(before[k], after[k]));
}

/** Only what changed: in-place fields, terms (with the effective date) and GL roles. */
export function patchBody(p: ProductDetail, values: ProductFormValues): PatchBody {
  const body: PatchBody = { id: p.id };
  const code = values.code.trim().toUpperCase();
  if (code && code !== p.code) body.code = code;
  if (values.name.trim() !== p.name) body.name = values.name;
  const description = values.description.trim() || null;
  if (description !== (p.description ?? null)) body.description = description;
  if (values.audience !== p.audience) body.audience = values.audience;
  if (values.requiresApproval !== p.requiresApproval) body.requiresApproval = values.requiresApproval;
  if (values.isActive !== p.isActive) body.isActive = values.isActive;
  const terms = termsBody(values);
  const changed = changedTermFields(p, values);
  if (changed.length) {
    for (const k of changed) body[k] = terms[k];
    if (values.effectiveDate) body.effectiveDate = values.effectiveDate;
  }
  const gl: Record<string, string> = {};
  for (const role of GL_ROLES[p.kind]) {
    const now = values.glAccounts[role] ?? '';
    const was = p.glAccounts.find((g) => g.role === role)?.coaId ?? '';
    if (now && now !== was) gl[role] = now;
  }
  if (Object.keys(gl).length) body.glAccounts = gl;
  return body;
}

// ---------------------------------------------------------------- validation

export type FormErrors = Record<string, string>;

/** GL roles of the kind without an account. */
export function missingGlRoles(kind: ProductKind, gl: Record<string, string | null | undefined>): string[] {
  return GL_ROLES[kind].filter((r) => !gl[r]);
}

/** The GL step's rule: every role needs an account ('Semua akun COA wajib dipilih' on each empty one). */
export function glErrors(kind: ProductKind, gl: Record<string, string | null | undefined>): FormErrors {
  const out: FormErrors = {};
  for (const r of missingGlRoles(kind, gl)) out[`glAccounts.${r}`] = 'validation.account_not_selected';
  return out;
}

/** A catalogue key (`product.plan_monthly_required`), not one of zod's sentences. */
const CATALOGUE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;

const num = (v: unknown): number | null => (isEmpty(v) || Number.isNaN(Number(v)) ? null : Number(v));

export interface ValidateOptions {
  /** Editing: the product (effective date rule, locked fields). */
  product?: ProductDetail;
  /** Today, `YYYY-MM-DD` (Jakarta). */
  today: string;
  /** Text of a catalogue key with parameters (messages that carry a date). */
  text?: (key: string, params: Record<string, unknown>) => string;
}

/** Every rule of the form; keys are field names (`glAccounts.CONTROL` for GL roles), values catalogue keys or texts. */
export function validateProduct(values: ProductFormValues, opts: ValidateOptions): FormErrors {
  const errors: FormErrors = {};
  const put = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const kind = values.kind;
  const fields = termFields(kind, values.savingType);

  // Required numbers and choices (the schema leaves them optional: the server fills its defaults).
  for (const f of fields) {
    const v = values[f.name];
    if ((f.type === 'money' || f.type === 'percent' || f.type === 'int' || f.type === 'fee') && isEmpty(v)) {
      put(f.name, 'validation.required');
    }
    if (typeof v === 'string' && (f.type === 'money' || f.type === 'percent' || f.type === 'fee') && v !== '' && !/^\d+(\.\d+)?$/.test(v))
      put(f.name, 'validation.invalid');
    if ((f.type === 'int' || f.type === 'intOptional') && !isEmpty(v)) {
      const n = num(v);
      if (n === null || !Number.isInteger(n) || n < (f.min ?? 0) || n > (f.max ?? Number.MAX_SAFE_INTEGER))
        put(f.name, 'validation.invalid');
    }
  }

  // The contracts schema of the kind.
  const body = createBody(values);
  const parsed = kindSchema(kind).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const field = path[0] === 'glAccounts' && path[1] ? `glAccounts.${path[1]}` : (path[0] ?? '');
      if (!field) continue;
      const value = field.startsWith('glAccounts.') ? values.glAccounts[path[1]!] : values[field];
      put(
        field,
        CATALOGUE_KEY.test(issue.message)
          ? issue.message
          : isEmpty(value)
            ? field === 'savingType'
              ? 'validation.must_choose'
              : 'validation.required'
            : 'validation.invalid',
      );
    }
  }

  // Cross-field rules of the server (products.service.ts checkTerms).
  const n = (name: string) => num(values[name]);
  if (kind === 'SAVING') {
    const min = n('interestMinBalance');
    const max = n('interestMaxBalance');
    if (min !== null && max !== null && max < min) put('interestMaxBalance', 'product.interest_max_below_min');
    if (values.savingType === 'PLAN') {
      if (!n('planMonthlyAmount')) put('planMonthlyAmount', 'product.plan_monthly_required');
      const target = n('planTargetBalance');
      const monthly = n('planMonthlyAmount');
      if (target !== null && monthly !== null && target < monthly) put('planTargetBalance', 'product.plan_target_below_monthly');
    }
  }
  if (kind === 'SAVING_EQUITY') {
    if ((values.savingType === 'PRINCIPAL' || values.savingType === 'MANDATORY') && isEmpty(values.amount))
      errors.amount = 'product.equity_amount_required';
    if (values.savingType === 'MANDATORY' && isEmpty(values.period)) put('period', 'product.period_required');
  }
  if (kind === 'SAVING_DEPOSIT') {
    const min = n('minDeposit');
    const max = n('maxDeposit');
    if (min !== null && max !== null && max < min) put('maxDeposit', 'product.max_below_min');
  }
  if (kind === 'LOAN') {
    if (isEmpty(values.interestMethod)) errors.interestMethod = 'product.interest_method_required';
    if (isEmpty(values.interestRate)) errors.interestRate = 'product.interest_rate_required';
    const minT = n('minTenor');
    const maxT = n('maxTenor');
    if (minT !== null && maxT !== null && maxT < minT) put('maxTenor', 'product.tenor_max_below_min');
    const min = n('minAmount');
    const max = n('maxAmount');
    if (min !== null && max !== null && max < min) put('maxAmount', 'product.max_below_min');
    for (const [fee, type] of [
      ['adminFee', 'adminFeeType'],
      ['provisionFee', 'provisionFeeType'],
      ['fine', 'fineMethod'],
    ] as const) {
      const v = n(fee);
      if (v === null) continue;
      if (values[type] === 'PERCENT' && v > 100) put(fee, 'validation.max_percent');
      if (values[type] !== 'PERCENT' && Math.round(v * 100) !== v * 100) put(fee, 'validation.amount_decimals');
    }
  }
  if (kind === 'BILL' && isEmpty(values.billType)) errors.billType = 'product.bill_type_required';

  // A change of terms applies from today or later, never before a version already scheduled.
  if (opts.product && values.effectiveDate) {
    const scheduled = lastScheduled(opts.product);
    if (values.effectiveDate < opts.today) put('effectiveDate', 'product.terms_backdated');
    else if (scheduled && values.effectiveDate < scheduled && changedTermFields(opts.product, values).length)
      put('effectiveDate', opts.text ? opts.text('product.terms_before_scheduled', { date: scheduled }) : 'product.terms_before_scheduled');
  }
  if (!opts.product && !values.effectiveDate) put('effectiveDate', 'validation.required');

  // Every COA account must be selected.
  for (const [k, v] of Object.entries(glErrors(kind, values.glAccounts))) put(k, v);
  return errors;
}

/** react-hook-form resolver over `validateProduct` (nested errors for `glAccounts.ROLE`). */
export function productResolver(opts: () => ValidateOptions): Resolver<ProductFormValues> {
  return async (values) => {
    const flat = validateProduct(values, opts());
    const keys = Object.keys(flat);
    if (!keys.length) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const k of keys) {
      const e = { type: 'validate', message: flat[k] };
      if (k.startsWith('glAccounts.')) {
        const gl = (errors.glAccounts ?? {}) as Record<string, unknown>;
        gl[k.slice('glAccounts.'.length)] = e;
        errors.glAccounts = gl;
      } else errors[k] = e;
    }
    return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
  };
}
