/**
 * The SHU API (docs/shu.md): settings, calculation, members, distribution, cancellation, slip, report.
 * Every change invalidates `shuKeys.all` (settings, calculation and report move together).
 */
import { keepPreviousData, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { uuid } from '../../../lib/id';

export const shuKeys = { all: ['shu'] as const };
/** The distribution and cancellation mutations (the calculation is polled while one is pending). */
const runKey = [...shuKeys.all, 'run'] as const;

export const ALLOCATIONS = [
  'RESERVE',
  'MEMBER_EQUITY',
  'MEMBER_TRANSACTION',
  'MANAGEMENT',
  'EMPLOYEE',
  'EDUCATION',
  'SOCIAL',
  'OTHER',
] as const;
export type Allocation = (typeof ALLOCATIONS)[number];

export interface ShuSettings {
  year: number;
  saved: boolean;
  sourceMembers: boolean;
  sourceNonMembers: boolean;
  escrowCoaId: string | null;
  shares: Record<Allocation, number>;
  sharesTotal: number;
  equityBasis: 'YEAR_END_BALANCE' | 'AVERAGE_DAILY_BALANCE';
  equityIncludeOtherSavings: boolean;
  transactionBasis: 'SAVING_AVERAGE_BALANCE' | 'LOAN_INTEREST_PAID' | 'LOAN_DISBURSED' | 'BUSINESS_UNIT_PURCHASES';
  taxPercent: number;
  accounts: Record<string, string | null>;
}

export type ShuStatus = 'CALCULATED' | 'DISTRIBUTING' | 'DISTRIBUTED' | 'CANCELLING' | 'CANCELLED';

export interface ShuCalculation {
  id: string;
  year: number;
  status: ShuStatus;
  surplus: number;
  planned: Record<Allocation, number>;
  allocations: Record<Allocation, number>;
  remainderToReserve: number;
  memberCount: number;
  totals: { equityBasis: number; transactionBasis: number; gross: number; tax: number; net: number };
  calculatedAt: string;
  payout: 'SAVINGS' | 'CASH' | null;
  distributionDate: string | null;
  journalId: string | null;
  journalNumber: string | null;
  cancelReason: string | null;
  /** While DISTRIBUTING or CANCELLING: the shares done and in all. */
  progress: { done: number; total: number } | null;
}

export interface ShuMember {
  memberId: string;
  cifNumber: string;
  memberName: string;
  equityBasis: number;
  transactionBasis: number;
  equityShare: number;
  transactionShare: number;
  gross: number;
  tax: number;
  net: number;
  status: 'CALCULATED' | 'PENDING' | 'CREDITED' | 'PAYABLE' | 'PAID' | 'REVERSED';
  accountNumber: string | null;
}

export interface ShuSlip extends ShuMember {
  cooperativeName: string;
  year: number;
  calculationStatus: ShuStatus;
  distributionDate: string | null;
  payout: 'SAVINGS' | 'CASH' | null;
  surplus: number;
  memberEquityAllocation: number;
  memberTransactionAllocation: number;
  totalEquityBasis: number;
  totalTransactionBasis: number;
  taxPercent: number;
  netInWords: string;
}

export interface ShuReport extends ShuCalculation {
  allocationRows: Array<{ key: Allocation; share: number; amount: number; coaCode: string | null; coaName: string | null }>;
}

export interface Paged<T> {
  content: T[];
  totalElements: number;
  page: number;
  limit: number;
}

export function useShuSettings(year: number) {
  return useQuery({
    queryKey: [...shuKeys.all, 'settings', year],
    queryFn: ({ signal }) => api<ShuSettings>('/api/shu/settings', { query: { year }, signal }),
  });
}

export function useShuCalculation(year: number) {
  const running = useIsMutating({ mutationKey: runKey }) > 0;
  return useQuery({
    queryKey: [...shuKeys.all, 'calculation', year],
    queryFn: ({ signal }) => api<ShuCalculation | null>('/api/shu/calculation', { query: { year }, signal }),
    retry: false,
    // A distribution or cancellation runs chunk by chunk (100,000 members take over a minute): its progress is
    // re-read every 2 s while it runs, here or on another desk.
    refetchInterval: (q) => (running || q.state.data?.status === 'DISTRIBUTING' || q.state.data?.status === 'CANCELLING' ? 2000 : false),
  });
}

export function useShuMembers(year: number, page: number, limit: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...shuKeys.all, 'members', year, page, limit, search],
    queryFn: ({ signal }) =>
      api<Paged<ShuMember>>('/api/shu/calculation/members', { query: { year, page, limit, search: search || undefined }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useShuSlip(year: number, memberId: string) {
  return useQuery({
    queryKey: [...shuKeys.all, 'slip', year, memberId],
    queryFn: ({ signal }) => api<ShuSlip>(`/api/shu/slip/${memberId}`, { query: { year }, signal }),
  });
}

export function useShuReport(year: number) {
  return useQuery({
    queryKey: [...shuKeys.all, 'report', year],
    queryFn: ({ signal }) => api<ShuReport | null>('/api/report/shu', { query: { year }, signal }),
    retry: false,
  });
}

function useShuMutation<B, T>(path: string, mutationKey?: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: (body: B) => apiEnvelope<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': uuid() }, timeoutMs: null }),
    onSettled: () => qc.invalidateQueries({ queryKey: shuKeys.all }),
  });
}

export type SettingsInput = Omit<ShuSettings, 'saved' | 'sharesTotal' | 'accounts'> & { accounts?: Record<string, string | null> };

export const useSaveShuSettings = () => useShuMutation<SettingsInput, ShuSettings>('/api/shu/settings');
export const useCalculateShu = () => useShuMutation<{ year: number }, ShuCalculation>('/api/shu/calculate');
export const useDistributeShu = () =>
  useShuMutation<{ year: number; payout: 'SAVINGS' | 'CASH' }, ShuCalculation>('/api/shu/distribute', runKey);
export const useCancelShu = () => useShuMutation<{ year: number; reason: string }, ShuCalculation>('/api/shu/cancel', runKey);
/** A share left payable paid in cash (the user's own cash account), once. */
export const usePayShuCash = () =>
  useShuMutation<{ year: number; memberId: string }, { journalNumber: string; amount: number }>('/api/shu/pay-cash');
