/** GET /api/coa?isPostable=true&isActive=true: the accounts a GL role may use (filtered by type in the step). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CoaOption } from '../lib/types';
import { productsKey } from './keys';

export const listPostableAccounts = (signal?: AbortSignal) =>
  api<CoaOption[]>('/api/coa', { query: { isPostable: true, isActive: true }, signal });

export function usePostableAccounts() {
  return useQuery({ queryKey: [...productsKey, 'coa'], queryFn: ({ signal }) => listPostableAccounts(signal), staleTime: 60_000 });
}
