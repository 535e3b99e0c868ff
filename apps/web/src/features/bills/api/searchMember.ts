/** GET /api/member/{q}/search-member: the member finder of the application form (CIF, name, phone or identity number as typed). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { billsKey } from './keys';

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
    queryKey: [...billsKey, 'member-search', text],
    queryFn: ({ signal }) => searchMember(text, signal),
    enabled: text.length >= 2,
    staleTime: 10_000,
  });
}

/** GET /api/member/{id}/detail: the member an application is for (loan limit, running loans). */
export interface MemberDetail {
  id: string;
  cifNumber: string;
  fullName: string;
  loanLimit: number | null;
  summary?: { countLoanRunning?: number; countLoanWaiting?: number; loanOutstanding?: number } | null;
}

export const getMember = (id: string, signal?: AbortSignal) => api<MemberDetail>(`/api/member/${id}/detail`, { signal });

export function useMember(id: string | null | undefined) {
  return useQuery({
    queryKey: [...billsKey, 'member', id],
    queryFn: ({ signal }) => getMember(id!, signal),
    enabled: Boolean(id),
  });
}
