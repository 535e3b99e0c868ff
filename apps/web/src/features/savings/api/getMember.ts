/** GET /api/member/{id}/detail: the member of the teller screen when it opens from a link (?memberId=). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { savingsKey } from './keys';
import type { MemberHit } from './types';

export const getMember = (id: string, signal?: AbortSignal) => api<MemberHit>(`/api/member/${encodeURIComponent(id)}/detail`, { signal });

export function useMember(id: string | null | undefined) {
  return useQuery({
    queryKey: [...savingsKey, 'member', id],
    queryFn: ({ signal }) => getMember(id!, signal),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });
}
