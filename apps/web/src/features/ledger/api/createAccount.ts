/** POST /api/coa: a new account (settings:add). */
import type { CoaCreateBody } from '@koperasi/contracts/ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { CoaAccount } from '../lib/types';
import { ledgerKeys } from './keys';

export function useCreateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CoaCreateBody) => apiEnvelope<CoaAccount>('/api/coa', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
