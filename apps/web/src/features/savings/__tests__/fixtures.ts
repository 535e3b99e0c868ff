/** Answers of the savings API as the tests need them. */
import type { SavingAccount } from '../api/types';

export function account(over: Partial<SavingAccount> = {}): SavingAccount {
  return {
    id: 'acc-ss',
    accountNumber: 'SS.000028',
    memberId: 'm1',
    cifNumber: '2025000004',
    memberName: 'Wati Putri Fitriani',
    productId: 'p-ss',
    productCode: 'SS',
    productName: 'Simpanan Sukarela',
    kind: 'SAVING',
    savingType: 'VOLUNTARY',
    status: 'ACTIVE',
    balance: 5_421_000,
    blockedAmount: 0,
    pledgedAmount: 0,
    availableBalance: 5_411_000,
    tag: null,
    isAutoDebit: false,
    isSourceOfFund: false,
    isNotGetInterest: false,
    isBlocked: false,
    blockReason: null,
    planMonthlyAmount: null,
    planTargetBalance: null,
    planTargetDate: null,
    openDate: '2025-02-23',
    closeDate: null,
    lastTransactionDate: '2026-11-05',
    createdDate: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export const CASH = [
  { id: 'coa-10101', code: '10101', name: 'Kas Besar', systemKey: 'CASH_MAIN', isActive: true, balance: 22_535_000 },
  { id: 'coa-10103', code: '10103', name: 'Kas Teller', systemKey: 'CASH_TELLER', isActive: true, balance: 240_451_000 },
  { id: 'coa-10104', code: '10104', name: 'Bank BRI', systemKey: null, isActive: true, balance: 88_636_000 },
];

export const MY_CASH = {
  content: [{ id: 'coa-10103', code: '10103', name: 'Kas Teller', isActive: true }],
  page: 0,
  limit: 10,
  totalElements: 1,
  totalPages: 1,
};
