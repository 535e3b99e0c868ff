/** GET /api/product/LOAN/categories: the loan products an officer may apply for, with their terms in force (open to every signed-in user). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { LoanProduct } from './types';

export const getLoanProducts = (signal?: AbortSignal) => api<LoanProduct[]>('/api/product/LOAN/categories', { signal });

export function useLoanProducts() {
  return useQuery({
    queryKey: ['products', 'LOAN', 'categories'],
    queryFn: ({ signal }) => getLoanProducts(signal),
    staleTime: 60_000,
    select: (list) => list.filter((p) => p.isActive),
  });
}
