/**
 * Bill contracts (Tagihan): a member's bill of a BILL product, its
 * installments, payments and the stop. Money travels as JSON numbers with at
 * most 2 decimals; errors are catalogue keys (messages/bills.ts).
 *
 * Paths (all under /api):
 *  - POST transaction/request-open-product-member with a BILL product: `billOpenBody`
 *  - GET transaction/product/bill/simulation-installment: `billSimulationQuery`
 *  - POST transaction/product/bill/{id}/approved-bill: `approvedBillBody`
 *  - POST transaction/product/bill/update-request-bill: `updateRequestBillBody`
 *  - POST transaction/product/bill/payment-open-amount: `billPaymentBody`
 *  - POST transaction/product/bill/cancel-payment: `billCancelPaymentBody`
 *  - POST transaction/product/bill/{id}/stop-bill: `stopBillBody`
 *  - POST transaction/product/bill/update-installment, delete-installment
 *  - GET transaction/product/bill/datatable, {id}/detail-installment-bill-member, {id}/mutation-payments
 *  - GET report/bill/realization-periode: `billRealizationQuery` (format=xlsx)
 */
import { z } from 'zod';
import { dateString, listQuery, moneyNonNegative, moneyPositive, optionalFilter, uuid } from './common.ts';
import { BILL_TYPES } from './enums.ts';

export type BillType = (typeof BILL_TYPES)[number];
/** Life of a bill: request → approved (running) → paid off; or rejected; or stopped (with a reason). */
export const BILL_STATUSES = ['WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'PAID_OFF', 'STOPPED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_INSTALLMENT_STATUSES = ['OPEN', 'PARTIAL', 'PAID', 'DELETED', 'STOPPED'] as const;
export const BILL_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export const BILL_FUND_SOURCES = ['CASH', 'SAVING'] as const;

const text = (max: number) => z.string().trim().max(max, 'validation.invalid');
const optText = (max: number) => text(max).nullable().optional();
const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const reasonRequired = z.string({ error: 'bill.reason_required' }).trim().min(1, 'bill.reason_required').max(500, 'validation.invalid');
const installmentCount = z.coerce
  .number()
  .int('bill.installments_invalid')
  .min(1, 'bill.installments_invalid')
  .max(360, 'bill.installments_invalid');
const amountList = z.array(moneyPositive).min(1, 'bill.installments_invalid').max(360, 'bill.installments_invalid');

/** The terms of a bill's schedule (create, update-request-bill, simulation). */
const scheduleFields = {
  /** Default the product's type. */
  billType: z.enum(BILL_TYPES, { error: 'product.bill_type_invalid' }).optional(),
  /** The bill date: the first installment falls due on it, then monthly (default today). */
  date: dateString.nullable().optional(),
  /** FIXED_BILL: each period's amount (default the product's billAmount). */
  perBillAmount: moneyPositive.nullable().optional(),
  /** WITH_TOTAL_DEBT: the total to split. */
  amount: moneyPositive.nullable().optional(),
  /** FIXED_BILL and WITH_TOTAL_DEBT: number of installments (default the product's). */
  installments: installmentCount.nullable().optional(),
  /** NOT_FIXED_BILL: each installment's amount. */
  installmentAmounts: amountList.nullable().optional(),
  /** Default the product's admin fee. */
  adminFee: moneyNonNegative.nullable().optional(),
};

/** POST transaction/request-open-product-member when productId is a BILL product: a bill waiting for approval. */
export const billOpenBody = z.object({
  memberId: uuid,
  productId: uuid,
  name: z.string({ error: 'bill.name_required' }).trim().min(1, 'bill.name_required').max(200, 'validation.invalid'),
  ...scheduleFields,
  description: optText(500),
});
export type BillOpenBody = z.output<typeof billOpenBody>;

/** POST transaction/product/bill/update-request-bill: a bill still waiting for approval (its schedule is rebuilt). */
export const updateRequestBillBody = z.object({
  billId: uuid,
  name: text(200).min(1, 'bill.name_required').optional(),
  ...scheduleFields,
  description: optText(500),
});
export type UpdateRequestBillBody = z.output<typeof updateRequestBillBody>;

/** GET transaction/product/bill/simulation-installment: the schedule a bill would get (installmentAmounts comma-separated). */
const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.toLowerCase() === 'none') ? undefined : v);
const queryOpt = <T extends z.ZodType>(t: T) => z.preprocess(blankToUndefined, t.optional());
export const billSimulationQuery = z.object({
  productId: optionalUuid,
  billType: optionalFilter.pipe(z.enum(BILL_TYPES, { error: 'product.bill_type_invalid' }).optional()),
  date: optionalDate,
  perBillAmount: queryOpt(moneyPositive),
  amount: queryOpt(moneyPositive),
  installments: queryOpt(installmentCount),
  installmentAmounts: queryOpt(z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()) : v), amountList)),
  adminFee: queryOpt(moneyNonNegative),
});
export type BillSimulationQuery = z.output<typeof billSimulationQuery>;

export const billIdParam = z.object({ id: uuid });

/** POST transaction/product/bill/{id}/approved-bill: within the approver's LOAN_APPROVAL limit; a rejection needs a reason. */
export const approvedBillBody = z
  .object({ status: z.enum(BILL_DECISIONS, { error: 'bill.decision_invalid' }).default('APPROVED'), reason: optText(500) })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'bill.reason_required', path: ['reason'] });

/** POST transaction/product/bill/payment-open-amount: any amount up to what is owed, oldest installment first (admin fee, then amount). */
export const billPaymentBody = z
  .object({
    billId: uuid,
    amount: z.union([z.number(), z.string()], { error: 'bill.amount_required' }).pipe(moneyPositive),
    /** CASH: coaId (cash or bank, default the user's assigned cash account); SAVING: memberSavingId. */
    source: z.enum(BILL_FUND_SOURCES, { error: 'bill.source_invalid' }).default('CASH'),
    coaId: uuid.nullable().optional(),
    memberSavingId: uuid.nullable().optional(),
    description: optText(500),
  })
  .refine((b) => b.source !== 'SAVING' || Boolean(b.memberSavingId), { message: 'bill.saving_required', path: ['memberSavingId'] });
export type BillPaymentBody = z.output<typeof billPaymentBody>;

/** POST transaction/product/bill/cancel-payment: the bill's latest payment (posts the reversal). */
export const billCancelPaymentBody = z.object({ paymentId: uuid, reason: reasonRequired });

/** POST transaction/product/bill/{id}/stop-bill: what is left is written off (reason required). */
export const stopBillBody = z.object({ reason: reasonRequired });

/** POST transaction/product/bill/update-installment: unpaid installments' due date or amount. */
export const updateBillInstallmentBody = z.object({
  billId: uuid,
  installments: z
    .array(
      z.object({
        number: z.coerce.number().int().min(1, 'validation.invalid'),
        dueDate: dateString.optional(),
        amount: moneyPositive.optional(),
      }),
    )
    .min(1, 'validation.required')
    .max(360, 'validation.invalid'),
  reason: reasonRequired,
});
export type UpdateBillInstallmentBody = z.output<typeof updateBillInstallmentBody>;

/** POST transaction/product/bill/delete-installment: an installment nothing was paid on. */
export const deleteBillInstallmentBody = z.object({
  billId: uuid,
  number: z.coerce.number().int().min(1, 'validation.invalid'),
  reason: reasonRequired,
});

export const billDatatableQuery = listQuery.extend({
  status: optionalFilter.pipe(z.enum(BILL_STATUSES, { error: 'validation.invalid' }).optional()),
  productId: optionalUuid,
  memberId: optionalUuid,
});
export const billMutationQuery = listQuery;

/** GET report/bill/realization-periode: bills approved between start and end. */
export const billRealizationQuery = z.object({
  start: optionalDate,
  end: optionalDate,
  productId: optionalUuid,
  branchId: optionalUuid,
  billType: optionalFilter.pipe(z.enum(BILL_TYPES, { error: 'product.bill_type_invalid' }).optional()),
  format: z.string().optional(),
});

// ---------------------------------------------------------------- answers

const money = z.number();
export const billInstallmentView = z.object({
  id: z.string(),
  number: z.number(),
  dueDate: z.string(),
  amount: money,
  adminFee: money,
  amountPaid: money,
  adminFeePaid: money,
  remaining: money,
  paidDate: z.string().nullable(),
  status: z.enum(BILL_INSTALLMENT_STATUSES),
  notes: z.string().nullable(),
});
export const billView = z.object({
  id: z.string(),
  billNumber: z.string(),
  name: z.string(),
  billType: z.enum(BILL_TYPES),
  status: z.enum(BILL_STATUSES),
  date: z.string(),
  amount: money,
  perBillAmount: money,
  adminFee: money,
  installments: z.number(),
  paid: money,
  deducted: money,
  writtenOff: money,
  debt: money,
  memberId: z.string(),
  memberName: z.string(),
  cifNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  approvedDate: z.string().nullable(),
  decisionReason: z.string().nullable(),
  stoppedDate: z.string().nullable(),
  stopReason: z.string().nullable(),
  paidOffDate: z.string().nullable(),
  description: z.string().nullable(),
  createdDate: z.string(),
});
export const billDetailView = billView.extend({ schedule: z.array(billInstallmentView) });
export const billPaymentView = z.object({
  id: z.string(),
  seq: z.number(),
  paymentDate: z.string(),
  amount: money,
  billAmount: money,
  adminFee: money,
  source: z.enum(BILL_FUND_SOURCES),
  status: z.enum(['POSTED', 'CANCELLED']),
  journalId: z.string(),
  cancelReason: z.string().nullable(),
  description: z.string().nullable(),
  createdDate: z.string(),
});
export const billSimulationView = z.object({
  billType: z.enum(BILL_TYPES),
  amount: money,
  perBillAmount: money,
  adminFee: money,
  total: money,
  installments: z.array(z.object({ number: z.number(), dueDate: z.string(), amount: money, adminFee: money, total: money })),
});
export type BillView = z.infer<typeof billView>;
export type BillDetailView = z.infer<typeof billDetailView>;
export type BillInstallmentView = z.infer<typeof billInstallmentView>;
export type BillPaymentView = z.infer<typeof billPaymentView>;
export type BillSimulationView = z.infer<typeof billSimulationView>;
