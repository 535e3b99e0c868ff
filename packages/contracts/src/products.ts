/**
 * Product contracts (Produk): the five product kinds of spec section 3 with
 * their terms and GL mapping. Request schemas are zod (the server validates
 * with them, the web forms reuse them); the terms of each kind are their own
 * schema so the deposit, loan and bill issues extend them in place.
 *
 * Body shape of POST/PATCH product: the product's own fields, the terms
 * fields of its kind (flat, camelCase), `effectiveDate` for a terms change,
 * and `glAccounts` mapping every GL role of the kind to a COA account id
 * (`{ "CONTROL": "<uuid>", "INTEREST_EXPENSE": "<uuid>", ... }`).
 */
import { z } from 'zod';
import { boolFilter, dateString, listQuery, moneyNonNegative, moneyPositive, optionalFilter, percent, uuid } from './common.ts';
import { DEPOSIT_DAY_COUNTS, DEPOSIT_PENALTY_BASES, DEPOSIT_ROLLOVER_TYPES } from './deposits.ts';
import { BALANCE_BASES, BILL_TYPES, LOAN_INTEREST_METHODS, PAYMENT_COMPONENTS, PERIODS, PRODUCT_KINDS, type ProductKind } from './enums.ts';
import { loanProductExtraFields } from './loans.ts';

export const SAVING_TYPES = ['VOLUNTARY', 'PLAN'] as const;
export const EQUITY_TYPES = ['PRINCIPAL', 'MANDATORY', 'PARTICIPATION'] as const;
export type SavingType = (typeof SAVING_TYPES)[number] | (typeof EQUITY_TYPES)[number];
export const PRODUCT_AUDIENCES = ['MEMBER', 'NON_MEMBER', 'ALL'] as const;
export const FEE_TYPES = ['NOMINAL', 'PERCENT'] as const;

/** The GL roles a product of each kind maps, in form order; every one must be chosen. */
export const GL_ROLES: Record<ProductKind, readonly string[]> = {
  SAVING: ['CONTROL', 'INTEREST_EXPENSE', 'ADMIN_FEE_INCOME', 'CLOSING_FEE_INCOME', 'TAX_PAYABLE'],
  SAVING_EQUITY: ['CONTROL'],
  SAVING_DEPOSIT: [
    'CONTROL',
    'INTEREST_EXPENSE',
    'INTEREST_PAYABLE',
    'TAX_PAYABLE',
    'PENALTY_INCOME',
    'HOLDING_PRINCIPAL',
    'HOLDING_INTEREST',
  ],
  LOAN: ['RECEIVABLE', 'INTEREST_INCOME', 'ADMIN_FEE_INCOME', 'PROVISION_INCOME', 'FINE_INCOME'],
  BILL: ['RECEIVABLE', 'REVENUE', 'ADMIN_FEE_INCOME'],
};
export const ALL_GL_ROLES = [...new Set(Object.values(GL_ROLES).flat())];

/** The account type each role must have (per kind where it differs). */
export function glRoleAccountTypes(kind: ProductKind, role: string): readonly string[] {
  if (role === 'CONTROL') return kind === 'SAVING_EQUITY' ? ['EQUITY'] : ['LIABILITY'];
  if (role === 'RECEIVABLE') return ['ASSET'];
  if (role === 'INTEREST_EXPENSE') return ['EXPENSE'];
  if (role === 'TAX_PAYABLE' || role === 'INTEREST_PAYABLE' || role === 'HOLDING_PRINCIPAL' || role === 'HOLDING_INTEREST')
    return ['LIABILITY'];
  if (role === 'REVENUE') return ['INCOME', 'LIABILITY'];
  return ['INCOME'];
}

/** The default chart-of-accounts system key of each role, by kind and saving type (pre-filled in forms and seeds). */
export function defaultGlKeys(kind: ProductKind, savingType?: string | null): Record<string, string> {
  switch (kind) {
    case 'SAVING':
      return {
        CONTROL: savingType === 'PLAN' ? 'SAVING_PLAN' : 'SAVING_VOLUNTARY',
        INTEREST_EXPENSE: savingType === 'PLAN' ? 'PLAN_INTEREST_EXPENSE' : 'SAVING_INTEREST_EXPENSE',
        ADMIN_FEE_INCOME: 'ADMIN_FEE_INCOME',
        CLOSING_FEE_INCOME: 'CLOSING_FEE_INCOME',
        TAX_PAYABLE: 'TAX_PAYABLE',
      };
    case 'SAVING_EQUITY':
      return {
        CONTROL:
          savingType === 'MANDATORY' ? 'SAVING_MANDATORY' : savingType === 'PARTICIPATION' ? 'EQUITY_PARTICIPATION' : 'SAVING_PRINCIPAL',
      };
    case 'SAVING_DEPOSIT':
      return {
        CONTROL: 'SAVING_DEPOSIT',
        INTEREST_EXPENSE: 'DEPOSIT_INTEREST_EXPENSE',
        INTEREST_PAYABLE: 'INTEREST_PAYABLE',
        TAX_PAYABLE: 'TAX_PAYABLE',
        PENALTY_INCOME: 'DEPOSIT_PENALTY_INCOME',
        HOLDING_PRINCIPAL: 'DEPOSIT_HOLDING_PRINCIPAL',
        HOLDING_INTEREST: 'DEPOSIT_HOLDING_INTEREST',
      };
    case 'LOAN':
      return {
        RECEIVABLE: 'LOAN_RECEIVABLE',
        INTEREST_INCOME: 'LOAN_INTEREST_INCOME',
        ADMIN_FEE_INCOME: 'ADMIN_FEE_INCOME',
        PROVISION_INCOME: 'PROVISION_INCOME',
        FINE_INCOME: 'FINE_INCOME',
      };
    case 'BILL':
      return { RECEIVABLE: 'BILL_RECEIVABLE', REVENUE: 'OTHER_INCOME', ADMIN_FEE_INCOME: 'BILL_ADMIN_INCOME' };
  }
}

// ---------------------------------------------------------------- field helpers

const optMoney = moneyNonNegative.optional();
/**
 * A fee or fine that is an amount or a percent (its type field says which): a JSON number, or canonical numeric text
 * with at most two decimals. "1.000" is refused, never read as 1 (issue 18: an Indonesian reads it as one thousand);
 * a percent with more decimals is sent as a JSON number.
 */
const feeValue = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'validation.amount_text'),
  ])
  .transform((v) => (typeof v === 'string' ? Number(v) : v))
  .refine((v) => Number.isFinite(v) && v >= 0, 'validation.invalid');
const optNullableMoney = moneyNonNegative.nullable().optional();
const optPercent = percent.optional();
const optInt = (min: number, max: number) =>
  z.coerce.number().int('validation.invalid').min(min, 'validation.invalid').max(max, 'validation.invalid');

// ---------------------------------------------------------------- terms per kind

/** Savings terms (SAVING; the interest fields also apply to equity participation). */
export const savingTermsFields = z.object({
  minBalance: optMoney,
  /** Jasa, percent per year. */
  baseRate: optPercent,
  balanceBasis: z.enum(BALANCE_BASES, { error: 'product.balance_basis_invalid' }).optional(),
  closingFee: optMoney,
  monthlyAdminFee: optMoney,
  /** Tax on interest, percent. */
  interestTax: optPercent,
  interestMinBalance: optMoney,
  /** null = no cap. */
  interestMaxBalance: optNullableMoney,
  dailyInterestPercent: optPercent,
  /** Held on every account: never withdrawable while open. */
  blockAmount: optMoney,
  /** Plan (target) savings. */
  planMonthlyAmount: moneyPositive.nullable().optional(),
  planTargetBalance: moneyPositive.nullable().optional(),
  /** Target time, in months. */
  planTargetMonths: optInt(1, 600).nullable().optional(),
});

/** Equity terms: the principal amount (once), the mandatory amount per period, the participation minimum. */
export const equityTermsFields = z.object({
  amount: optMoney,
  period: z.enum(PERIODS, { error: 'product.period_invalid' }).optional(),
});

/** Term deposit terms (behaviour in the deposits issue). */
export const depositTermsFields = z.object({
  rate1Month: optPercent,
  rate3Month: optPercent,
  rate6Month: optPercent,
  rate12Month: optPercent,
  rate24Month: optPercent,
  profitSharing: optPercent,
  minDeposit: optMoney,
  maxDeposit: optNullableMoney,
  /** Early-withdrawal (break) penalty, percent of the principal or of the interest paid so far (penaltyBasis). */
  earlyWithdrawalPenalty: optPercent,
  penaltyBasis: z.enum(DEPOSIT_PENALTY_BASES, { error: 'validation.invalid' }).optional(),
  /** MONTHLY (rate / 12 a month) or ACTUAL_365 (rate x days / 365). */
  dayCount: z.enum(DEPOSIT_DAY_COUNTS, { error: 'validation.invalid' }).optional(),
  /** What an automatic rollover renews: PRINCIPAL or PRINCIPAL_INTEREST. */
  rolloverType: z.enum(DEPOSIT_ROLLOVER_TYPES, { error: 'validation.invalid' }).optional(),
  taxFreeInterestAmount: optMoney,
  interestTax: optPercent,
  breakNeedsApproval: z.boolean().optional(),
  interestWithdrawalNeedsApproval: z.boolean().optional(),
  autoRollover: z.boolean().optional(),
});

/** Loan terms (behaviour in the loans issue). */
export const loanTermsFields = z.object({
  interestMethod: z.enum(LOAN_INTEREST_METHODS, { error: 'product.interest_method_invalid' }).optional(),
  /** Percent per month. */
  interestRate: optPercent,
  installmentPayMethod: z.enum(PAYMENT_COMPONENTS, { error: 'validation.invalid' }).optional(),
  minAmount: optMoney,
  maxAmount: optNullableMoney,
  minTenor: optInt(1, 360).optional(),
  maxTenor: optInt(1, 360).optional(),
  adminFee: feeValue.optional(),
  adminFeeType: z.enum(FEE_TYPES, { error: 'validation.invalid' }).optional(),
  provisionFee: feeValue.optional(),
  provisionFeeType: z.enum(FEE_TYPES, { error: 'validation.invalid' }).optional(),
  /** Late fine per day: rupiah (NOMINAL) or percent of the installment (PERCENT). */
  fine: feeValue.optional(),
  fineMethod: z.enum(FEE_TYPES, { error: 'validation.invalid' }).optional(),
  /** Due date of each month's installment (1-28). */
  dueDay: optInt(1, 28).nullable().optional(),
  applicationNeedsApproval: z.boolean().optional(),
  requiresCollateral: z.boolean().optional(),
  otherCosts: optMoney,
  /** roundingMultiple, fineGraceDays, firstInstallmentRule (loans.ts). */
  ...loanProductExtraFields.shape,
});

/** Bill terms (behaviour in the bills issue). */
export const billTermsFields = z.object({
  billType: z.enum(BILL_TYPES, { error: 'product.bill_type_invalid' }).optional(),
  adminFee: optMoney,
  installments: optInt(1, 360).optional(),
  /** Default amount per bill. */
  billAmount: optMoney,
});

export const TERMS_FIELDS = {
  SAVING: savingTermsFields,
  SAVING_EQUITY: equityTermsFields.extend(savingTermsFields.pick({ baseRate: true, balanceBasis: true, interestTax: true }).shape),
  SAVING_DEPOSIT: depositTermsFields,
  LOAN: loanTermsFields,
  BILL: billTermsFields,
} as const;

// ---------------------------------------------------------------- bodies

const productName = z
  .string({ error: 'validation.name_required' })
  .trim()
  .min(1, 'validation.name_required')
  .max(150, 'validation.invalid');
const productCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9./-]{0,19}$/, 'product.code_invalid');

/** `{ ROLE: coaId }`; checked against the kind's roles by the server ('Semua akun COA wajib dipilih'). */
export const glAccountsBody = z.record(z.string(), uuid.nullable().optional(), { error: 'validation.account_not_selected' });

const productCommon = {
  code: productCode.optional(),
  name: productName,
  description: z.string().trim().max(1000, 'validation.invalid').nullable().optional(),
  audience: z.enum(PRODUCT_AUDIENCES, { error: 'validation.invalid' }).optional(),
  requiresApproval: z.boolean().optional(),
  isActive: z.boolean().optional(),
  /** First day the terms apply (default today; a change cannot be backdated). */
  effectiveDate: dateString.optional(),
  glAccounts: glAccountsBody,
};

const savingTypeField = (values: readonly [string, ...string[]]) => z.enum(values, { error: 'product.saving_type_invalid' });

/** POST product: one variant per kind. */
export const productCreateBody = z.discriminatedUnion(
  'kind',
  [
    z
      .object({ kind: z.literal('SAVING'), savingType: savingTypeField(SAVING_TYPES).default('VOLUNTARY'), ...productCommon })
      .extend(savingTermsFields.shape),
    z
      .object({ kind: z.literal('SAVING_EQUITY'), savingType: savingTypeField(EQUITY_TYPES), ...productCommon })
      .extend(TERMS_FIELDS.SAVING_EQUITY.shape),
    z.object({ kind: z.literal('SAVING_DEPOSIT'), ...productCommon }).extend(depositTermsFields.shape),
    z.object({ kind: z.literal('LOAN'), ...productCommon }).extend(loanTermsFields.shape),
    z.object({ kind: z.literal('BILL'), ...productCommon }).extend(billTermsFields.shape),
  ],
  { error: 'product.kind_invalid' },
);
export type ProductCreateBody = z.input<typeof productCreateBody>;
export type ProductCreate = z.output<typeof productCreateBody>;

/** Every terms field of every kind, for PATCH (the server keeps those of the product's kind). */
const anyTermsFields = savingTermsFields
  .extend(equityTermsFields.shape)
  .extend(depositTermsFields.omit({ interestTax: true }).shape)
  .extend(loanTermsFields.omit({ adminFee: true }).shape)
  .extend(billTermsFields.omit({ adminFee: true }).shape)
  .extend({ adminFee: feeValue.optional() });

/**
 * PATCH product: `id` and the fields to change. Name, description, audience,
 * approval and active flag change in place; terms fields make a new terms
 * version effective from `effectiveDate` (today by default, never earlier);
 * `glAccounts` replaces the mapping of the roles given.
 */
export const productUpdateBody = anyTermsFields.extend({
  id: uuid,
  code: productCode.optional(),
  name: productName.optional(),
  description: z.string().trim().max(1000, 'validation.invalid').nullable().optional(),
  audience: z.enum(PRODUCT_AUDIENCES, { error: 'validation.invalid' }).optional(),
  requiresApproval: z.boolean().optional(),
  isActive: z.boolean().optional(),
  effectiveDate: dateString.optional(),
  glAccounts: glAccountsBody.optional(),
});
export type ProductUpdate = z.output<typeof productUpdateBody>;

export const productDatatableQuery = listQuery.extend({
  isActive: boolFilter,
  kind: optionalFilter.pipe(z.enum(PRODUCT_KINDS, { error: 'product.kind_invalid' }).optional()),
  category: optionalFilter.pipe(z.enum(PRODUCT_KINDS, { error: 'product.kind_invalid' }).optional()),
  savingType: optionalFilter,
});
export type ProductDatatableQuery = z.output<typeof productDatatableQuery>;

export const productCategoryParams = z.object({
  category: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(PRODUCT_KINDS, { error: 'product.kind_invalid' })),
});
export const productCategoryQuery = z.object({
  /** Default true: only active products (pickers). */
  isActive: boolFilter,
  search: optionalFilter,
});

export const productGlDefaultsQuery = z.object({
  kind: z
    .string({ error: 'product.kind_invalid' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(PRODUCT_KINDS, { error: 'product.kind_invalid' })),
  savingType: optionalFilter,
});

// ---------------------------------------------------------------- answers

export const glAccountView = z.object({
  role: z.string(),
  coaId: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
});

export const termsView = z.object({
  version: z.number(),
  effectiveDate: z.string(),
  minBalance: z.number(),
  baseRate: z.number(),
  balanceBasis: z.enum(BALANCE_BASES),
  closingFee: z.number(),
  monthlyAdminFee: z.number(),
  interestTax: z.number(),
  interestMinBalance: z.number(),
  interestMaxBalance: z.number().nullable(),
  dailyInterestPercent: z.number(),
  blockAmount: z.number(),
  planMonthlyAmount: z.number().nullable(),
  planTargetBalance: z.number().nullable(),
  planTargetMonths: z.number().nullable(),
  amount: z.number().nullable(),
  period: z.enum(PERIODS).nullable(),
  deposit: z.record(z.string(), z.unknown()).nullable(),
  loan: z.record(z.string(), z.unknown()).nullable(),
  bill: z.record(z.string(), z.unknown()).nullable(),
  createdDate: z.string(),
});
export type TermsView = z.infer<typeof termsView>;

export const productView = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  category: z.enum(PRODUCT_KINDS),
  savingType: z.string().nullable(),
  description: z.string().nullable(),
  audience: z.enum(PRODUCT_AUDIENCES),
  requiresApproval: z.boolean(),
  isActive: z.boolean(),
  systemKey: z.string().nullable(),
  terms: termsView,
  glAccounts: z.array(glAccountView),
  accountCount: z.number(),
  totalBalance: z.number(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type ProductView = z.infer<typeof productView>;

/**
 * A product as the pickers get it (GET product/{category}/categories, open to
 * every signed-in user): without `product:view`, the GL mapping and the
 * cooperative's totals (accounts, balance) are left out; the terms stay (the
 * forms show the minimum balance, the closing fee).
 */
export const productPickView = productView.partial({ glAccounts: true, accountCount: true, totalBalance: true });
export type ProductPickView = z.infer<typeof productPickView>;

export const productDetailView = productView.extend({
  /** Every terms version, newest first (future ones included). */
  versions: z.array(termsView),
  /** A version already decided that is not yet in force. */
  upcomingTerms: termsView.nullable(),
});
