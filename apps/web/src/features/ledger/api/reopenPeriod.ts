/** POST /api/ledger/period/reopen {periode, reason}: reopens the month and every later month (general_journal:delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { ReopenMonthResult } from '../lib/types';
import { ledgerKeys } from './keys';

export function useReopenPeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { periode: string; reason: string }) =>
      apiEnvelope<ReopenMonthResult>('/api/ledger/period/reopen', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
