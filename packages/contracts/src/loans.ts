/**
 * Loan contracts (Pinjaman): applications, approval, release, schedules,
 * payments, restructuring, reads and the dashboard's loan widgets. Money
 * travels as JSON numbers with at most 2 decimals; rates are percents; errors
 * are catalogue keys (messages/loans.ts).
 *
 * Paths (all under /api):
 *  - POST transaction/request-open-product-member with a LOAN product: `loanOpenBody`
 *  - transaction/product/loan/...: see each schema's comment
 *  - GET product/{id}/v2/loan/installment-simulation: `productSimulationQuery`
 *  - GET transaction/product/loan/v2/simulation-installment: `simulationQuery`
 *  - PATCH member/{id}/loan-product/tag ({id}: loan id), PATCH member/{id}/loan-auto-debit?isAutoDebit=
 *  - GET/POST home/request-loan-online, GET home/request-loan-online/{id}/detail,
 *    POST home/request-loan-online/{id}/decision, GET home/unpaid-loan, GET home/reminder-loans
 */
import { z } from 'zod';
import { boolFilter, dateString, listQuery, moneyNonNegative, moneyPositive, optionalFilter, percent, uuid } from './common.ts';
import { LOAN_INTEREST_METHODS, PAYMENT_COMPONENTS } from './enums.ts';

export type LoanInterestMethod = (typeof LOAN_INTEREST_METHODS)[number];
export type PaymentComponent = (typeof PAYMENT_COMPONENTS)[number];

/** Life of a loan: application → approval → release → running → paid off (or rejected / release rejected / cancelled). */
export const LOAN_STATUSES = ['WAITING_APPROVAL', 'APPROVED', 'REJECTED', 'RUNNING', 'PAID_OFF', 'RELEASE_REJECTED'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
/** Label of spec section 3 per status (RUNNING with an overdue installment reads "not paid off"). */
export const LOAN_STATUS_LABEL: Record<LoanStatus, string> = {
  WAITING_APPROVAL: 'waiting approval',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  RUNNING: 'running',
  PAID_OFF: 'paid off',
  RELEASE_REJECTED: 'rejected',
};
/** "Installment in multiples of" (rupiah). */
export const ROUNDING_MULTIPLES = [0.01, 1, 100, 1000] as const;
export type RoundingMultiple = (typeof ROUNDING_MULTIPLES)[number];
/**
 * First installment date rule of a product: ONE_MONTH = one month after the
 * release, same day of month (month end when shorter); DUE_DAY = the product's
 * (or loan's) due day of the month after the release.
 */
export const FIRST_INSTALLMENT_RULES = ['ONE_MONTH', 'DUE_DAY'] as const;
export type FirstInstallmentRule = (typeof FIRST_INSTALLMENT_RULES)[number];
export const LOAN_DECISIONS = ['APPROVED', 'REJECTED'] as const;
/** Where a release pays and where a payment comes from. */
export const LOAN_FUND_SOURCES = ['CASH', 'SAVING'] as const;
export type LoanFundSource = (typeof LOAN_FUND_SOURCES)[number];
export const LOAN_PAYMENT_KINDS = ['INSTALLMENT', 'PARTIAL', 'OPEN_AMOUNT', 'PAYOFF'] as const;
export type LoanPaymentKind = (typeof LOAN_PAYMENT_KINDS)[number];
export const INSTALLMENT_STATUSES = ['UNPAID', 'PARTIAL', 'PAID'] as const;
export const ONLINE_REQUEST_STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

const text = (max: number) => z.string().trim().max(max, 'validation.invalid');
const optText = (max: number) => text(max).nullable().optional();
const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const reasonRequired = z.string({ error: 'loan.reason_required' }).trim().min(1, 'loan.reason_required').max(500, 'validation.invalid');

/** Required positive amount ("Nominal pinjaman wajib diisi" when missing; spec section 5). */
export const loanAmount = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { message: 'loan.amount_required' })
  .pipe(moneyPositive)
  .meta({ type: 'number', description: 'Rupiah, more than 0, at most 2 decimals', example: 10000000 });
/** Required tenor in months, 1..360 ("Tenor wajib diisi"). */
export const tenorInMonth = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { message: 'loan.tenor_required' })
  .pipe(z.coerce.number().int('loan.tenor_invalid').min(1, 'loan.tenor_invalid').max(360, 'loan.tenor_invalid'))
  .meta({ type: 'integer', description: 'Months, 1..360', example: 12 });
const paymentAmount = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { message: 'validation.required' })
  .pipe(moneyPositive)
  .meta({ type: 'number', description: 'Rupiah, more than 0, at most 2 decimals', example: 500000 });

// ---------------------------------------------------------------- product fields (added to loanTermsFields)

/** Loan product fields added by the loans module (flat in POST/PATCH product, in `terms.loan` of the answer). */
export const loanProductExtraFields = z.object({
  /** Installment total rounded up to a multiple of this (0.01, 1, 100 or 1000 rupiah). */
  roundingMultiple: z.coerce
    .number()
    .refine((v) => (ROUNDING_MULTIPLES as readonly number[]).includes(v), 'loan.rounding_invalid')
    .optional(),
  /** Days after the due date before a fine starts. */
  fineGraceDays: z.coerce.number().int('validation.invalid').min(0, 'validation.invalid').max(365, 'validation.invalid').optional(),
  firstInstallmentRule: z.enum(FIRST_INSTALLMENT_RULES, { error: 'loan.first_installment_rule_invalid' }).optional(),
});

// ---------------------------------------------------------------- simulation

/**
 * GET product/{id}/v2/loan/installment-simulation: the product's method and
 * rounding. interestBaseRate (annual percent) defaults to the product's rate
 * (percent per month × 12); dueDate = first installment date (default by the
 * product's rule from timeOfRequest); timeOfRequest = release date (default today).
 */
export const productSimulationQuery = z.object({
  amount: loanAmount,
  tenorInMonth,
  interestBaseRate: percent.optional(),
  dueDate: optionalDate,
  timeOfRequest: optionalFilter.pipe(z.string().optional()),
});
export type ProductSimulationQuery = z.output<typeof productSimulationQuery>;

/** GET transaction/product/loan/v2/simulation-installment: a product-less simulation. */
export const simulationQuery = productSimulationQuery.extend({
  interestBaseRate: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', { message: 'loan.rate_required' })
    .pipe(percent),
  interestMethod: z.enum(LOAN_INTEREST_METHODS, { error: 'product.interest_method_invalid' }),
  roundingMultiple: z.coerce
    .number()
    .refine((v) => (ROUNDING_MULTIPLES as readonly number[]).includes(v), 'loan.rounding_invalid')
    .default(1),
  installmentPayMethod: z.enum(PAYMENT_COMPONENTS, { error: 'validation.invalid' }).default('POKOK & JASA'),
  disbursementDate: optionalDate,
  firstInstallmentDate: optionalDate,
});
export type SimulationQuery = z.output<typeof simulationQuery>;

export const scheduleRowView = z.object({
  number: z.number(),
  dueDate: z.string(),
  principal: z.number(),
  interest: z.number(),
  total: z.number(),
  remainingPrincipal: z.number(),
});
export type ScheduleRowView = z.infer<typeof scheduleRowView>;

export const simulationView = z.object({
  /** The regular installment (the first one's total). */
  installmentAmount: z.number(),
  totalPrincipal: z.number(),
  totalInterest: z.number(),
  totalPayment: z.number(),
  installments: z.array(scheduleRowView),
});
export type SimulationView = z.infer<typeof simulationView>;

// ---------------------------------------------------------------- application

export const collateralInput = z.object({
  /** Present when updating an existing collateral. */
  id: uuid.optional(),
  /** e.g. BPKB, SHM, SK. */
  type: optText(50),
  /** Document number (no. BPKB, no. sertifikat). */
  number: z
    .string({ error: 'loan.collateral_number_required' })
    .trim()
    .min(1, 'loan.collateral_number_required')
    .max(100, 'validation.invalid'),
  detail: optText(1000),
  value: moneyNonNegative.optional(),
  /** Uploaded file keys or URLs of photos. */
  photos: z.array(text(500)).max(10, 'validation.invalid').optional(),
});
export type CollateralInput = z.output<typeof collateralInput>;

export const guarantorInput = z.object({
  name: z.string({ error: 'validation.name_required' }).trim().min(1, 'validation.name_required').max(150, 'validation.invalid'),
  relationship: optText(100),
  phone: optText(30),
  identityNumber: optText(40),
  address: optText(500),
});

/**
 * POST transaction/request-open-product-member when productId is a LOAN product.
 * Refused above the member's loan limit and the user's LOAN_REQUEST limit.
 */
export const loanOpenBody = z.object({
  memberId: uuid,
  productId: uuid,
  amount: loanAmount,
  tenorInMonth,
  purpose: optText(500),
  /** Due day each month (1-28); default the product's, else the release day. */
  dueDay: z.coerce.number().int().min(1, 'validation.invalid').max(28, 'validation.invalid').nullable().optional(),
  collaterals: z.array(collateralInput).max(20, 'validation.invalid').optional(),
  guarantor: guarantorInput.nullable().optional(),
  criteria: optText(2000),
  description: optText(500),
  /** Account officer (AO) following the loan; default the signed-in user. */
  officerId: uuid.nullable().optional(),
});
export type LoanOpenBody = z.output<typeof loanOpenBody>;

/** POST transaction/product/loan/{id}/update-request-loan: while waiting for approval. */
export const updateRequestLoanBody = z.object({
  amount: loanAmount.optional(),
  tenorInMonth: tenorInMonth.optional(),
  purpose: optText(500),
  dueDay: z.coerce.number().int().min(1, 'validation.invalid').max(28, 'validation.invalid').nullable().optional(),
  guarantor: guarantorInput.nullable().optional(),
  interviewNotes: optText(2000),
  surveyNotes: optText(2000),
  description: optText(500),
});
export type UpdateRequestLoanBody = z.output<typeof updateRequestLoanBody>;

/** POST transaction/product/loan/update-criteria. */
export const updateCriteriaBody = z.object({ loanId: uuid, criteria: text(2000) });
/** POST transaction/product/loan/update-collateral: replaces the loan's collateral list; isVerified marks them verified. */
export const updateCollateralBody = z.object({
  loanId: uuid,
  collaterals: z.array(collateralInput).max(20, 'validation.invalid'),
  isVerified: z.boolean().optional(),
});
/** POST transaction/product/loan/{id}/verify-guaranteed. */
export const verifyGuaranteedBody = z.object({ isVerified: z.boolean().default(true), notes: optText(1000) });
/** POST transaction/product/loan/{id}/approved-loan (reason required to reject). */
export const approvedLoanBody = z
  .object({ status: z.enum(LOAN_DECISIONS, { error: 'loan.decision_invalid' }), reason: optText(500) })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'loan.reason_required', path: ['reason'] });

/**
 * POST transaction/product/loan/release: pays the loan out (role release
 * flag). destination CASH (coaId: a cash or bank account, default the user's
 * assigned cash account) or SAVING (memberSavingId: the member's open savings
 * account). status REJECTED (with reason) refuses the disbursement instead.
 */
export const releaseBody = z
  .object({
    loanId: uuid,
    status: z.enum(['ACCEPTED', 'REJECTED'], { error: 'loan.decision_invalid' }).default('ACCEPTED'),
    reason: optText(500),
    destination: z.enum(LOAN_FUND_SOURCES, { error: 'loan.destination_invalid' }).default('CASH'),
    coaId: uuid.nullable().optional(),
    memberSavingId: uuid.nullable().optional(),
    /** Release date (default today, never in the future). */
    releaseDate: optionalDate,
    /** Overrides the product's first installment rule. */
    firstInstallmentDate: optionalDate,
    description: optText(500),
  })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'loan.reason_required', path: ['reason'] })
  .refine((b) => b.status === 'REJECTED' || b.destination !== 'SAVING' || Boolean(b.memberSavingId), {
    message: 'loan.saving_required',
    path: ['memberSavingId'],
  });
export type ReleaseBody = z.output<typeof releaseBody>;

// ---------------------------------------------------------------- payments

const paymentSource = {
  /** CASH: coaId (cash or bank, default the user's assigned cash account); SAVING: memberSavingId. */
  source: z.enum(LOAN_FUND_SOURCES, { error: 'loan.source_invalid' }).default('CASH'),
  coaId: uuid.nullable().optional(),
  memberSavingId: uuid.nullable().optional(),
  description: optText(500),
};
const sourceCheck = <T extends { source: string; memberSavingId?: string | null }>(b: T) =>
  b.source !== 'SAVING' || Boolean(b.memberSavingId);

/** POST transaction/product/loan/payment-installment: the next `count` installments in full (fines included). */
export const installmentPaymentBody = z
  .object({
    loanId: uuid,
    count: z.coerce.number().int().min(1, 'validation.invalid').max(360, 'validation.invalid').default(1),
    ...paymentSource,
  })
  .refine(sourceCheck, { message: 'loan.saving_required', path: ['memberSavingId'] });
/** POST transaction/product/loan/payment-partial: less than or up to what is due today, oldest first (fine → interest → principal). */
export const partialPaymentBody = z
  .object({ loanId: uuid, amount: paymentAmount, ...paymentSource })
  .refine(sourceCheck, { message: 'loan.saving_required', path: ['memberSavingId'] });
/** POST transaction/product/loan/payment-open-amount: any amount up to the whole debt, oldest first (fine → interest → principal). */
export const openAmountPaymentBody = partialPaymentBody;
/** POST transaction/product/loan/payment-full: settle the loan today (interest up to the day per method, see detail-outstanding). */
export const payoffBody = z
  .object({ loanId: uuid, ...paymentSource })
  .refine(sourceCheck, { message: 'loan.saving_required', path: ['memberSavingId'] });
/** POST transaction/product/loan/cancel-payment: the loan's latest payment (POST transaction/cancel does not undo loan payments). */
export const cancelPaymentBody = z.object({ paymentId: uuid, reason: optText(500) });
/** POST transaction/product/loan/cancel-release: undo a release before any payment (the loan is APPROVED again). */
export const cancelLoanReleaseBody = z.object({ loanId: uuid, reason: optText(500) });
/** POST transaction/product/loan/{id}/waive-fine (permission member_transaction:delete): waive the fines accrued to date (or `amount` of them). */
export const waiveFineBody = z.object({ amount: moneyPositive.nullable().optional(), reason: reasonRequired });

// ---------------------------------------------------------------- changes

/** POST transaction/product/loan/update-installment: future (unpaid) installments only; principal still sums to the amount. */
export const updateInstallmentBody = z.object({
  loanId: uuid,
  installments: z
    .array(
      z.object({
        number: z.coerce.number().int().min(1, 'validation.invalid'),
        dueDate: dateString.optional(),
        principal: moneyNonNegative.optional(),
        interest: moneyNonNegative.optional(),
      }),
    )
    .min(1, 'validation.required'),
  reason: reasonRequired,
});
export type UpdateInstallmentBody = z.output<typeof updateInstallmentBody>;

/** POST transaction/product/loan/restruktur: a new schedule on the remaining principal. */
export const restrukturBody = z.object({
  loanId: uuid,
  tenorInMonth,
  /** Percent per month (the product's unit); default the loan's. */
  interestRate: percent.optional(),
  interestMethod: z.enum(LOAN_INTEREST_METHODS, { error: 'product.interest_method_invalid' }).optional(),
  /** true: unpaid interest and fines due are added to the principal; false: they stay due on the first new installment. */
  capitalizeArrears: z.boolean().default(false),
  firstInstallmentDate: optionalDate,
  reason: reasonRequired,
});
export type RestrukturBody = z.output<typeof restrukturBody>;

export const loanTagBody = z.object({ tag: z.string().trim().max(100, 'validation.invalid').nullable() });

// ---------------------------------------------------------------- lists

/** GET transaction/product/loan/datatable. */
export const loanDatatableQuery = listQuery.extend({
  statusLoan: optionalFilter.pipe(z.enum(LOAN_STATUSES, { error: 'loan.status_invalid' }).optional()),
  productId: optionalUuid,
  memberId: optionalUuid,
  areaId: optionalUuid,
  branchId: optionalUuid,
  userId: optionalUuid,
  /** Only loans with an installment past due. */
  isOverdue: boolFilter,
  /**
   * OPEN: the open items after sign-in (spec section 5: page 0, limit 100, start 2020-01-01, end today, userId) —
   * applications waiting for approval, approved loans waiting for release, running loans with an installment past due.
   */
  status: optionalFilter.pipe(z.enum(['OPEN'], { error: 'loan.status_invalid' }).optional()),
  start: optionalDate,
  end: optionalDate,
});
export type LoanDatatableQuery = z.output<typeof loanDatatableQuery>;

export const loanMutationQuery = listQuery.extend({ start: optionalDate, end: optionalDate });
export const loanIdParam = z.object({ id: uuid });
export const outstandingByDateParams = z.object({ id: uuid, date: dateString });
/** {a}/{b}/detail-installment and {a}/{b}/by-member: a = start date, b = end date (report forms). */
export const periodParams = z.object({ a: dateString, b: dateString });
export const periodListQuery = listQuery.extend({ productId: optionalUuid, memberId: optionalUuid });

export const onlineLoanCreateBody = z.object({
  memberId: uuid,
  productId: uuid,
  amount: loanAmount,
  tenorInMonth,
  purpose: optText(500),
});
export const onlineLoanDecisionBody = z
  .object({ status: z.enum(LOAN_DECISIONS, { error: 'loan.decision_invalid' }), reason: optText(500) })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'loan.reason_required', path: ['reason'] });
export const onlineLoanListQuery = listQuery.extend({
  status: optionalFilter.pipe(z.enum(ONLINE_REQUEST_STATUSES, { error: 'loan.status_invalid' }).optional()),
});
export const homeLoanListQuery = listQuery.extend({ date: optionalDate, days: z.coerce.number().int().min(0).max(90).default(7) });
