/**
 * Sisa hasil usaha (SHU): settings per fiscal year, calculation, distribution.
 * The web forms reuse these schemas; docs/shu.md describes the routes.
 */
import { z } from 'zod';
import { listQuery, percent, uuid } from './common.ts';

export const SHU_ALLOCATION_KEYS = [
  'RESERVE',
  'MEMBER_EQUITY',
  'MEMBER_TRANSACTION',
  'MANAGEMENT',
  'EMPLOYEE',
  'EDUCATION',
  'SOCIAL',
  'OTHER',
] as const;
export type ShuAllocationKey = (typeof SHU_ALLOCATION_KEYS)[number];

/** Jasa modal: equity savings (pokok + wajib, optionally other savings) at the year's end or their average daily balance. */
export const SHU_EQUITY_BASES = ['YEAR_END_BALANCE', 'AVERAGE_DAILY_BALANCE'] as const;
/**
 * Jasa usaha: the average daily balance of the member's non-equity savings (a savings cooperative's business with
 * its members), loan interest paid in the year, loans disbursed in the year, or purchases at the business units.
 */
export const SHU_TRANSACTION_BASES = ['SAVING_AVERAGE_BALANCE', 'LOAN_INTEREST_PAID', 'LOAN_DISBURSED', 'BUSINESS_UNIT_PURCHASES'] as const;
export const SHU_PAYOUTS = ['SAVINGS', 'CASH'] as const;
export const SHU_STATUSES = ['CALCULATED', 'DISTRIBUTING', 'DISTRIBUTED', 'CANCELLING', 'CANCELLED'] as const;

const year = z.coerce.number().int().min(2000, 'validation.invalid').max(2100, 'validation.invalid');

export const shuYearQuery = z.object({ year });
export const shuYearBody = z.object({ year });

export const shuSharesSchema = z.object(
  Object.fromEntries(SHU_ALLOCATION_KEYS.map((k) => [k, percent])) as Record<ShuAllocationKey, typeof percent>,
);

export const shuAccountsSchema = z.object({
  RESERVE: uuid.nullish(),
  MANAGEMENT: uuid.nullish(),
  EMPLOYEE: uuid.nullish(),
  EDUCATION: uuid.nullish(),
  SOCIAL: uuid.nullish(),
  OTHER: uuid.nullish(),
  MEMBER_PAYABLE: uuid.nullish(),
  TAX_PAYABLE: uuid.nullish(),
});

export const shuSettingsBody = z.object({
  year,
  /** The year's SHU comes from business with members / with non-members (both may be true). */
  sourceMembers: z.boolean().default(true),
  sourceNonMembers: z.boolean().default(false),
  /** Escrow (titipan) account: where payable member shares wait for payout. */
  escrowCoaId: uuid.nullish(),
  shares: shuSharesSchema,
  equityBasis: z.enum(SHU_EQUITY_BASES).default('YEAR_END_BALANCE'),
  /** Jasa modal counts the members' other (non-equity) savings too. */
  equityIncludeOtherSavings: z.boolean().default(false),
  transactionBasis: z.enum(SHU_TRANSACTION_BASES).default('SAVING_AVERAGE_BALANCE'),
  /** Tax withheld from each member's share (final, percent); default 10. */
  taxPercent: percent.default(10),
  accounts: shuAccountsSchema.default({}),
});
export type ShuSettingsBody = z.infer<typeof shuSettingsBody>;

export const shuMemberListQuery = listQuery.extend({ year, format: z.string().optional() });
export const shuReportQuery = z.object({ year, format: z.string().optional() });

export const shuDistributeBody = z.object({
  year,
  /** SAVINGS: each member's net share credited to their voluntary savings; CASH: left payable for payout at the teller. */
  payout: z.enum(SHU_PAYOUTS).default('SAVINGS'),
  /** Date of the distribution journals (default today, WIB); must be in an open period after the year. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .optional(),
});
export const shuCancelBody = z.object({ year, reason: z.string().trim().min(3, 'validation.required').max(500) });
/** POST shu/pay-cash: a member's share left payable paid in cash, once. */
export const shuPayCashBody = z.object({
  year,
  memberId: uuid,
  /** Cash or bank account paid from (default: the user's own cash account). */
  coaId: uuid.optional().nullable(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .optional(),
});
export const shuSlipParams = z.object({ memberId: uuid });
