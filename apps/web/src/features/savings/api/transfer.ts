/**
 * POST /api/transaction/v2/transfer with QUERY parameters (spec): fromSavingId,
 * toSavingId, amount, description, timeOfRequest. The time of request is taken
 * once per submission and sent again on a retry, with the same Idempotency-Key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterMovement } from './invalidate';
import type { MovementResult } from './types';

export interface TransferInput {
  fromSavingId: string;
  toSavingId: string;
  amount: number;
  description?: string | null;
  timeOfRequest: string;
}

export const transfer = ({ input, idempotencyKey }: { input: TransferInput; idempotencyKey: string }) =>
  apiEnvelope<MovementResult>('/api/transaction/v2/transfer', {
    method: 'POST',
    query: {
      fromSavingId: input.fromSavingId,
      toSavingId: input.toSavingId,
      amount: input.amount,
      description: input.description?.trim() || undefined,
      timeOfRequest: input.timeOfRequest,
    },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useTransfer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: transfer, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
