/** POST /api/ledger/period/close {periode}: closes the month and every earlier open month. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { CloseMonthResult } from '../lib/types';
import { ledgerKeys } from './keys';

export function useClosePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periode: string) => apiEnvelope<CloseMonthResult>('/api/ledger/period/close', { method: 'POST', body: { periode } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
