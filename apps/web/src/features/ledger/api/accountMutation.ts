/**
 * GET /api/coa/{id}/mutation (start, end, page, limit, sort): an account's
 * opening balance, lines with running balance and closing balance.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { AccountStatement } from '../lib/types';
import { ledgerKeys } from './keys';

export interface StatementQuery {
  start: string | null;
  end: string | null;
  page: number;
  limit: number;
  sort?: 'ASC' | 'DESC';
}

export const mutationPath = (id: string) => `/api/coa/${encodeURIComponent(id)}/mutation`;

export function useAccountMutation(id: string | null, q: StatementQuery) {
  return useQuery({
    queryKey: [...ledgerKeys.accounts, 'mutation', id, q],
    queryFn: ({ signal }) => api<AccountStatement>(mutationPath(id ?? ''), { query: { ...q }, signal }),
    enabled: Boolean(id) && Boolean(q.start && q.end && q.start <= q.end),
    placeholderData: keepPreviousData,
  });
}
