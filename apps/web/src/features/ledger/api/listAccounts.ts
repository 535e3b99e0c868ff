/**
 * GET /api/coa: the chart of accounts in code order with balances; `tree`
 * nests children. The journal line editor uses the postable, active ones.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

export interface AccountQuery {
  tree?: boolean;
  isPostable?: boolean;
  isActive?: boolean;
  type?: string;
}

export const listAccounts = (q: AccountQuery, signal?: AbortSignal) => api<CoaAccount[]>('/api/coa', { query: { ...q }, signal });

export function useAccounts(q: AccountQuery = {}) {
  return useQuery({ queryKey: [...ledgerKeys.accounts, 'list', q], queryFn: ({ signal }) => listAccounts(q, signal) });
}

/** Accounts a journal line may use: postable and active. */
export function usePostableAccounts() {
  return useAccounts({ isPostable: true, isActive: true });
}
