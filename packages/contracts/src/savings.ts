/**
 * Savings contracts (Transaksi Anggota): member saving accounts, their
 * movements, flags, lists, receipts and passbook, approval requests, the
 * dashboard's saving widgets and the saving reports (requests; the answers
 * are in savings.answers.ts). Money travels as JSON numbers with at most 2
 * decimals; errors are catalogue keys (messages/savings.ts).
 */
import { z } from 'zod';
import { boolFilter, dateString, listQuery, moneyPositive, optionalFilter, uuid } from './common.ts';
import { PRODUCT_KINDS, TRANSACTION_KINDS } from './enums.ts';
import { EQUITY_TYPES, SAVING_TYPES } from './products.ts';

export const SAVING_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED', 'REJECTED'] as const;
export const TRANSACTION_CHANNELS = ['TELLER', 'AGENT', 'MOBILE', 'SYSTEM'] as const;
export const TRANSACTION_STATUSES = ['POSTED', 'CANCELLED'] as const;
/** What a movement was (the `activity` filter of transaction/datatable). */
export const SAVING_ACTIVITIES = [
  'OPENING',
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'CLOSING',
  'CLOSING_FEE',
  'EXIT',
  'CASH_OUT_ONLINE',
  'ADMIN_FEE',
  'INTEREST',
  'TAX',
  'AUTO_DEBIT',
  'OPENING_BALANCE',
  'REVERSAL',
] as const;
export const REQUEST_TYPES = ['WITHDRAWAL', 'CASH_OUT_ONLINE'] as const;
export const REQUEST_STATUSES = ['WAITING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export const DECISIONS = ['APPROVED', 'REJECTED'] as const;
export const RECEIPT_PAPERS = ['A5', '80MM'] as const;

const description = z.string().trim().max(500, 'validation.invalid').nullable().optional();
const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const cif = z.string({ error: 'saving.cif_required' }).trim().toUpperCase().min(1, 'saving.cif_required').max(40, 'saving.cif_required');
const reasonRequired = z.string({ error: 'saving.reason_required' }).trim().min(1, 'saving.reason_required').max(500, 'validation.invalid');
const reasonOptional = z.string().trim().max(500, 'validation.invalid').nullable().optional();
/** `?format=xlsx` (or `excel`) downloads Excel; anything else answers JSON. */
/**
 * A required positive amount: missing reads "Nominal wajib diisi" (the shared
 * money schema is a union, whose missing value would read "not valid").
 */
const amount = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { message: 'validation.required' })
  .pipe(moneyPositive)
  .meta({
    type: 'number',
    description: 'Rupiah, more than 0, at most 2 decimals (a JSON number; numeric text is accepted)',
    example: 150000,
  });

const reportFormat = z
  .string()
  .optional()
  .transform((v) => (v && ['xlsx', 'excel'].includes(v.toLowerCase()) ? ('xlsx' as const) : ('json' as const)));

// ---------------------------------------------------------------- opening

/** POST transaction/request-open-product-member. */
export const openProductBody = z
  .object({
    memberId: uuid,
    productId: uuid,
    /** First deposit, posted with the opening (not for products that need approval). */
    initialDeposit: moneyPositive.nullable().optional(),
    /** Cash or bank account of the first deposit (default: the user's assigned cash account). */
    coaId: uuid.nullable().optional(),
    tag: z.string().trim().max(100, 'validation.invalid').nullable().optional(),
    isAutoDebit: z.boolean().optional(),
    /** Plan savings: the member's plan (defaults: the product's). */
    planMonthlyAmount: moneyPositive.nullable().optional(),
    planTargetBalance: moneyPositive.nullable().optional(),
    planTargetDate: dateString.nullable().optional(),
    description,
  })
  // Other kinds' fields (deposit amount and tenor, loan terms) reach the opener their module registers.
  .loose();
export type OpenProductBody = z.output<typeof openProductBody>;

/** POST transaction/approve-open-product-member. */
export const openDecisionBody = z
  .object({ memberSavingId: uuid, status: z.enum(DECISIONS, { error: 'saving.decision_invalid' }), reason: reasonOptional })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'saving.reason_required', path: ['reason'] });

// ---------------------------------------------------------------- movements

/** POST transaction/topup-saving and transaction/withdraw. */
export const savingMovementBody = z.object({
  memberSavingId: uuid,
  amount,
  description,
  /** Cash or bank account (a child of 101); default the signed-in user's assigned cash account, else Kas Besar. */
  coaId: uuid.nullable().optional(),
});
export type SavingMovementBody = z.output<typeof savingMovementBody>;

/** POST /api/transaction/topup-saving-by-cif: the member by CIF; productId optional when the member has one voluntary account. */
export const topupByCifBody = z.object({
  cif,
  productId: uuid.nullable().optional(),
  amount,
  description,
  coaId: uuid.nullable().optional(),
});

/** POST .../topup-saving-by-cif-product-kas-bank and .../withdraw-saving-by-cif-product-kas-bank. */
export const byCifProductCashBody = z.object({
  cif,
  productId: uuid,
  /** The cash or bank account; default the user's assigned cash account. */
  coaId: uuid.nullable().optional(),
  amount,
  description,
});

/** POST /api/transaction/v2/transfer: QUERY parameters (spec). */
export const transferQuery = z.object({
  fromSavingId: uuid,
  toSavingId: uuid,
  amount,
  description: z.string().trim().max(500, 'validation.invalid').optional(),
  /** The client's request time (any text up to 64 characters): a repeat of the same transfer is answered once. */
  timeOfRequest: z.string().trim().min(1, 'validation.invalid').max(64, 'validation.invalid').optional(),
});
export type TransferQuery = z.output<typeof transferQuery>;

/** POST /api/transaction/cancel. */
export const cancelBody = z.object({ transactionId: uuid, reason: reasonOptional });

/** POST transaction/close-product-saving. */
export const closeSavingBody = z.object({
  memberSavingId: uuid,
  /** Cash or bank account paying out the rest; default the user's assigned cash account. */
  coaId: uuid.nullable().optional(),
  reason: reasonOptional,
});

// ---------------------------------------------------------------- flags (PATCH /api/member/{id}/...)

/** {id} of the flag calls is the saving account id (member_saving), except source-of-fund where it is the member id. */
export const savingIdParam = z.object({ id: uuid });
export const tagBody = z.object({ tag: z.string().trim().max(100, 'validation.invalid').nullable() });
export const autoDebitQuery = z.object({
  isAutoDebit: z.union([z.boolean(), z.string()], { error: 'saving.auto_debit_required' }).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(s)) return true;
    if (['false', '0', 'no'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: 'saving.auto_debit_required' });
    return z.NEVER;
  }),
});
export const sourceOfFundBody = z.object({ memberSavingId: uuid });
/** Block (isBlocked true, amount = the total held) or unblock (isBlocked false); query or body. */
export const blockedBody = z
  .object({
    isBlocked: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1'),
    amount: z.union([moneyPositive, z.null()]).optional(),
    reason: reasonRequired,
  })
  .refine((b) => !b.isBlocked || b.amount != null, { message: 'saving.block_amount_required', path: ['amount'] });
export const notGetInterestBody = z.object({ isNotGetInterest: z.boolean({ error: 'validation.invalid' }) });

// ---------------------------------------------------------------- lists

/** `sort` "column" or "column,asc|desc" (spec), or sortBy + ascOrDesc. */
const sort = z.string().trim().max(60).optional();

/** GET transaction/datatable. */
export const transactionDatatableQuery = listQuery.extend({
  /** true: standing movements only (not cancelled, not reversals); false: cancelled ones and their reversals. */
  isActive: boolFilter,
  startCreated: optionalDate,
  endCreated: optionalDate,
  startApprovedDate: optionalDate,
  endApprovedDate: optionalDate,
  /** Product id or code. */
  product: optionalFilter,
  productKind: optionalFilter.pipe(z.enum(PRODUCT_KINDS, { error: 'product.kind_invalid' }).optional()),
  activity: optionalFilter.transform((v) => v?.toUpperCase()),
  kind: optionalFilter.transform((v) => v?.toUpperCase()).pipe(z.enum(TRANSACTION_KINDS, { error: 'validation.invalid' }).optional()),
  memberId: optionalUuid,
  memberSavingId: optionalUuid,
  userId: optionalUuid,
  branchId: optionalUuid,
  channel: optionalFilter.transform((v) => v?.toUpperCase()),
  sort,
  format: reportFormat,
});
export type TransactionDatatableQuery = z.output<typeof transactionDatatableQuery>;

/** GET /api/transaction/datatable-by-me: the signed-in user's latest (limit up to 1000). */
export const transactionByMeQuery = listQuery.extend({
  startCreated: optionalDate,
  endCreated: optionalDate,
});

/** GET transaction/product/{id}/detail-mutation-product (and -saving-have-plan). */
export const mutationQuery = listQuery.extend({
  start: optionalDate,
  end: optionalDate,
  /** true (default): standing movements and reversals; cancelled originals are shown marked. */
  format: reportFormat,
});

/** GET transaction/product/{id}/passbook. */
export const passbookQuery = z.object({
  start: optionalDate,
  end: optionalDate,
  format: reportFormat,
});

export const receiptQuery = z.object({
  paper: optionalFilter.transform((v) => (v?.toUpperCase() === '80MM' ? ('80MM' as const) : ('A5' as const))),
});

/** GET /api/member/{id}/saving-product: the member's saving accounts. */
export const memberSavingsQuery = z.object({
  status: optionalFilter,
  kind: optionalFilter,
});

/** GET /api/transaction/saving/search: accounts by CIF, name, phone or account number as staff type. */
export const savingSearchQuery = z.object({
  q: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.invalid'),
  kind: optionalFilter,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * A yes/no filter read as the auto-debit flag's PATCH reads it (true/1/yes,
 * false/0/no, any case); empty or `none` = no filter; anything else is
 * refused with `message` (400).
 */
const trueFalseFilter = (message: string) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'none') return undefined;
      if (typeof v === 'boolean') return v;
      const s = v.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(s)) return true;
      if (['false', '0', 'no'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta({ type: 'boolean', description: 'true or false; empty = no filter' });

/** One value or a comma-separated list of `values` (any case), upper-cased; empty or `none` = no filter. */
const enumListFilter = (values: readonly string[]) =>
  optionalFilter
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = [...new Set(v.split(',').map((x) => x.trim().toUpperCase()))].filter(Boolean);
      if (!list.length || list.some((x) => !values.includes(x))) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return list;
    })
    .meta({ type: 'string', description: `One of ${values.join(', ')}, or several separated by commas` });

/** Saving types of member accounts: voluntary ones (SAVING) and equity ones (SAVING_EQUITY). */
export const ACCOUNT_SAVING_TYPES = [...SAVING_TYPES, ...EQUITY_TYPES] as const;

/**
 * GET /api/transaction/saving/datatable. Filters: product, member (one, or
 * `memberIds` up to 100 separated by commas), product kind SAVING or
 * SAVING_EQUITY, saving type(s), status, branch, and the account flags
 * `isAutoDebit` / `isSourceOfFund` (the Auto Debet screen: the accounts on
 * auto debit, then their members' source-of-fund accounts).
 */
export const savingAccountDatatableQuery = listQuery.extend({
  productId: optionalUuid,
  memberId: optionalUuid,
  memberIds: optionalFilter
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = [...new Set(v.split(',').map((x) => x.trim().toLowerCase()))].filter(Boolean);
      if (!list.length || list.length > 100 || list.some((x) => !uuid.safeParse(x).success)) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return list;
    })
    .meta({ type: 'string', description: 'Member ids separated by commas (at most 100)' }),
  /** Product kind: SAVING (voluntary and plan savings) or SAVING_EQUITY. */
  kind: optionalFilter
    .transform((v) => v?.trim().toUpperCase())
    .pipe(z.enum(['SAVING', 'SAVING_EQUITY'], { error: 'validation.invalid' }).optional()),
  savingType: enumListFilter(ACCOUNT_SAVING_TYPES),
  status: optionalFilter,
  isActive: boolFilter,
  branchId: optionalUuid,
  isAutoDebit: trueFalseFilter('saving.auto_debit_required'),
  isSourceOfFund: trueFalseFilter('validation.invalid'),
});

// ---------------------------------------------------------------- requests

/** POST /api/home/request-cashing-out-online/submit: a cash-out request from the member app (or entered for the member). */
export const cashOutCreateBody = z.object({
  memberSavingId: uuid,
  amount,
  bankName: z.string({ error: 'saving.bank_required' }).trim().min(1, 'saving.bank_required').max(100, 'validation.invalid'),
  bankAccountNumber: z
    .string({ error: 'saving.bank_account_number_required' })
    .trim()
    .regex(/^[0-9 .-]{4,40}$/, 'saving.bank_account_number_required'),
  bankAccountName: z
    .string({ error: 'saving.bank_account_name_required' })
    .trim()
    .min(1, 'saving.bank_account_name_required')
    .max(150, 'validation.invalid'),
  description,
});

/** POST /api/home/request-cashing-out-online and POST /api/transaction/withdraw-request/decide. */
export const requestDecisionBody = z
  .object({
    id: uuid,
    status: z.enum(DECISIONS, { error: 'saving.decision_invalid' }),
    reason: reasonOptional,
    /** Cash or bank account paying out (approval); default the request's, else the approver's cash account. */
    coaId: uuid.nullable().optional(),
  })
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.reason), { message: 'saving.reason_required', path: ['reason'] });

export const requestListQuery = listQuery.extend({
  status: optionalFilter.transform((v) => v?.toUpperCase()),
  start: optionalDate,
  end: optionalDate,
});

// ---------------------------------------------------------------- dashboard

export const homeSavingListQuery = listQuery.extend({
  productId: optionalUuid,
  branchId: optionalUuid,
});

// ---------------------------------------------------------------- reports (GET /api/report/...)

export const savingReportQuery = listQuery.extend({
  productId: optionalUuid,
  productCode: optionalFilter,
  kind: optionalFilter,
  isActive: boolFilter,
  branchId: optionalUuid,
  areaId: optionalUuid,
  /** Balances as of this day (default today). */
  periode: optionalDate,
  showZeroAmount: boolFilter,
  format: reportFormat,
});

export const transactionsReportQuery = listQuery.extend({
  start: optionalDate,
  end: optionalDate,
  productId: optionalUuid,
  productCode: optionalFilter,
  kind: optionalFilter,
  activity: optionalFilter,
  userId: optionalUuid,
  branchId: optionalUuid,
  channel: optionalFilter,
  isActive: boolFilter,
  format: reportFormat,
});

export const savingProductReportQuery = z.object({
  /** As of this day (default today). */
  periode: optionalDate,
  kind: optionalFilter,
  format: reportFormat,
});

export const savingProductPeriodeQuery = z.object({
  start: optionalDate,
  end: optionalDate,
  productId: optionalUuid,
  format: reportFormat,
});

export const movementReportQuery = listQuery.extend({
  start: optionalDate,
  end: optionalDate,
  productId: optionalUuid,
  userId: optionalUuid,
  branchId: optionalUuid,
  format: reportFormat,
});

export const planReportQuery = listQuery.extend({
  productId: optionalUuid,
  /** ON_TRACK, BEHIND, REACHED. */
  progress: optionalFilter,
  format: reportFormat,
});
