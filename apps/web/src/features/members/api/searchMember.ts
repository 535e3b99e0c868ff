/** GET /api/member/{q}/search-member: as-you-type lookup by CIF, phone, identity number or name (live members unless includeInactive). */
import type { MemberListItem } from '@koperasi/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { membersKey } from './keys';

export const searchMember = (q: string, opts: { limit?: number; includeInactive?: boolean } = {}, signal?: AbortSignal) =>
  api<MemberListItem[]>(`/api/member/${encodeURIComponent(q)}/search-member`, {
    query: { limit: opts.limit ?? 20, includeInactive: opts.includeInactive ? 1 : undefined },
    signal,
  });

export function useSearchMember(q: string, opts: { limit?: number; includeInactive?: boolean } = {}) {
  const text = q.trim().toLowerCase();
  return useQuery({
    queryKey: [...membersKey, 'search', text, opts],
    queryFn: ({ signal }) => searchMember(text, opts, signal),
    enabled: text.length >= 2,
    staleTime: 10_000,
  });
}
