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
 * Loans (loan_pay_many), business units, bills and term deposits add theirs below.
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

/**
 * A term deposit's refusals (deposits.service.ts placement, withdrawal and position; deposits.break.ts;
 * deposits.payout.ts; deposits.release.ts; deposits.helpers.ts checks). Its savings, cash-account and member
 * refusals are the ones above (COA_NOT_FOUND named with the holding account's field, MEMBER_INACTIVE,
 * MEMBER_NOT_APPROVED). `refusalError(lang, code, params, field)`: `field` where the table names none.
 */
export const DEPOSIT_REFUSALS = {
  DEPOSIT_NOT_FOUND: { status: 404, errorCode: 'NOT_FOUND', key: 'deposit.not_found' },
  DEPOSIT_MEMBER_NOT_FOUND: { status: 404, errorCode: 'NOT_FOUND', key: 'member.not_found' },
  PRODUCT_NOT_FOUND: { status: 404, key: 'product.not_found', field: 'productId' },
  PRODUCT_NOT_DEPOSIT: { status: 422, key: 'deposit.product_not_deposit', field: 'productId' },
  PRODUCT_INACTIVE: { status: 422, key: 'saving.product_inactive' },
  PRODUCT_MEMBERS_ONLY: { status: 422, key: 'deposit.members_only' },
  PRODUCT_NON_MEMBERS_ONLY: { status: 422, key: 'deposit.non_members_only' },
  DEPOSIT_GL_MISSING: { status: 422, errorCode: 'PRODUCT_GL_MISSING', key: 'deposit.gl_missing' },
  TENOR_NOT_OFFERED: { status: 422, key: 'deposit.tenor_no_rate', field: 'tenor' },
  AMOUNT_BELOW_MIN: { status: 422, key: 'deposit.amount_below_min', field: 'amount', money: ['min'] },
  AMOUNT_ABOVE_MAX: { status: 422, key: 'deposit.amount_above_max', field: 'amount', money: ['max'] },
  /** 400 (not the catalogue's 422): the placement and position forms have answered it so since the start. */
  INTEREST_SAVING_REQUIRED: { status: 400, key: 'deposit.interest_saving_required', field: 'interestSavingId' },
  INTEREST_SAVING_INVALID: { status: 422, key: 'deposit.interest_saving_invalid', field: 'interestSavingId' },
  SOURCE_SAVING_INVALID: { status: 422, key: 'deposit.source_saving_invalid', field: 'sourceSavingId' },
  HOLDING_ACCOUNT_INVALID: { status: 422, key: 'deposit.holding_invalid' },
  DEPOSIT_CLOSED: { status: 422, key: 'deposit.not_active' },
  DEPOSIT_NOT_MATURED: { status: 422, key: 'deposit.not_matured' },
  DEPOSIT_MATURED: { status: 422, key: 'deposit.already_matured' },
  BREAK_PENDING: { status: 409, key: 'deposit.break_pending' },
  PENALTY_ABOVE_PRINCIPAL: { status: 422, key: 'deposit.penalty_above_principal', field: 'pinaltyBreak', money: ['principal'] },
  BREAK_NOT_PENDING: { status: 422, key: 'deposit.break_not_pending' },
  BREAK_SELF_APPROVAL: { status: 422, key: 'deposit.break_self_approval' },
  NOTHING_TO_PAY: { status: 422, key: 'deposit.nothing_to_pay' },
  PAYOUT_PENDING: { status: 409, key: 'deposit.payout_pending' },
  PAYOUT_SAVING_INVALID: { status: 422, key: 'deposit.payout_saving_invalid', field: 'savingId' },
  PAYOUT_NOT_PENDING: { status: 422, key: 'deposit.payout_not_pending' },
  PAYOUT_SELF_APPROVAL: { status: 422, key: 'deposit.payout_self_approval' },
  RELEASE_FUTURE: { status: 422, key: 'deposit.release_future', field: 'fromDate' },
  RELEASE_NOT_FOUND: { status: 404, errorCode: 'NOT_FOUND', key: 'deposit.release_not_found' },
  RELEASE_CANCELLED: { status: 409, key: 'deposit.release_cancelled' },
  RELEASE_RUNNING: { status: 422, key: 'deposit.release_running' },
  RELEASE_NOT_CANCELLABLE: { status: 422, key: 'deposit.release_cancel_blocked' },
  RELEASE_PAID_OUT: { status: 422, errorCode: 'RELEASE_NOT_CANCELLABLE', key: 'deposit.release_cancel_paid_out' },
  INTEREST_SAVING_SHORT: { status: 422, key: 'deposit.interest_saving_short' },
} as const satisfies Record<string, RefusalSpec>;

export type DepositRefusalCode = keyof typeof DEPOSIT_REFUSALS;

/** Every refusal code of the money core. */
export type AnyRefusalCode = RefusalCode | LoanRefusalCode | UnitRefusalCode | BillRefusalCode | DepositRefusalCode;

const ALL: Record<string, RefusalSpec> = { ...REFUSALS, ...LOAN_REFUSALS, ...UNIT_REFUSALS, ...BILL_REFUSALS, ...DEPOSIT_REFUSALS };

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
