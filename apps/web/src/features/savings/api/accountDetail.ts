/** GET /api/transaction/saving/{id}/detail: one account with its available balance and waiting requests. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { accountKey } from './keys';
import type { AccountDetail } from './types';

export const getAccountDetail = (id: string, signal?: AbortSignal) =>
  api<AccountDetail>(`/api/transaction/saving/${id}/detail`, { signal });

export function useAccountDetail(id: string | null | undefined) {
  return useQuery({
    queryKey: accountKey(id ?? ''),
    queryFn: ({ signal }) => getAccountDetail(id!, signal),
    enabled: Boolean(id),
  });
}
