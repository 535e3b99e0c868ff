/** GET /api/member/{id}/saving-product: the member's open voluntary and plan savings, where a release may pay and a payment may come from. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { billsKey } from './keys';
import type { MemberSaving } from './types';

export const getMemberSavings = (memberId: string, signal?: AbortSignal) =>
  api<{ accounts: MemberSaving[] }>(`/api/member/${memberId}/saving-product`, { signal });

export function useMemberSavings(memberId: string | null | undefined) {
  return useQuery({
    queryKey: [...billsKey, 'member-savings', memberId],
    queryFn: ({ signal }) => getMemberSavings(memberId!, signal),
    enabled: Boolean(memberId),
    select: (r) => r.accounts.filter((a) => a.kind === 'SAVING' && a.status === 'ACTIVE'),
  });
}
