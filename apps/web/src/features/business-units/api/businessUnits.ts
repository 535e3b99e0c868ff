/**
 * Business units (Unit Usaha, docs/business-units.md): master data
 * (/api/business-unit), unit transactions and member debts
 * (/api/transaction-business-unit) and the unit reports (/api/report/...).
 */
import type { JournalDetail } from '@koperasi/contracts/ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postableAccountsKey } from '../../../lib/api/accounts';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { uuid } from '../../../lib/id';

export const unitKey = ['business-units'] as const;

export const BUSINESS_TYPES = ['SIMPAN PINJAM', 'TOKO', 'USAHA LAINNYA'] as const;
export const ENTRY_KINDS = ['SALE_CREDIT', 'SALE_CASH', 'PURCHASE', 'PURCHASE_CREDIT', 'PAYABLE_PAYMENT', 'STOCK_LOSS', 'EXPENSE'] as const;
export const ALL_KINDS = [...ENTRY_KINDS, 'DEBT_PAYMENT'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The unit's account roles in form order, with the account type each must have. */
export const ACCOUNT_FIELDS = [
  { field: 'cashAccountId', type: 'ASSET' },
  { field: 'inventoryAccountId', type: 'ASSET' },
  { field: 'receivableAccountId', type: 'ASSET' },
  { field: 'payableAccountId', type: 'LIABILITY' },
  { field: 'adminLiabilityAccountId', type: 'LIABILITY' },
  { field: 'revenueAccountId', type: 'INCOME' },
  { field: 'expenseAccountId', type: 'EXPENSE' },
  { field: 'inventoryLossAccountId', type: 'EXPENSE' },
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number]['field'];

export interface AccountRef {
  id: string;
  code: string;
  name: string;
}

export interface BusinessUnit extends Record<AccountField, string> {
  id: string;
  name: string;
  type: (typeof BUSINESS_TYPES)[number];
  status: 'ACTIVE' | 'INACTIVE';
  accounts: Record<AccountField, AccountRef>;
  ownAccountCount: number;
  createdDate: string;
}

export interface UnitTransaction {
  id: string;
  businessUnitId: string;
  businessUnitName: string;
  kind: string;
  memberId: string | null;
  memberName: string | null;
  cifNumber: string | null;
  amount: number;
  date: string;
  description: string | null;
  paymentSource: 'CASH' | 'SAVINGS' | null;
  savingAccountNumber: string | null;
  /** A debt payment's admin fee (paid on top of the amount, to the unit's admin liability account). */
  adminFee: number;
  /** The cash account of a cash leg: the teller's drawer in her session, else the unit's cash account. */
  cashAccount: { id: string; code: string; name: string } | null;
  journalNumber: string | null;
  status: 'POSTED' | 'CANCELLED';
  cancelReason: string | null;
  createdDate: string;
}

export interface MemberDebt {
  businessUnitId: string;
  businessUnitName: string;
  memberId: string;
  memberName: string;
  cifNumber: string;
  balance: number;
}

export type Journal = JournalDetail;

export interface TransactionJournals {
  transaction: UnitTransaction;
  journal: Journal | null;
  cancelJournal: Journal | null;
}

export const listUnits = (p: ListParams, signal?: AbortSignal) =>
  api<Page<BusinessUnit>>('/api/business-unit/datatable', { query: listQuery(p), signal });

export function useAllUnits() {
  return useQuery({
    queryKey: [...unitKey, 'all'],
    queryFn: ({ signal }) => api<BusinessUnit[]>('/api/business-unit/list-all', { signal }),
  });
}

export const listTransactions = (path: string) => (p: ListParams, signal?: AbortSignal) =>
  api<Page<UnitTransaction>>(path, { query: listQuery(p), signal });

export const listDebts = (path: string) => (p: ListParams, signal?: AbortSignal) =>
  api<Page<MemberDebt> & { totalDebt: number }>(path, { query: listQuery(p), signal });

export function useTransactionJournals(id: string | null) {
  return useQuery({
    queryKey: [...unitKey, 'journals', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => api<TransactionJournals>(`/api/report/${id}/detail-journal-transaction-business-unit`, { signal }),
  });
}

export function useDebtMutations(memberId: string | null, businessUnitId: string | null) {
  return useQuery({
    queryKey: [...unitKey, 'mutation-debt', memberId, businessUnitId],
    enabled: Boolean(memberId),
    queryFn: ({ signal }) =>
      api<Page<UnitTransaction>>(`/api/transaction-business-unit/${memberId}/mutation-debt`, {
        query: { businessUnitId: businessUnitId ?? undefined, page: 0, limit: 100 },
        signal,
      }),
  });
}

export interface MemberOption {
  id: string;
  fullName: string;
  cifNumber: string;
}

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: [...unitKey, 'member-search', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) => api<MemberOption[]>(`/api/member/${encodeURIComponent(q.trim())}/search-member`, { signal }),
  });
}

export interface SavingAccount {
  id: string;
  accountNumber: string;
  productName: string;
  kind: string;
  status: string;
  balance: number;
  availableBalance: number;
}

export function useMemberSavings(memberId: string | null) {
  return useQuery({
    queryKey: [...unitKey, 'savings', memberId],
    enabled: Boolean(memberId),
    queryFn: ({ signal }) =>
      api<{ accounts: SavingAccount[] }>(`/api/member/${memberId}/saving-product`, { query: { status: 'ACTIVE', kind: 'SAVING' }, signal }),
  });
}

function useWrite<I>(method: 'POST' | 'PATCH', path: (i: I) => string, body: (i: I) => unknown = (i) => i) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (i: I) => apiEnvelope<UnitTransaction>(path(i), { method, body: body(i), headers: { 'Idempotency-Key': uuid() } }),
    // A unit's accounts are marked as its own: the shared account list changes with it.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: unitKey }), qc.invalidateQueries({ queryKey: postableAccountsKey })]),
    meta: { errorToast: false },
  });
}

export type UnitInput = Partial<Record<AccountField, string>> & { id?: string; name: string; type: string; status: string };

export const useCreateUnit = () => useWrite<UnitInput>('POST', () => '/api/business-unit');
export const useUpdateUnit = () => useWrite<UnitInput>('PATCH', () => '/api/business-unit');

export interface TransactionInput {
  businessUnitId: string;
  kind: EntryKind;
  memberId?: string;
  amount: number;
  date?: string;
  description?: string;
}
export const usePostTransaction = () => useWrite<TransactionInput>('POST', () => '/api/transaction-business-unit');

export interface PaymentInput {
  businessUnitId: string;
  memberId: string;
  amount: number;
  source: 'CASH' | 'SAVINGS';
  memberSavingId?: string;
  adminFee?: number;
  description?: string;
}
export const usePayDebt = () => useWrite<PaymentInput>('POST', () => '/api/transaction-business-unit/payment-debt');

export const useCancelPayment = () =>
  useWrite<{ id: string; reason: string }>(
    'POST',
    (i) => `/api/transaction-business-unit/${i.id}/payment-cancel`,
    (i) => ({ reason: i.reason }),
  );
