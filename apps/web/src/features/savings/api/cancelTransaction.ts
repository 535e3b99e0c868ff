/**
 * POST /api/transaction/cancel {transactionId, reason}: the reversal journal,
 * balances restored, the original marked CANCELLED. Only a role allowed to
 * cancel (403 with the server's message otherwise), never in a closed period.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterMovement } from './invalidate';
import type { CancelResult } from './types';

export const cancelTransaction = ({ body, idempotencyKey }: { body: { transactionId: string; reason: string }; idempotencyKey: string }) =>
  apiEnvelope<CancelResult>('/api/transaction/cancel', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export function useCancelTransaction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelTransaction, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
