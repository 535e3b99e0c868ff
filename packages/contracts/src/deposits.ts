/**
 * Term deposit (simpanan berjangka / deposito) contracts: placement through
 * POST transaction/request-open-product-member (kind SAVING_DEPOSIT), the
 * deposit calls of spec section 7 (withdraw, break, setup, position,
 * potential interest, mutations, report) and the monthly interest release.
 * The math is in packages/finance/src/deposit.ts; docs/deposits.md.
 */
import { z } from 'zod';
import { dateString, listQuery, moneyNonNegative, moneyPositive, optionalFilter, uuid } from './common.ts';

export const DEPOSIT_TENORS = [1, 3, 6, 12, 24] as const;
export const DEPOSIT_DAY_COUNTS = ['MONTHLY', 'ACTUAL_365'] as const;
export const DEPOSIT_PENALTY_BASES = ['PRINCIPAL', 'INTEREST'] as const;
export const DEPOSIT_ROLLOVER_TYPES = ['PRINCIPAL', 'PRINCIPAL_INTEREST'] as const;
export const DEPOSIT_ROLLOVERS = ['NONE', 'PRINCIPAL', 'PRINCIPAL_INTEREST'] as const;
export const DEPOSIT_DESTINATIONS = ['SAVING', 'HOLDING'] as const;
export const DEPOSIT_STATUSES = ['ACTIVE', 'MATURED', 'WITHDRAWN', 'BROKEN'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const INTEREST_TAX_BASES = ['MEMBER', 'ACCOUNT'] as const;

const description = z.string().trim().max(500, 'validation.invalid').nullable().optional();
const tenor = z.coerce
  .number({ error: 'deposit.tenor_invalid' })
  .int('deposit.tenor_invalid')
  .refine((v) => (DEPOSIT_TENORS as readonly number[]).includes(v), 'deposit.tenor_invalid');

/** Body of request-open-product-member for a SAVING_DEPOSIT product. */
export const depositOpenBody = z.object({
  memberId: uuid,
  productId: uuid,
  /** The principal placed. */
  amount: moneyPositive,
  tenor,
  /** Where the monthly interest goes: a savings account of the member (interestSavingId) or the interest holding account. */
  interestDestination: z.enum(DEPOSIT_DESTINATIONS, { error: 'deposit.destination_invalid' }).optional(),
  interestSavingId: uuid.nullable().optional(),
  /** NONE, PRINCIPAL or PRINCIPAL_INTEREST; default the product's automatic rollover. */
  rollover: z.enum(DEPOSIT_ROLLOVERS, { error: 'deposit.rollover_invalid' }).optional(),
  /** Funded from this savings account of the member; else from cash or bank (coaId, default the user's cash account). */
  sourceSavingId: uuid.nullable().optional(),
  coaId: uuid.nullable().optional(),
  description,
});
export type DepositOpenBody = z.output<typeof depositOpenBody>;

/** POST transaction/deposit/withdraw: principal and interest to the holding accounts (defaults: the product's). */
export const depositWithdrawBody = z.object({
  accountProductId: uuid,
  accountPenampungPokokId: uuid.nullable().optional(),
  accountPenampungBungaId: uuid.nullable().optional(),
  description,
});

/** POST transaction/deposit/break: early break; pinaltyBreak overrides the product's penalty (rupiah). */
export const depositBreakBody = z.object({
  accountProductId: uuid,
  accountPenampungPokokId: uuid.nullable().optional(),
  pinaltyBreak: moneyNonNegative.nullable().optional(),
  reason: description,
});

/**
 * POST transaction/deposit/{id}/payout: pays out what the deposit has in the holding accounts (penampung pokok /
 * bunga), in cash (coaId: a cash or bank account; the user's own when absent) or to a savings account of the member.
 * kinds: which holding (both when absent).
 */
export const depositPayoutBody = z
  .object({
    method: z.enum(['CASH', 'SAVING'], { error: 'deposit.payout_method_invalid' }),
    coaId: uuid.nullable().optional(),
    savingId: uuid.nullable().optional(),
    kinds: z
      .array(z.enum(['PRINCIPAL', 'INTEREST'], { error: 'deposit.payout_kind_invalid' }))
      .min(1)
      .max(2)
      .optional(),
    description,
  })
  .refine((b) => b.method !== 'SAVING' || Boolean(b.savingId), { message: 'deposit.payout_saving_required', path: ['savingId'] });
export type DepositPayoutBody = z.infer<typeof depositPayoutBody>;

/** POST transaction/deposit/{id}/break-approval. */
export const depositBreakDecisionBody = z
  .object({ status: z.enum(['APPROVED', 'REJECTED'], { error: 'saving.decision_invalid' }), reason: description })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'saving.reason_required', path: ['reason'] });

/** PATCH transaction/deposit/{id}/deposit-position. */
export const depositPositionBody = z.object({
  interestDestination: z.enum(DEPOSIT_DESTINATIONS, { error: 'deposit.destination_invalid' }).optional(),
  interestSavingId: uuid.nullable().optional(),
  rollover: z.enum(DEPOSIT_ROLLOVERS, { error: 'deposit.rollover_invalid' }).optional(),
});

/** POST interest-simulation/deposit/release: from and to dates are required (spec section 5). */
export const depositReleaseBody = z
  .object({
    fromDate: dateString.optional(),
    toDate: dateString.optional(),
    /** Aliases. */
    startDate: dateString.optional(),
    endDate: dateString.optional(),
    /** Deposits per committed chunk (default 500). */
    chunkSize: z.coerce.number().int().min(1).max(5000).optional(),
  })
  .transform((b) => ({ fromDate: b.fromDate ?? b.startDate, toDate: b.toDate ?? b.endDate, chunkSize: b.chunkSize }))
  .superRefine((b, ctx) => {
    if (!b.fromDate) ctx.addIssue({ code: 'custom', message: 'deposit.release_dates_required', path: ['fromDate'] });
    if (!b.toDate) ctx.addIssue({ code: 'custom', message: 'deposit.release_dates_required', path: ['toDate'] });
    if (b.fromDate && b.toDate && b.toDate < b.fromDate)
      ctx.addIssue({ code: 'custom', message: 'deposit.release_dates_order', path: ['toDate'] });
  });

export const cancelReleaseBody = z.object({ reason: description }).optional();

export const potentialInterestQuery = listQuery.extend({
  startDate: dateString,
  endDate: dateString,
  productId: optionalFilter,
});

export const depositListQuery = listQuery.extend({
  status: optionalFilter,
  productId: optionalFilter,
  memberId: optionalFilter,
  startDate: optionalFilter,
  endDate: optionalFilter,
});
export type DepositListQuery = z.output<typeof depositListQuery>;

export const depositMutationQuery = listQuery;

/** The projection the placement form shows (GET transaction/deposit/projection). */
export const depositProjectionQuery = z.object({
  productId: uuid,
  amount: moneyPositive,
  tenor,
  startDate: dateString.optional(),
});

export const depositView = z.object({
  id: z.string(),
  accountNumber: z.string(),
  certificateNumber: z.string(),
  memberId: z.string(),
  cifNumber: z.string(),
  memberName: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  principal: z.number(),
  placedAmount: z.number(),
  tenor: z.number(),
  rate: z.number(),
  dayCount: z.enum(DEPOSIT_DAY_COUNTS),
  termNo: z.number(),
  startDate: z.string(),
  maturityDate: z.string(),
  placedDate: z.string(),
  paidThrough: z.string(),
  interestDestination: z.enum(DEPOSIT_DESTINATIONS),
  interestSavingId: z.string().nullable(),
  interestSavingNumber: z.string().nullable(),
  rollover: z.enum(DEPOSIT_ROLLOVERS),
  funding: z.enum(['CASH', 'SAVING']),
  interestPaid: z.number(),
  taxPaid: z.number(),
  penalty: z.number(),
  breakRequested: z.boolean(),
  closedDate: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositView>;
