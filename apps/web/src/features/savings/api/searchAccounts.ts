/** GET /api/transaction/saving/search?q=: open accounts by CIF, account number, phone or name (the transfer's destination). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { savingsKey } from './keys';
import type { SavingAccount } from './types';

export const searchAccounts = (q: string, signal?: AbortSignal) =>
  api<SavingAccount[]>('/api/transaction/saving/search', { query: { q, limit: 20 }, signal });

export function useSearchAccounts(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...savingsKey, 'account-search', text],
    queryFn: ({ signal }) => searchAccounts(text, signal),
    enabled: text.length >= 2,
    staleTime: 10_000,
  });
}
