/**
 * The member look-ups every money screen shares (loans, bills, deposits):
 * GET /api/member/{q}/search-member (the finder), GET /api/member/{id}/detail
 * and GET /api/member/{id}/saving-product (where a release may pay and a
 * payment may come from). One cache key each, across the features: a money
 * movement invalidates `memberSavingsKey`.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface MemberHit {
  id: string;
  cifNumber: string;
  fullName: string;
  phone: string | null;
  memberType: 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';
  status: string;
  isActive: boolean;
  branchName: string | null;
}

export const searchMember = (q: string, signal?: AbortSignal) =>
  api<MemberHit[]>(`/api/member/${encodeURIComponent(q)}/search-member`, { query: { limit: 20 }, signal });

export function useSearchMember(q: string) {
  const text = q.trim().toLowerCase();
  return useQuery({
    queryKey: ['member-search', text],
    queryFn: ({ signal }) => searchMember(text, signal),
    enabled: text.length >= 2,
    staleTime: 10_000,
  });
}

/** The member an application is for (loan limit, running loans). */
export interface MemberDetail {
  id: string;
  cifNumber: string;
  fullName: string;
  loanLimit: number | null;
  summary?: { countLoanRunning?: number; countLoanWaiting?: number; loanOutstanding?: number } | null;
}

export const getMember = (id: string, signal?: AbortSignal) => api<MemberDetail>(`/api/member/${id}/detail`, { signal });

export const memberDetailKey = ['member-detail'] as const;

export function useMember(id: string | null | undefined) {
  return useQuery({
    queryKey: [...memberDetailKey, id],
    queryFn: ({ signal }) => getMember(id!, signal),
    enabled: Boolean(id),
  });
}

/** One of the member's accounts as `saving-product` lists it. */
export interface MemberSaving {
  id: string;
  accountNumber: string;
  productName: string;
  savingType: string | null;
  kind: string;
  status: string;
  balance: number;
  availableBalance: number;
  isBlocked: boolean;
}

export const memberSavingsKey = ['member-savings'] as const;

export const getMemberSavings = (memberId: string, signal?: AbortSignal) =>
  api<{ accounts: MemberSaving[] }>(`/api/member/${memberId}/saving-product`, { signal });

/** The member's open savings accounts (kind SAVING, ACTIVE): what a release may pay into and a payment may come from. */
export function useMemberSavings(memberId: string | null | undefined) {
  return useQuery({
    queryKey: [...memberSavingsKey, memberId],
    queryFn: ({ signal }) => getMemberSavings(memberId!, signal),
    enabled: Boolean(memberId),
    select: (r) => r.accounts.filter((a) => a.kind === 'SAVING' && a.status === 'ACTIVE'),
  });
}
