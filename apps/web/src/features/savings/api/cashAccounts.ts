/**
 * The cash and bank accounts a teller may post against: GET
 * /api/coa/101/search-by-parent (every postable account under 101, with
 * balances) and GET /api/coa/assign-to-me (the account assigned to the
 * signed-in user, the server's default when none is chosen).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import type { CashAccount } from './types';

export const getCashAccounts = (signal?: AbortSignal) => api<CashAccount[]>('/api/coa/101/search-by-parent', { signal });
export const getMyCashAccount = (signal?: AbortSignal) =>
  api<Page<{ id: string; code: string; name: string; isActive: boolean }>>('/api/coa/assign-to-me', {
    query: { page: 0, limit: 10 },
    signal,
  });

export function useCashAccounts(enabled = true) {
  return useQuery({
    queryKey: ['coa', '101', 'search-by-parent'],
    queryFn: ({ signal }) => getCashAccounts(signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useMyCashAccount(enabled = true) {
  return useQuery({
    queryKey: ['coa', 'assign-to-me'],
    queryFn: ({ signal }) => getMyCashAccount(signal),
    enabled,
    staleTime: 5 * 60_000,
    select: (p) => p.content.find((a) => a.isActive) ?? null,
  });
}
