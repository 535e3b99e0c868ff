/**
 * General ledger contracts: chart of accounts, journals, closing the books and
 * the ledger reports. Request schemas are zod (the server validates with them,
 * the web forms reuse them); response shapes are TypeScript interfaces. Money
 * travels as JSON numbers (at most 2 decimals).
 */
import { z } from 'zod';
import { BOOKS_FLOOR, boolFilter, dateString, listQuery, moneyAny, moneyNonNegative, optionalFilter, uuid } from './common.ts';

/** A date of the books: not before BOOKS_FLOOR (a manual journal dated 0001-01-01 or 1900-01-01 is a typing slip). */
export const bookDate = dateString.refine((s) => s >= BOOKS_FLOOR, 'ledger.date_before_books');

import { ACCOUNT_TYPES, type AccountType } from './enums.ts';

export const NORMAL_BALANCES = ['DEBIT', 'CREDIT'] as const;
export type NormalBalance = (typeof NORMAL_BALANCES)[number];

/**
 * Source modules the product posts from. The engine accepts any upper-case
 * code (`^[A-Z][A-Z0-9_]{1,39}$`); these are the ones in use.
 */
export const JOURNAL_SOURCES = [
  'MANUAL',
  'ADJUSTMENT',
  'BALANCE_ADJUSTMENT',
  'OPENING',
  'CLOSING',
  'SAVING',
  'DEPOSIT',
  'LOAN',
  'BILL',
  'TELLER',
  'INTEREST',
  'SHU',
  'MIGRATION',
  'BUSINESS_UNIT',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

/** POSTED: standing; CANCELLED: reversed by a later journal; REVERSAL: the reversing journal itself. */
export const JOURNAL_STATUSES = ['POSTED', 'CANCELLED', 'REVERSAL'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

export const PERIOD_STATUSES = ['OPEN', 'CLOSED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

/** A month, `YYYY-MM`. */
export const periodString = z
  .string({ error: 'ledger.periode_invalid' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'ledger.periode_invalid');

/** A month (`YYYY-MM`) or a day (`YYYY-MM-DD`). */
export const periodOrDate = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) || dateString.safeParse(v).success, 'ledger.periode_invalid');

/** `?format=xlsx` (or `excel`) downloads the report as an Excel workbook; anything else answers JSON. */
export const reportFormat = z
  .string()
  .optional()
  .transform((v) => (v && ['xlsx', 'excel'].includes(v.toLowerCase()) ? ('xlsx' as const) : ('json' as const)));

const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const optionalPeriodOrDate = optionalFilter.pipe(periodOrDate.optional());
const reason = z.string({ error: 'ledger.reason_required' }).trim().min(1, 'ledger.reason_required').max(500, 'validation.invalid');

// ---------------------------------------------------------------- chart of accounts

export const coaCode = z
  .string({ error: 'ledger.coa_code_required' })
  .trim()
  .min(1, 'ledger.coa_code_required')
  .max(20, 'ledger.coa_code_invalid')
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'ledger.coa_code_invalid');

const coaName = z.string({ error: 'validation.name_required' }).trim().min(1, 'validation.name_required').max(150, 'validation.invalid');
const description = z.string().trim().max(500, 'validation.invalid').nullable().optional();

/** Under Kas dan Bank (101): notes and coins or a bank account (docs/teller.md "Cash and bank accounts"). */
export const CASH_KINDS = ['CASH', 'BANK'] as const;
export type CashKind = (typeof CASH_KINDS)[number];
const cashKind = z.enum(CASH_KINDS, { error: 'validation.invalid' }).nullable().optional();

/** POST /api/coa. Type defaults to the parent's; normal balance to the type's (debit for assets and expenses). */
export const coaCreateBody = z.object({
  code: coaCode,
  name: coaName,
  parentId: uuid.nullable().optional(),
  type: z.enum(ACCOUNT_TYPES, { error: 'ledger.coa_type_invalid' }).optional(),
  normalBalance: z.enum(NORMAL_BALANCES, { error: 'validation.invalid' }).optional(),
  isPostable: z.boolean().default(true),
  isActive: z.boolean().default(true),
  businessUnitId: uuid.nullable().optional(),
  cashKind,
  description,
});
export type CoaCreateBody = z.input<typeof coaCreateBody>;

/** PATCH /api/coa: the id and the fields to change. */
export const coaUpdateBody = z.object({
  id: uuid,
  code: coaCode.optional(),
  name: coaName.optional(),
  parentId: uuid.nullable().optional(),
  type: z.enum(ACCOUNT_TYPES, { error: 'ledger.coa_type_invalid' }).optional(),
  normalBalance: z.enum(NORMAL_BALANCES, { error: 'validation.invalid' }).optional(),
  isPostable: z.boolean().optional(),
  isActive: z.boolean().optional(),
  businessUnitId: uuid.nullable().optional(),
  cashKind,
  description,
});
export type CoaUpdateBody = z.input<typeof coaUpdateBody>;

/** A path id that may be a UUID or an account code (`coa/101/search-by-parent`). */
export const coaRef = z.object({ id: z.string().trim().min(1, 'validation.invalid').max(40, 'validation.invalid') });

export const coaListQuery = z.object({
  search: listQuery.shape.search,
  type: optionalFilter.pipe(z.enum(ACCOUNT_TYPES, { error: 'ledger.coa_type_invalid' }).optional()),
  isPostable: boolFilter,
  isActive: boolFilter,
  /** true: nested tree (children arrays) instead of a flat list in code order. */
  tree: boolFilter,
  /** Balances as of this day (default: everything posted). */
  asOf: optionalDate,
});

export const coaDatatableQuery = listQuery.extend({
  /** `code`, `code,asc`, `name:desc`...; sortBy/ascOrDesc work too. */
  sort: z.string().optional(),
  type: optionalFilter.pipe(z.enum(ACCOUNT_TYPES, { error: 'ledger.coa_type_invalid' }).optional()),
  isActive: boolFilter,
  isPostable: boolFilter,
  parentId: optionalUuid,
});

export const coaChildrenQuery = z.object({
  search: listQuery.shape.search,
  /** Include inactive accounts (default false). */
  includeInactive: boolFilter,
  /** Include header accounts below the parent (default false: postable accounts only). */
  includeHeaders: boolFilter,
  asOf: optionalDate,
});

export const coaMutationQuery = z.object({
  start: optionalDate,
  end: optionalDate,
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(10),
  /** ASC (oldest first, default) or DESC; `date,desc` is read as DESC. */
  sort: z.string().optional(),
  format: reportFormat,
});

/** POST /api/coa/{id}/adjust-balance: the balance the account must show on `date` (in its normal-balance sign). */
export const coaAdjustBalanceBody = z.object({
  date: bookDate,
  balance: moneyAny,
  description: z.string().trim().max(500, 'validation.invalid').optional(),
  referenceCode: z.string().trim().max(100, 'validation.invalid').nullable().optional(),
});

/** POST /api/coa/opening-balance: several accounts' balances in one journal against the opening-balance equity. */
export const openingBalanceBody = z.object({
  date: bookDate,
  description: z.string().trim().max(500, 'validation.invalid').optional(),
  referenceCode: z.string().trim().max(100, 'validation.invalid').nullable().optional(),
  items: z
    .array(
      z.object({
        coaId: uuid,
        balance: moneyAny,
        /** A negative balance on a normally-debit account (cash, receivables) is refused unless this is true. */
        allowNegative: z.boolean().optional(),
      }),
    )
    .min(1, 'ledger.opening_items_required')
    .max(1000, 'validation.invalid'),
});

// ---------------------------------------------------------------- journals

export const journalLineBody = z.object({
  coaId: z.string({ error: 'validation.account_not_selected' }).uuid('validation.account_not_selected'),
  debit: moneyNonNegative.optional().nullable(),
  credit: moneyNonNegative.optional().nullable(),
  description: z.string().trim().max(500, 'validation.invalid').nullable().optional(),
  branchId: uuid.nullable().optional(),
  businessUnitId: uuid.nullable().optional(),
});
export type JournalLineBody = z.input<typeof journalLineBody>;

/** POST /api/journal-manual and POST /api/journal-manual/adjust. */
export const manualJournalBody = z.object({
  date: bookDate,
  description: z
    .string({ error: 'ledger.description_required' })
    .trim()
    .min(1, 'ledger.description_required')
    .max(500, 'validation.invalid'),
  referenceCode: z.string().trim().max(100, 'validation.invalid').nullable().optional(),
  /** Default branch and business unit of lines that name none. */
  branchId: uuid.nullable().optional(),
  businessUnitId: uuid.nullable().optional(),
  lines: z.array(journalLineBody, { error: 'ledger.too_few_lines' }).max(500, 'validation.invalid'),
});
export type ManualJournalBody = z.input<typeof manualJournalBody>;

/** POST /api/journal-manual/cancel: posts the reversing journal. */
export const journalCancelBody = z.object({
  id: uuid,
  reason,
  /** Date of the reversal; default the journal's own date when its month is open, else today. */
  date: bookDate.optional(),
});

export const journalListQuery = listQuery.extend({
  start: optionalDate,
  end: optionalDate,
  /** One source or several separated by commas (MANUAL,ADJUSTMENT). */
  sourceModule: optionalFilter,
  sourceId: optionalFilter,
  isAdjustment: boolFilter,
  status: optionalFilter.pipe(z.enum(JOURNAL_STATUSES, { error: 'validation.invalid' }).optional()),
  /** Journals with a line on this account. */
  coaId: optionalUuid,
  businessUnitId: optionalUuid,
  format: reportFormat,
});

export const journalBySourceQuery = z.object({
  module: z.string().trim().min(1, 'validation.invalid').max(40, 'validation.invalid'),
  id: z.string().trim().min(1, 'validation.invalid').max(100, 'validation.invalid'),
});

// ---------------------------------------------------------------- closing the books

export const periodCloseBody = z.object({
  periode: periodString.refine((p) => p >= BOOKS_FLOOR.slice(0, 7), 'ledger.period_before_floor'),
});
export const periodReopenBody = z.object({ periode: periodString, reason });
export const fiscalYearBody = z.object({
  year: z.coerce
    .number({ error: 'ledger.year_invalid' })
    .int()
    .min(Number(BOOKS_FLOOR.slice(0, 4)), 'ledger.period_before_floor')
    .max(2999),
});
export const fiscalYearReopenBody = fiscalYearBody.extend({ reason });
export const periodStatusQuery = z.object({ year: z.coerce.number().int().min(1900).max(2999).optional() });

// ---------------------------------------------------------------- reports

export const balanceSheetQuery = z.object({
  /** The month (its last day) or the day of the balance sheet; default this month. */
  periode: optionalPeriodOrDate,
  /** What to compare with; default the month before `periode`. */
  comparePeriode: optionalPeriodOrDate,
  businessUnitId: optionalUuid,
  showZeroAmount: boolFilter,
  format: reportFormat,
});

export const profitAndLossQuery = z.object({
  /** One month; or start/end (months or days). Default: the fiscal year to date. */
  periode: optionalPeriodOrDate,
  start: optionalPeriodOrDate,
  end: optionalPeriodOrDate,
  businessUnitId: optionalUuid,
  showZeroAmount: boolFilter,
  /** The comparison column: the same span a year earlier (default) or the span just before (the previous month for a month). */
  compare: z.enum(['YEAR', 'PREVIOUS']).optional(),
  format: reportFormat,
});

export const trialBalanceQuery = profitAndLossQuery.omit({ compare: true });

export const ledgerReportQuery = z.object({
  start: optionalDate,
  end: optionalDate,
  /** Account id or code; a header account gathers all accounts below it. */
  coaId: z.string({ error: 'validation.account_not_selected' }).trim().min(1, 'validation.account_not_selected').max(40),
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  sort: z.string().optional(),
  format: reportFormat,
});

export const journalReportQuery = journalListQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

// ---------------------------------------------------------------- responses

export interface CoaAccount {
  id: string;
  code: string;
  name: string;
  parentId: string | null;
  parentCode: string | null;
  parentName: string | null;
  type: AccountType;
  normalBalance: NormalBalance;
  isPostable: boolean;
  isActive: boolean;
  systemKey: string | null;
  businessUnitId: string | null;
  /** CASH or BANK for an account under Kas dan Bank; null otherwise. */
  cashKind: CashKind | null;
  description: string | null;
  level: number;
  hasChildren: boolean;
  /**
   * In the account's normal-balance sign; headers carry the sum of the accounts below.
   * `null` when the user's role has neither cash_bank:view nor report:view (balances are not shown to it).
   */
  balance: number | null;
  createdDate: string;
  updatedDate: string;
  children?: CoaAccount[];
}

export interface JournalLine {
  lineNo: number;
  coaId: string;
  coaCode: string;
  coaName: string;
  debit: number;
  credit: number;
  description: string | null;
  branchId: string | null;
  branchName: string | null;
  businessUnitId: string | null;
}

export interface JournalSummary {
  id: string;
  number: string;
  fiscalYear: number;
  date: string;
  periode: string;
  description: string;
  referenceCode: string | null;
  sourceModule: string;
  sourceId: string | null;
  isAdjustment: boolean;
  isClosing: boolean;
  status: JournalStatus;
  totalAmount: number;
  lineCount: number;
  reversalOfId: string | null;
  reversalOfNumber: string | null;
  reversalReason: string | null;
  reversedById: string | null;
  reversedByNumber: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdDate: string;
}

export interface JournalDetail extends JournalSummary {
  lines: JournalLine[];
  totalDebit: number;
  totalCredit: number;
  /** Where the journal came from, for a link back: module and the record's id there. */
  source: { module: string; id: string | null };
  /** Whether the ledger screens may cancel it (manual and opening-balance journals not yet reversed). */
  cancellable: boolean;
}

export interface LedgerLine {
  date: string;
  journalId: string;
  number: string;
  lineNo: number;
  coaId: string;
  coaCode: string;
  description: string;
  journalDescription: string;
  referenceCode: string | null;
  sourceModule: string;
  sourceId: string | null;
  isAdjustment: boolean;
  debit: number;
  credit: number;
  /** Running balance after this line, in the account's normal-balance sign. */
  balance: number;
}

export interface StatementNode {
  id: string | null;
  code: string | null;
  name: string;
  level: number;
  isPostable: boolean;
  /** A computed line (the year's surplus not yet closed), not an account. */
  synthetic?: boolean;
  amount: number;
  previousAmount: number;
  children: StatementNode[];
}

export interface StatementSection {
  type: AccountType;
  title: string;
  accounts: StatementNode[];
  total: number;
  previousTotal: number;
}

export interface PeriodMonth {
  periode: string;
  status: PeriodStatus;
  closedAt: string | null;
  closedBy: string | null;
  closedByName: string | null;
  reopenedAt: string | null;
  reopenedByName: string | null;
  reopenReason: string | null;
  totalDebit: number;
  lineCount: number;
}
