/** GET /api/member/{q}/search-member: the teller's member finder (CIF, name, phone or identity number as you type). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { savingsKey } from './keys';
import type { MemberHit } from './types';

export const searchMember = (q: string, signal?: AbortSignal) =>
  api<MemberHit[]>(`/api/member/${encodeURIComponent(q)}/search-member`, { query: { limit: 20 }, signal });

export function useSearchMember(q: string) {
  const text = q.trim().toLowerCase();
  return useQuery({
    queryKey: [...savingsKey, 'member-search', text],
    queryFn: ({ signal }) => searchMember(text, signal),
    enabled: text.length >= 2,
    staleTime: 10_000,
  });
}
