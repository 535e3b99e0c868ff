/**
 * The cash and bank accounts a release pays from and a payment goes into:
 * GET /api/coa/101/search-by-parent (postable accounts under 101 with their
 * balances) and GET /api/coa/assign-to-me (the signed-in user's own account,
 * the server's default). Same query keys as the savings screens: one cache.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { Page } from './list';

export interface CashAccount {
  id: string;
  code: string;
  name: string;
  balance: number;
  isActive: boolean;
  systemKey: string | null;
}

export function useCashAccounts(enabled = true) {
  return useQuery({
    queryKey: ['coa', '101', 'search-by-parent'],
    queryFn: ({ signal }) => api<CashAccount[]>('/api/coa/101/search-by-parent', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useMyCashAccount(enabled = true) {
  return useQuery({
    queryKey: ['coa', 'assign-to-me'],
    queryFn: ({ signal }) =>
      api<Page<{ id: string; code: string; name: string; isActive: boolean }>>('/api/coa/assign-to-me', {
        query: { page: 0, limit: 10 },
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
    select: (p) => p.content.find((a) => a.isActive) ?? null,
  });
}
