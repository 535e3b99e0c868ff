/** POST /api/ledger/fiscal-year/reopen {year, reason}: reverses the closing journal (general_journal:delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { uuid } from '../../../lib/id';
import type { ReopenYearResult } from '../lib/types';
import { ledgerKeys } from './keys';

export function useReopenYear() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; reason: string }) =>
      apiEnvelope<ReopenYearResult>('/api/ledger/fiscal-year/reopen', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': uuid() },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
