/** GET /api/coa/101/search-by-parent: the postable cash and bank accounts (under 101), for the assignment picker. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CashAccount } from '../types';
import { accessKeys } from './keys';

export const listCashAccounts = (signal?: AbortSignal) => api<CashAccount[]>('/api/coa/101/search-by-parent', { signal });

export function useCashAccounts(enabled = true) {
  return useQuery({ queryKey: accessKeys.cashAccounts, queryFn: ({ signal }) => listCashAccounts(signal), enabled });
}
