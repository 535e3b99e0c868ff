/**
 * The refusals of a money movement, in one place: each code's HTTP status,
 * error code, message key (packages/contracts messages) and the parameters
 * that are amounts (written in rupiah in the reader's language). The SQL
 * functions (saving_move) answer a refusal as its code and raw parameters;
 * the TypeScript rules (savings.core.ts checkCash, assertCanMove,
 * assertCanDeposit, assertCanWithdraw) raise the same codes with the same
 * parameters; both become the error here, so a refusal reads the same
 * whichever path found it (`money-refusals.test.ts`).
 *
 * Loans (loan_pay_many) add theirs below; deposits and bills add their codes here when their SQL or rules refuse.
 */
import type { Lang } from '@koperasi/contracts';
import { type DecInput, dec, formatRupiah } from '@koperasi/finance';
import { AppError } from '../../lib/errors.ts';

interface RefusalSpec {
  status: 400 | 403 | 404 | 409 | 422;
  /** The answer's errorCode (the refusal code unless it says otherwise). */
  errorCode?: string;
  key: string;
  /** The request field the refusal is about (the message is repeated there). */
  field?: string;
  /** Parameters that are amounts. */
  money?: readonly string[];
}

export const REFUSALS = {
  COA_NOT_FOUND: { status: 404, key: 'access.coa_not_found', field: 'coaId' },
  COA_NOT_CASH_BANK: { status: 422, key: 'access.coa_not_cash_bank', field: 'coaId' },
  COA_NOT_POSTABLE: { status: 422, key: 'access.coa_not_postable', field: 'coaId' },
  COA_INACTIVE: { status: 422, key: 'access.coa_inactive', field: 'coaId' },
  COA_TAKEN: { status: 409, key: 'saving.coa_held_by_other' },
  ACCOUNT_NOT_FOUND: { status: 404, errorCode: 'NOT_FOUND', key: 'saving.account_not_found' },
  MEMBER_INACTIVE: { status: 422, key: 'member.inactive' },
  MEMBER_NOT_APPROVED: { status: 422, key: 'member.not_yet_member' },
  ACCOUNT_PENDING: { status: 422, key: 'saving.account_pending' },
  ACCOUNT_REJECTED: { status: 422, key: 'saving.account_rejected' },
  ACCOUNT_CLOSED: { status: 422, key: 'saving.account_closed' },
  PRODUCT_GL_MISSING: { status: 422, key: 'saving.product_gl_missing' },
  PRINCIPAL_ALREADY_PAID: { status: 422, key: 'saving.principal_already_paid' },
  PRINCIPAL_OVERPAID: { status: 422, key: 'saving.principal_overpaid', field: 'amount', money: ['amount', 'remaining'] },
  EQUITY_NOT_WITHDRAWABLE: { status: 422, key: 'saving.equity_not_withdrawable' },
  INSUFFICIENT_BALANCE: {
    status: 422,
    key: 'saving.insufficient_balance',
    field: 'amount',
    money: ['balance', 'available', 'minBalance', 'held'],
  },
} as const satisfies Record<string, RefusalSpec>;

export type RefusalCode = keyof typeof REFUSALS;

/**
 * The loan payment's own refusals (loan_pay_decide.sql); its savings and cash refusals are the ones above.
 * `loans-pay-refusals.test.ts` reaches each through every payment route.
 */
export const LOAN_REFUSALS = {
  LOAN_NOT_FOUND: { status: 404, errorCode: 'NOT_FOUND', key: 'loan.not_found' },
  LOAN_NOT_RUNNING: { status: 422, key: 'loan.not_running' },
  INSTALLMENTS_LEFT: { status: 422, key: 'loan.installments_left' },
  PARTIAL_ABOVE_DUE: { status: 422, key: 'loan.partial_above_due', field: 'amount', money: ['amount', 'due'] },
  PAY_ABOVE_OWED: { status: 422, key: 'loan.pay_above_owed', field: 'amount', money: ['amount', 'owed'] },
  NOTHING_DUE: { status: 422, key: 'loan.nothing_due' },
  LOAN_GL_MISSING: { status: 422, errorCode: 'PRODUCT_GL_MISSING', key: 'saving.product_gl_missing' },
  SAVING_NOT_MEMBER: { status: 422, key: 'loan.saving_not_member', field: 'memberSavingId' },
  SAVING_NOT_VOLUNTARY: { status: 422, key: 'loan.saving_not_voluntary', field: 'memberSavingId' },
} as const satisfies Record<string, RefusalSpec>;

export type LoanRefusalCode = keyof typeof LOAN_REFUSALS;

/** A business unit's debt payment and transactions (business-units.debts.ts, business-units.transactions.ts). */
export const UNIT_REFUSALS = {
  PAYMENT_EXCEEDS_DEBT: { status: 422, key: 'business_unit.payment_exceeds_debt', money: ['amount', 'debt'] },
  PAYMENT_EXCEEDS_PAYABLE: { status: 422, key: 'business_unit.payment_exceeds_payable', money: ['amount', 'owed'] },
  UNIT_SAVING_NOT_MEMBER: {
    status: 422,
    errorCode: 'SAVING_NOT_MEMBER',
    key: 'business_unit.saving_not_member',
    field: 'memberSavingId',
  },
  SAVING_REQUIRED: { status: 422, key: 'business_unit.saving_required', field: 'memberSavingId' },
} as const satisfies Record<string, RefusalSpec>;

export type UnitRefusalCode = keyof typeof UNIT_REFUSALS;

/** A bill payment's own refusals (bills.money.ts); its savings refusals are the ones above. */
export const BILL_REFUSALS = {
  BILL_PAY_ABOVE_OWED: {
    status: 422,
    errorCode: 'PAY_ABOVE_OWED',
    key: 'bill.pay_above_owed',
    field: 'amount',
    money: ['amount', 'owed'],
  },
  BILL_SAVING_NOT_MEMBER: { status: 422, errorCode: 'SAVING_NOT_MEMBER', key: 'bill.saving_not_member', field: 'memberSavingId' },
  BILL_SAVING_NOT_VOLUNTARY: {
    status: 422,
    errorCode: 'SAVING_NOT_VOLUNTARY',
    key: 'bill.saving_not_voluntary',
    field: 'memberSavingId',
  },
} as const satisfies Record<string, RefusalSpec>;

export type BillRefusalCode = keyof typeof BILL_REFUSALS;

/** Every refusal code of the money core. */
export type AnyRefusalCode = RefusalCode | LoanRefusalCode | UnitRefusalCode | BillRefusalCode;

const ALL: Record<string, RefusalSpec> = { ...REFUSALS, ...LOAN_REFUSALS, ...UNIT_REFUSALS, ...BILL_REFUSALS };

export function isRefusalCode(code: unknown): code is AnyRefusalCode {
  return typeof code === 'string' && Object.hasOwn(ALL, code);
}

/**
 * The error of a refusal: its code and raw parameters (amounts as numbers, decimals or Dec) in the reader's language.
 * `field` names the request field when the same refusal is about different fields (else the spec's).
 */
export function refusalError(lang: Lang, code: AnyRefusalCode, params: Record<string, unknown> = {}, field?: string): AppError {
  const spec: RefusalSpec = ALL[code];
  const shown: Record<string, unknown> = { ...params };
  for (const k of spec.money ?? [])
    if (shown[k] !== undefined && shown[k] !== null) shown[k] = formatRupiah(dec(shown[k] as DecInput), lang);
  return new AppError(
    spec.status,
    spec.errorCode ?? code,
    spec.key,
    Object.keys(shown).length ? shown : undefined,
    (field ?? spec.field) ? [{ field: (field ?? spec.field)!, message: spec.key }] : undefined,
  );
}
