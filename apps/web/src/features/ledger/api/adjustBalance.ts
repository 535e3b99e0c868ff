/**
 * POST /api/coa/{id}/adjust-balance {date, balance, description?}: the
 * balance the account must show on `date`; the server posts the difference
 * against the opening-balance equity account (general_journal:add).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { AdjustBalanceResult } from '../lib/types';
import { ledgerKeys } from './keys';

export interface AdjustBalanceBody {
  date: string;
  balance: number;
  description?: string;
  referenceCode?: string | null;
}

export function useAdjustBalance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: string; body: AdjustBalanceBody; idempotencyKey: string }) =>
      apiEnvelope<AdjustBalanceResult>(`/api/coa/${id}/adjust-balance`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
