/**
 * Loan answers (the `data` of the loan calls), split from loans.ts: views of
 * a loan, its installments, payments, history, outstanding, simulations'
 * rows excepted (loans.ts), dashboard rows and online requests.
 */
import { z } from 'zod';
import { COLLECTABILITY_GRADES, LOAN_INTEREST_METHODS, PAYMENT_COMPONENTS } from './enums.ts';
import { INSTALLMENT_STATUSES, LOAN_FUND_SOURCES, LOAN_PAYMENT_KINDS, LOAN_STATUSES, ONLINE_REQUEST_STATUSES } from './loans.ts';

// ---------------------------------------------------------------- answers

export const collateralView = z.object({
  id: z.string(),
  type: z.string().nullable(),
  number: z.string(),
  detail: z.string().nullable(),
  value: z.number(),
  photos: z.array(z.string()),
  isVerified: z.boolean(),
});

export const installmentView = z.object({
  id: z.string(),
  number: z.number(),
  dueDate: z.string(),
  principal: z.number(),
  interest: z.number(),
  total: z.number(),
  remainingPrincipal: z.number(),
  principalPaid: z.number(),
  interestPaid: z.number(),
  finePaid: z.number(),
  fineWaived: z.number(),
  /** Fine accrued to today on what is still unpaid. */
  fineDue: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
  paidDate: z.string().nullable(),
  daysLate: z.number(),
  notes: z.string().nullable(),
});
export type InstallmentView = z.infer<typeof installmentView>;

export const loanView = z.object({
  id: z.string(),
  loanNumber: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  cifNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  productCode: z.string(),
  termsVersion: z.number(),
  status: z.enum(LOAN_STATUSES),
  /** Spec label: approved, rejected, not paid off, paid off, waiting approval, running. */
  label: z.string(),
  amount: z.number(),
  tenorInMonth: z.number(),
  /** Percent per month. */
  interestRate: z.number(),
  interestMethod: z.enum(LOAN_INTEREST_METHODS),
  installmentPayMethod: z.enum(PAYMENT_COMPONENTS),
  roundingMultiple: z.number(),
  dueDay: z.number().nullable(),
  installmentAmount: z.number(),
  purpose: z.string().nullable(),
  criteria: z.string().nullable(),
  guarantor: z.record(z.string(), z.unknown()).nullable(),
  guarantorVerified: z.boolean(),
  collateralVerified: z.boolean(),
  interviewNotes: z.string().nullable(),
  surveyNotes: z.string().nullable(),
  tag: z.string().nullable(),
  isAutoDebit: z.boolean(),
  adminFee: z.number(),
  provisionFee: z.number(),
  otherCosts: z.number(),
  /** Paid out to the member (amount less fees deducted). */
  netDisbursed: z.number(),
  remainingPrincipal: z.number(),
  /** Principal paid in total: before a data migration (old books) and in this system; amount − principalPaid = remainingPrincipal. */
  principalPaid: z.number(),
  /** Of principalPaid, what was paid in the old books before the data migration (docs/migration.md). */
  principalPaidBeforeMigration: z.number(),
  interestPaid: z.number(),
  finePaid: z.number(),
  collectability: z.enum(COLLECTABILITY_GRADES),
  daysLate: z.number(),
  applicationDate: z.string(),
  approvedDate: z.string().nullable(),
  releaseDate: z.string().nullable(),
  firstInstallmentDate: z.string().nullable(),
  maturityDate: z.string().nullable(),
  paidOffDate: z.string().nullable(),
  decisionReason: z.string().nullable(),
  description: z.string().nullable(),
  officerName: z.string().nullable(),
  createdDate: z.string(),
});
export type LoanView = z.infer<typeof loanView>;

export const loanDetailView = loanView.extend({
  collaterals: z.array(collateralView),
  installments: z.array(installmentView),
});
export type LoanDetailView = z.infer<typeof loanDetailView>;

/** Answer of request-open-product-member for a LOAN product. */
export const loanOpenView = z.object({ status: z.enum(['WAITING_APPROVAL', 'APPROVED']), loan: loanView });

/** One payment (mutation-payments) with its allocation. */
export const loanPaymentView = z.object({
  id: z.string(),
  loanId: z.string(),
  /** The payment's journal id (its reversal is posted by POST transaction/product/loan/cancel-payment with paymentId = id). */
  transactionId: z.string(),
  kind: z.enum(LOAN_PAYMENT_KINDS),
  paymentDate: z.string(),
  amount: z.number(),
  principal: z.number(),
  interest: z.number(),
  fine: z.number(),
  source: z.enum(LOAN_FUND_SOURCES),
  memberSavingId: z.string().nullable(),
  status: z.enum(['POSTED', 'CANCELLED']),
  journalNumber: z.string().nullable(),
  description: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdDate: z.string(),
});
export type LoanPaymentView = z.infer<typeof loanPaymentView>;

/** One event of the loan's life (mutation-loan): release, payment, cancellation, waiver, restructure, installment change. */
export const loanMutationView = z.object({
  id: z.string(),
  date: z.string(),
  activity: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** Remaining principal after the event. */
  balance: z.number(),
  description: z.string().nullable(),
  createdDate: z.string(),
});

/** What settles the loan on `date` (detail-outstanding and detail-outstanding-by-date/{date}). */
export const outstandingView = z.object({
  loanId: z.string(),
  date: z.string(),
  amount: z.number(),
  principalPaidBeforeMigration: z.number(),
  remainingPrincipal: z.number(),
  /** Interest due: past-due installments' unpaid interest plus interest to the day per method. */
  interest: z.number(),
  fine: z.number(),
  total: z.number(),
  overdueInstallments: z.number(),
  overdueAmount: z.number(),
  daysLate: z.number(),
});
export type OutstandingView = z.infer<typeof outstandingView>;

/** {id}/remaining-loan. */
export const remainingLoanView = z.object({
  loanId: z.string(),
  /** Amount lent; amount − principalPaid = remainingPrincipal while running. */
  amount: z.number(),
  principalPaid: z.number(),
  principalPaidBeforeMigration: z.number(),
  remainingPrincipal: z.number(),
  remainingInterest: z.number(),
  remainingInstallments: z.number(),
  fineDue: z.number(),
  total: z.number(),
});

/** {id}/detail-installment-this-month-notes: this month's installment and the reminder notes. */
export const thisMonthView = z.object({
  installment: installmentView.nullable(),
  dueNow: z.number(),
  notes: z.array(z.string()),
});

export const paymentResultView = z.object({ payment: loanPaymentView, loan: loanView });

export const onlineLoanView = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  cifNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  amount: z.number(),
  tenorInMonth: z.number(),
  purpose: z.string().nullable(),
  status: z.enum(ONLINE_REQUEST_STATUSES),
  reason: z.string().nullable(),
  loanId: z.string().nullable(),
  createdDate: z.string(),
});

/** Member detail loan counts (spec section 3). */
export const memberLoanCountsView = z.object({ running: z.number(), rejected: z.number(), paidOff: z.number(), waiting: z.number() });

/** {id}/detail-images: one photo of a collateral. */
export const loanImageView = z.object({ collateralId: z.string(), number: z.string(), type: z.string().nullable(), url: z.string() });

/** Answer of POST release (journal null when the release was rejected). */
export const releaseResultView = z.object({ loan: loanView, journalId: z.string().nullable(), journalNumber: z.string().nullable() });

/** Answer of POST cancel-payment. */
export const cancelPaymentResultView = z.object({
  payment: loanPaymentView,
  reversalJournalId: z.string(),
  reversalJournalNumber: z.string(),
});

/** Answer of POST home/request-loan-online/{id}/decision. */
export const onlineLoanDecisionView = z.object({ request: onlineLoanView, loan: loanView.nullable() });

/** A row of {a}/{b}/detail-installment (installments due in a period). */
export const periodInstallmentView = z.object({
  id: z.string(),
  number: z.number(),
  dueDate: z.string(),
  principal: z.number(),
  interest: z.number(),
  total: z.number(),
  principalPaid: z.number(),
  interestPaid: z.number(),
  finePaid: z.number(),
  paidDate: z.string().nullable(),
  loanId: z.string(),
  loanNumber: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  cifNumber: z.string(),
  productName: z.string(),
});

/** A row of home/reminder-loans. */
export const loanReminderView = z.object({
  loanId: z.string(),
  loanNumber: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  cifNumber: z.string(),
  phone: z.string().nullable(),
  productName: z.string(),
  number: z.number(),
  dueDate: z.string(),
  amount: z.number(),
});
