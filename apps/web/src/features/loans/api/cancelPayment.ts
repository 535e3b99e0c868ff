/** POST /api/transaction/product/loan/cancel-payment: a cancelled payment reverses its journal and reinstates what it paid (needs the role's cancel flag). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterLoanMovement } from './invalidate';

export const cancelPayment = ({ paymentId, reason, idempotencyKey }: { paymentId: string; reason: string; idempotencyKey: string }) =>
  apiEnvelope<unknown>('/api/transaction/product/loan/cancel-payment', {
    method: 'POST',
    body: { paymentId, reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCancelPayment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelPayment, onSuccess: () => invalidateAfterLoanMovement(qc) });
}
