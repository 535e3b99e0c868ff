/** GET /api/member/{id}/saving-product: a member's saving and equity accounts with balances and totals. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { memberAccountsKey } from './keys';
import type { MemberAccounts } from './types';

export const getMemberAccounts = (memberId: string, signal?: AbortSignal) =>
  api<MemberAccounts>(`/api/member/${memberId}/saving-product`, { signal });

export function useMemberAccounts(memberId: string | null | undefined) {
  return useQuery({
    queryKey: memberAccountsKey(memberId ?? ''),
    queryFn: ({ signal }) => getMemberAccounts(memberId!, signal),
    enabled: Boolean(memberId),
  });
}
