/** GET /api/transaction/{id}/detail: the transaction, the other legs of its operation, its reversal and the journal lines. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { transactionsKey } from './keys';
import type { TransactionDetail } from './types';

export const getTransaction = (id: string, signal?: AbortSignal) => api<TransactionDetail>(`/api/transaction/${id}/detail`, { signal });

export function useTransaction(id: string | undefined) {
  return useQuery({
    queryKey: [...transactionsKey, 'detail', id],
    queryFn: ({ signal }) => getTransaction(id!, signal),
    enabled: Boolean(id),
  });
}
