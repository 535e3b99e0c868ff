/** GET /api/coa/101/search-by-parent: the cash and bank accounts (the exit pays settlements out of one). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface CashAccount {
  id: string;
  code: string;
  name: string;
  systemKey: string | null;
  isActive: boolean;
  balance: number;
}

export const getCashAccounts = (signal?: AbortSignal) => api<CashAccount[]>('/api/coa/101/search-by-parent', { signal });

export function useCashAccounts(enabled = true) {
  return useQuery({
    queryKey: ['coa', '101', 'search-by-parent'],
    queryFn: ({ signal }) => getCashAccounts(signal),
    enabled,
    staleTime: 60_000,
  });
}
