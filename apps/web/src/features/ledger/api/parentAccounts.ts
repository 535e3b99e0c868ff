/** GET /api/coa/parent: header accounts, the parents a new account may have. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

export function useParentAccounts(enabled = true) {
  return useQuery({
    queryKey: [...ledgerKeys.accounts, 'parents'],
    queryFn: ({ signal }) => api<CoaAccount[]>('/api/coa/parent', { signal }),
    enabled,
  });
}
