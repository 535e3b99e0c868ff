/** GET /api/coa/{id}/detail: one account (id or code). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

export function useAccount(id: string | null) {
  return useQuery({
    queryKey: [...ledgerKeys.accounts, 'detail', id],
    queryFn: ({ signal }) => api<CoaAccount>(`/api/coa/${encodeURIComponent(id ?? '')}/detail`, { signal }),
    enabled: Boolean(id),
    meta: { errorToast: false },
    retry: false,
  });
}
