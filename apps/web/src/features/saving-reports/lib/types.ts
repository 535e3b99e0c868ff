/**
 * Answers of the saving reports (GET /api/report/..., docs/savings.md
 * "Reports"; contracts `savingAccountView`, `transactionView`). Money
 * arrives as JSON numbers with at most two decimals.
 */
import type { savingAccountView, transactionView } from '@koperasi/contracts/savings.answers';
import type { z } from 'zod';
import type { Page } from '../../../lib/api/list';

export type SavingAccount = z.infer<typeof savingAccountView>;
export type Transaction = z.infer<typeof transactionView> & { termsVersion?: number | null };

/** report/saving: accounts with their balance on `asOf`. */
export interface SavingReport extends Page<SavingAccount & { balanceOn: number }> {
  asOf: string;
  totalBalance: number;
  memberCount: number;
}

/** report/transactions: a period's movements and their totals (standing movements only). */
export interface TransactionsReport extends Page<Transaction> {
  start: string;
  end: string;
  totals: { credit: number; debit: number; net: number; count: number };
}

/** report/transactions/{id}/detail and {code}/detail-by-code. */
export interface TransactionDetail extends Transaction {
  activityLabel: string;
  operation: Transaction[];
  reversal: Transaction | null;
  journals: Array<{
    id: string;
    number: string | null;
    date: string | null;
    lines: Array<{ lineNo: number; coaCode: string; coaName: string; debit: number; credit: number }>;
  }>;
}

/** report/saving-product: per product on a day, and each control account against the ledger. */
export interface SavingProductReport {
  asOf: string;
  products: Array<{
    productId: string;
    code: string;
    name: string;
    kind: string;
    savingType: string;
    isActive: boolean;
    accounts: number;
    members: number;
    balance: number;
    controlAccount: { id: string; code: string | null; name: string | null } | null;
  }>;
  controls: Array<{
    coaId: string;
    code: string;
    name: string;
    products: string[];
    memberBalances: number;
    ledgerBalance: number;
    difference: number;
    reconciled: boolean;
  }>;
  totalBalance: number;
  reconciled: boolean;
}

/** report/saving-product-periode: per product and month. */
export interface SavingPeriodReport {
  start: string;
  end: string;
  rows: Array<{
    productId: string;
    code: string;
    name: string;
    month: string;
    opening: number;
    deposits: number;
    withdrawals: number;
    corrections: number;
    closing: number;
  }>;
}

/** report/topup-saving-product and withdraw-saving-product. */
export interface MovementReport extends Page<Transaction> {
  start: string;
  end: string;
  direction: 'TOPUP' | 'WITHDRAW';
  byProduct: Array<{ productId: string; code: string; name: string; count: number; total: number }>;
  total: number;
}

export interface PlanProgress {
  planMonthlyAmount: number | null;
  planTargetBalance: number | null;
  planTargetDate: string | null;
  monthsElapsed: number;
  expectedBalance: number;
  shortfall: number;
  progressPercent: number;
  remainingToTarget: number;
  status: 'REACHED' | 'ON_TRACK' | 'BEHIND';
}

/** report/saving-product/with-plan. */
export interface PlanReport extends Page<SavingAccount & { plan: PlanProgress }> {
  totals: { accounts: number; balance: number; target: number; reached: number; behind: number };
}

/** A saving product for the filters (GET product/{kind}/categories). */
export interface ProductOption {
  id: string;
  code: string;
  name: string;
  kind: string;
  savingType: string | null;
  isActive: boolean;
}
