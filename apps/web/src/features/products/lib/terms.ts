/**
 * The terms fields of each product kind (spec section 3, the API's
 * FIELD_COLUMNS): how the form edits them, how the detail, review and list
 * show them, and how a terms version (TermsView) reads as flat values.
 *
 * Savings and equity fields sit at the top of a TermsView; deposit, loan and
 * bill fields come grouped under `deposit`, `loan` and `bill`.
 */

import { DEPOSIT_DAY_COUNTS, DEPOSIT_PENALTY_BASES, DEPOSIT_ROLLOVER_TYPES } from '@koperasi/contracts/deposits';
import type { ProductKind } from '@koperasi/contracts/enums';
import { BALANCE_BASES, BILL_TYPES, LOAN_INTEREST_METHODS, PAYMENT_COMPONENTS, PERIODS } from '@koperasi/contracts/enums';
import { FIRST_INSTALLMENT_RULES, ROUNDING_MULTIPLES } from '@koperasi/contracts/loans';
import { FEE_TYPES, type TermsView } from '@koperasi/contracts/products';

/** "Installment in multiples of" as select choices (the API takes the number; a select holds text). */
const ROUNDING_MULTIPLE_OPTIONS = ROUNDING_MULTIPLES.map(String);

export type TermFieldType =
  /** Rupiah, required (0 allowed). */
  | 'money'
  /** Rupiah or empty (= no limit / none). */
  | 'moneyOptional'
  | 'percent'
  /** Whole number, required. */
  | 'int'
  /** Whole number or empty. */
  | 'intOptional'
  | 'enum'
  | 'bool'
  /** A loan fee: rupiah or percent as its `typeField` says. */
  | 'fee';

export interface TermField {
  name: string;
  type: TermFieldType;
  options?: readonly string[];
  /** The NOMINAL / PERCENT field of a fee. */
  typeField?: string;
  /** Shown for these saving types only. */
  savingTypes?: readonly string[];
  /** Cannot change once the product has accounts (the server refuses it). */
  lockedWithAccounts?: boolean;
  /** Section of the form. */
  group: string;
  /** Integer bounds. */
  min?: number;
  max?: number;
}

const SAVING_FIELDS: TermField[] = [
  { name: 'minBalance', type: 'money', group: 'balance' },
  { name: 'blockAmount', type: 'money', group: 'balance' },
  { name: 'baseRate', type: 'percent', group: 'interest' },
  { name: 'balanceBasis', type: 'enum', options: BALANCE_BASES, group: 'interest' },
  { name: 'interestMinBalance', type: 'money', group: 'interest' },
  { name: 'interestMaxBalance', type: 'moneyOptional', group: 'interest' },
  { name: 'dailyInterestPercent', type: 'percent', group: 'interest' },
  { name: 'interestTax', type: 'percent', group: 'interest' },
  { name: 'closingFee', type: 'money', group: 'fees' },
  { name: 'monthlyAdminFee', type: 'money', group: 'fees' },
  { name: 'planMonthlyAmount', type: 'moneyOptional', group: 'plan', savingTypes: ['PLAN'] },
  { name: 'planTargetBalance', type: 'moneyOptional', group: 'plan', savingTypes: ['PLAN'] },
  { name: 'planTargetMonths', type: 'intOptional', group: 'plan', savingTypes: ['PLAN'], min: 1, max: 600 },
];

const EQUITY_FIELDS: TermField[] = [
  { name: 'amount', type: 'money', group: 'equity' },
  { name: 'period', type: 'enum', options: PERIODS, group: 'equity', savingTypes: ['MANDATORY'], lockedWithAccounts: true },
  { name: 'baseRate', type: 'percent', group: 'interest' },
  { name: 'balanceBasis', type: 'enum', options: BALANCE_BASES, group: 'interest' },
  { name: 'interestTax', type: 'percent', group: 'interest' },
];

const DEPOSIT_FIELDS: TermField[] = [
  { name: 'rate1Month', type: 'percent', group: 'rates' },
  { name: 'rate3Month', type: 'percent', group: 'rates' },
  { name: 'rate6Month', type: 'percent', group: 'rates' },
  { name: 'rate12Month', type: 'percent', group: 'rates' },
  { name: 'rate24Month', type: 'percent', group: 'rates' },
  { name: 'profitSharing', type: 'percent', group: 'rates' },
  { name: 'minDeposit', type: 'money', group: 'amounts' },
  { name: 'maxDeposit', type: 'moneyOptional', group: 'amounts' },
  { name: 'earlyWithdrawalPenalty', type: 'percent', group: 'amounts' },
  { name: 'penaltyBasis', type: 'enum', options: DEPOSIT_PENALTY_BASES, group: 'amounts' },
  { name: 'dayCount', type: 'enum', options: DEPOSIT_DAY_COUNTS, group: 'rates' },
  { name: 'taxFreeInterestAmount', type: 'money', group: 'tax' },
  { name: 'interestTax', type: 'percent', group: 'tax' },
  { name: 'breakNeedsApproval', type: 'bool', group: 'options' },
  { name: 'interestWithdrawalNeedsApproval', type: 'bool', group: 'options' },
  { name: 'autoRollover', type: 'bool', group: 'options' },
  { name: 'rolloverType', type: 'enum', options: DEPOSIT_ROLLOVER_TYPES, group: 'options' },
];

const LOAN_FIELDS: TermField[] = [
  { name: 'interestMethod', type: 'enum', options: LOAN_INTEREST_METHODS, group: 'interest' },
  { name: 'interestRate', type: 'percent', group: 'interest' },
  { name: 'installmentPayMethod', type: 'enum', options: PAYMENT_COMPONENTS, group: 'interest' },
  { name: 'dueDay', type: 'intOptional', group: 'interest', min: 1, max: 28 },
  { name: 'firstInstallmentRule', type: 'enum', options: FIRST_INSTALLMENT_RULES, group: 'interest' },
  { name: 'roundingMultiple', type: 'enum', options: ROUNDING_MULTIPLE_OPTIONS, group: 'interest' },
  { name: 'minAmount', type: 'money', group: 'limits' },
  { name: 'maxAmount', type: 'moneyOptional', group: 'limits' },
  { name: 'minTenor', type: 'int', group: 'limits', min: 1, max: 360 },
  { name: 'maxTenor', type: 'int', group: 'limits', min: 1, max: 360 },
  { name: 'adminFee', type: 'fee', typeField: 'adminFeeType', group: 'fees' },
  { name: 'provisionFee', type: 'fee', typeField: 'provisionFeeType', group: 'fees' },
  { name: 'fine', type: 'fee', typeField: 'fineMethod', group: 'fees' },
  { name: 'fineGraceDays', type: 'int', group: 'fees', min: 0, max: 365 },
  { name: 'otherCosts', type: 'money', group: 'fees' },
  { name: 'applicationNeedsApproval', type: 'bool', group: 'options' },
  { name: 'requiresCollateral', type: 'bool', group: 'options' },
];

const BILL_FIELDS: TermField[] = [
  { name: 'billType', type: 'enum', options: BILL_TYPES, group: 'bill' },
  { name: 'billAmount', type: 'money', group: 'bill' },
  { name: 'installments', type: 'int', group: 'bill', min: 1, max: 360 },
  { name: 'adminFee', type: 'money', group: 'bill' },
];

export const TERM_FIELDS: Record<ProductKind, TermField[]> = {
  SAVING: SAVING_FIELDS,
  SAVING_EQUITY: EQUITY_FIELDS,
  SAVING_DEPOSIT: DEPOSIT_FIELDS,
  LOAN: LOAN_FIELDS,
  BILL: BILL_FIELDS,
};

/** The fee type fields of loans (NOMINAL / PERCENT), edited beside their fee. */
export const FEE_TYPE_FIELDS = ['adminFeeType', 'provisionFeeType', 'fineMethod'] as const;
export { FEE_TYPES };

/** The terms fields a product of this kind and saving type uses, in form order. */
export function termFields(kind: ProductKind, savingType?: string | null): TermField[] {
  return TERM_FIELDS[kind].filter((f) => !f.savingTypes || (savingType != null && f.savingTypes.includes(savingType)));
}

/** Every field name the API takes for the kind (fee types included). */
export function termFieldNames(kind: ProductKind, savingType?: string | null): string[] {
  const out: string[] = [];
  for (const f of termFields(kind, savingType)) {
    out.push(f.name);
    if (f.typeField) out.push(f.typeField);
  }
  return out;
}

/** A terms version as flat field values (the names of the request body). */
export function termValues(kind: ProductKind, t: TermsView): Record<string, unknown> {
  switch (kind) {
    case 'SAVING':
      return {
        minBalance: t.minBalance,
        baseRate: t.baseRate,
        balanceBasis: t.balanceBasis,
        closingFee: t.closingFee,
        monthlyAdminFee: t.monthlyAdminFee,
        interestTax: t.interestTax,
        interestMinBalance: t.interestMinBalance,
        interestMaxBalance: t.interestMaxBalance,
        dailyInterestPercent: t.dailyInterestPercent,
        blockAmount: t.blockAmount,
        planMonthlyAmount: t.planMonthlyAmount,
        planTargetBalance: t.planTargetBalance,
        planTargetMonths: t.planTargetMonths,
      };
    case 'SAVING_EQUITY':
      return { amount: t.amount, period: t.period, baseRate: t.baseRate, balanceBasis: t.balanceBasis, interestTax: t.interestTax };
    case 'SAVING_DEPOSIT':
      return { ...(t.deposit ?? {}) };
    case 'LOAN':
      return { ...(t.loan ?? {}) };
    case 'BILL':
      return { ...(t.bill ?? {}) };
  }
}

/** Equal term values: numbers by value, empty (null, undefined, '') alike. */
export function sameTermValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return a === b;
}

/** The fields whose value differs between two versions (the history's "what changed"). */
export function changedTerms(
  kind: ProductKind,
  savingType: string | null,
  older: TermsView,
  newer: TermsView,
): Array<{ name: string; from: unknown; to: unknown }> {
  const a = termValues(kind, older);
  const b = termValues(kind, newer);
  return termFieldNames(kind, savingType)
    .filter((n) => !sameTermValue(a[n], b[n]))
    .map((n) => ({ name: n, from: a[n], to: b[n] }));
}
