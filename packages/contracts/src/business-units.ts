/**
 * Business units (Unit Usaha, spec sections 2, 3, 7 "Settings business unit"):
 * a store or other venture of the cooperative with its own accounts.
 * Error messages are catalogue keys (messages/business-units.ts).
 */
import { z } from 'zod';
import { requiredText } from './access.ts';
import { listQuery, moneyNonNegative, moneyPositive, optionalFilter, uuid } from './common.ts';
import { type AccountType, BUSINESS_TYPES } from './enums.ts';
import { bookDate } from './ledger.ts';

export const BUSINESS_UNIT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type BusinessUnitStatus = (typeof BUSINESS_UNIT_STATUSES)[number];
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The unit's account roles, the request field of each and the account type it must have. */
export const BUSINESS_UNIT_ACCOUNTS = [
  { field: 'cashAccountId', column: 'cash_account_id', type: 'ASSET' },
  { field: 'inventoryAccountId', column: 'inventory_account_id', type: 'ASSET' },
  { field: 'payableAccountId', column: 'payable_account_id', type: 'LIABILITY' },
  { field: 'receivableAccountId', column: 'receivable_account_id', type: 'ASSET' },
  { field: 'revenueAccountId', column: 'revenue_account_id', type: 'INCOME' },
  { field: 'expenseAccountId', column: 'expense_account_id', type: 'EXPENSE' },
  { field: 'adminLiabilityAccountId', column: 'admin_liability_account_id', type: 'LIABILITY' },
  { field: 'inventoryLossAccountId', column: 'inventory_loss_account_id', type: 'EXPENSE' },
] as const satisfies ReadonlyArray<{ field: string; column: string; type: AccountType }>;
export type BusinessUnitAccountField = (typeof BUSINESS_UNIT_ACCOUNTS)[number]['field'];

const accountId = z.string({ error: 'business_unit.account_required' }).uuid('business_unit.account_required');
const businessType = z.enum(BUSINESS_TYPES, { error: 'business_unit.type_invalid' });
const status = z.enum(BUSINESS_UNIT_STATUSES, { error: 'validation.invalid' });

const accountFields = {
  cashAccountId: accountId,
  inventoryAccountId: accountId,
  payableAccountId: accountId,
  receivableAccountId: accountId,
  revenueAccountId: accountId,
  expenseAccountId: accountId,
  adminLiabilityAccountId: accountId,
  inventoryLossAccountId: accountId,
};

export const businessUnitCreateBody = z.object({
  name: requiredText('business_unit.name_required', 100),
  type: businessType,
  status: status.default('ACTIVE'),
  ...accountFields,
});
export type BusinessUnitCreate = z.infer<typeof businessUnitCreateBody>;

export const businessUnitUpdateBody = z.object({
  id: uuid,
  name: requiredText('business_unit.name_required', 100).optional(),
  type: businessType.optional(),
  status: status.optional(),
  cashAccountId: accountId.optional(),
  inventoryAccountId: accountId.optional(),
  payableAccountId: accountId.optional(),
  receivableAccountId: accountId.optional(),
  revenueAccountId: accountId.optional(),
  expenseAccountId: accountId.optional(),
  adminLiabilityAccountId: accountId.optional(),
  inventoryLossAccountId: accountId.optional(),
});
export type BusinessUnitUpdate = z.infer<typeof businessUnitUpdateBody>;

export const businessUnitListQuery = listQuery.extend({
  type: optionalFilter.pipe(businessType.optional()),
  status: optionalFilter.pipe(status.optional()),
});

export interface BusinessUnitAccountView {
  id: string;
  code: string;
  name: string;
}

export interface BusinessUnitView {
  id: string;
  name: string;
  type: BusinessType;
  status: BusinessUnitStatus;
  cashAccountId: string;
  inventoryAccountId: string;
  payableAccountId: string;
  receivableAccountId: string;
  revenueAccountId: string;
  expenseAccountId: string;
  adminLiabilityAccountId: string;
  inventoryLossAccountId: string;
  accounts: Record<BusinessUnitAccountField, BusinessUnitAccountView>;
  /** COA accounts that belong to the unit. */
  ownAccountCount: number;
  createdDate: string;
  updatedDate: string;
}

// ---------------------------------------------------------------- unit transactions and member debts

export const BUSINESS_UNIT_TRANSACTION_KINDS = [
  'SALE_CREDIT',
  'SALE_CASH',
  'PURCHASE',
  'PURCHASE_CREDIT',
  'PAYABLE_PAYMENT',
  'STOCK_LOSS',
  'EXPENSE',
  'DEBT_PAYMENT',
] as const;
/** What POST /api/transaction-business-unit takes (a debt payment has its own route). */
export const BUSINESS_UNIT_ENTRY_KINDS = [
  'SALE_CREDIT',
  'SALE_CASH',
  'PURCHASE',
  'PURCHASE_CREDIT',
  'PAYABLE_PAYMENT',
  'STOCK_LOSS',
  'EXPENSE',
] as const;
export const BUSINESS_UNIT_PAYMENT_SOURCES = ['CASH', 'SAVINGS'] as const;
export type BusinessUnitTransactionKind = (typeof BUSINESS_UNIT_TRANSACTION_KINDS)[number];

const reason = z.string({ error: 'business_unit.cancel_reason_required' }).trim().min(1, 'business_unit.cancel_reason_required').max(500);
const note = z.string().trim().max(500, 'validation.invalid').optional();

/**
 * A sale, purchase (cash or on credit), payment to suppliers, stock loss or operating expense (EXPENSE: the unit's
 * expense account / cash) of a unit (POST /api/transaction-business-unit).
 */
export const businessUnitTransactionBody = z.object({
  businessUnitId: uuid,
  kind: z.enum(BUSINESS_UNIT_ENTRY_KINDS, { error: 'validation.invalid' }),
  memberId: uuid.optional(),
  amount: moneyPositive,
  date: bookDate.optional(),
  description: note,
});

export const businessUnitPaymentBody = z.object({
  businessUnitId: uuid,
  memberId: uuid,
  amount: moneyPositive,
  /** CASH (the unit's cash account) or SAVINGS (withdrawn from `memberSavingId`, one of the member's accounts). */
  source: z.enum(BUSINESS_UNIT_PAYMENT_SOURCES, { error: 'validation.invalid' }).default('CASH'),
  memberSavingId: uuid.optional(),
  /** An admin fee paid on top of the amount; credited to the unit's admin liability account (docs/business-units.md). */
  adminFee: moneyNonNegative.default(0),
  date: bookDate.optional(),
  description: note,
});

export const businessUnitCancelBody = z.object({ reason });

export const businessUnitTransactionQuery = listQuery.extend({
  businessUnitId: optionalFilter.pipe(uuid.optional()),
  memberId: optionalFilter.pipe(uuid.optional()),
  kind: optionalFilter.pipe(z.enum(BUSINESS_UNIT_TRANSACTION_KINDS, { error: 'validation.invalid' }).optional()),
});

export const businessUnitDebtQuery = listQuery.extend({
  businessUnitId: optionalFilter.pipe(uuid.optional()),
});
