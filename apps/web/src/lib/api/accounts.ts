/**
 * GET /api/coa?isPostable=true&isActive=true: the accounts a form may post to (a product's GL roles, a business
 * unit's accounts, the SHU allocations). One query for every feature; a screen filters by type itself.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface PostableAccount {
  id: string;
  code: string;
  name: string;
  type: string;
  isPostable: boolean;
  isActive: boolean;
  parentName?: string | null;
  /** Set on the accounts a business unit owns. */
  businessUnitId?: string | null;
}

export const postableAccountsKey = ['coa', 'postable'] as const;

export const listPostableAccounts = (signal?: AbortSignal) =>
  api<PostableAccount[]>('/api/coa', { query: { isPostable: true, isActive: true }, signal });

export function usePostableAccounts() {
  return useQuery({ queryKey: postableAccountsKey, queryFn: ({ signal }) => listPostableAccounts(signal), staleTime: 60_000 });
}
