/**
 * The dashboard's saving figures: GET /api/home/member-not-paid-pokok
 * (members whose principal is owed, CIF ascending) and GET /api/home/saving-loan
 * (balances by saving type, this month's flows, six-month trend, pending work).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { listCashOut } from './cashOutRequests';
import { homeKey } from './keys';

export interface PrincipalOwed {
  memberId: string;
  cifNumber: string;
  fullName: string;
  phone: string | null;
  joinDate: string | null;
  memberSavingId: string | null;
  accountNumber: string | null;
  principalAmount: number;
  paid: number;
  remaining: number;
}

export interface SavingLoanSummary {
  savings: {
    totalBalance: number;
    totalSaving: number;
    totalEquity: number;
    accounts: number;
    byType: Array<{ kind: string; savingType: string; accounts: number; members: number; balance: number }>;
    thisMonth: { deposits: number; withdrawals: number; transactions: number };
    trend: Array<{ month: string; deposits: number; withdrawals: number; net: number }>;
    membersPrincipalOwed: number;
    pending: { cashOutOnline: number; withdrawalApprovals: number; accountOpenings: number };
  };
  loans: Record<string, unknown> | null;
  [part: string]: unknown;
}

export const getPrincipalOwed = (limit: number, signal?: AbortSignal) =>
  api<Page<PrincipalOwed> & { totalRemaining: number }>('/api/home/member-not-paid-pokok', { query: { page: 0, limit }, signal });

export interface MandatoryArrears {
  memberId: string;
  cifNumber: string;
  fullName: string;
  phone: string | null;
  joinDate: string | null;
  memberSavingId: string | null;
  accountNumber: string | null;
  totalDue: number;
  paid: number;
  arrears: number;
  periodsDue: number;
  periodsUnpaid: number;
  paidThrough: string | null;
  oldestUnpaid: string | null;
}

export type MandatoryArrearsPage = Page<MandatoryArrears> & {
  totalArrears: number;
  product: { id: string; name: string; period: 'BULANAN' | 'HARIAN' } | null;
  throughPeriod: string | null;
};

/** GET /api/home/member-not-paid-wajib: members behind on the mandatory saving, largest arrears first. */
export const getMandatoryArrears = (limit: number, signal?: AbortSignal) =>
  api<MandatoryArrearsPage>('/api/home/member-not-paid-wajib', { query: { page: 0, limit }, signal });

export function useMandatoryArrears(limit = 6) {
  return useQuery({ queryKey: [...homeKey, 'mandatory-arrears', limit], queryFn: ({ signal }) => getMandatoryArrears(limit, signal) });
}

export const getSavingLoan = (signal?: AbortSignal) => api<SavingLoanSummary>('/api/home/saving-loan', { signal });

export function usePrincipalOwed(limit = 5) {
  return useQuery({ queryKey: [...homeKey, 'principal-owed', limit], queryFn: ({ signal }) => getPrincipalOwed(limit, signal) });
}

export function useSavingLoan() {
  return useQuery({ queryKey: [...homeKey, 'saving-loan'], queryFn: ({ signal }) => getSavingLoan(signal) });
}

export function useWaitingCashOut(limit = 5) {
  return useQuery({
    queryKey: [...homeKey, 'cash-out-waiting', limit],
    queryFn: ({ signal }) => listCashOut({ page: 0, limit, filters: { status: 'WAITING' } }, signal),
  });
}
