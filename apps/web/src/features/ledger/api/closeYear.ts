/** POST /api/ledger/fiscal-year/close {year}: posts the closing entries into the current-year surplus and closes every month. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { uuid } from '../../../lib/id';
import type { CloseYearResult } from '../lib/types';
import { ledgerKeys } from './keys';

export function useCloseYear() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (year: number) =>
      apiEnvelope<CloseYearResult>('/api/ledger/fiscal-year/close', {
        method: 'POST',
        body: { year },
        headers: { 'Idempotency-Key': uuid() },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
