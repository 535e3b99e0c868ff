/** PATCH /api/coa {id, ...fields}: change an account; `isActive: false` deactivates it (settings:update). */
import type { CoaUpdateBody } from '@koperasi/contracts/ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CoaUpdateBody) => apiEnvelope<CoaAccount>('/api/coa', { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
