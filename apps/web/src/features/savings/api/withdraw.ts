/**
 * A withdrawal (penarikan): POST /api/transaction/withdraw-saving-by-cif-product-kas-bank,
 * or POST /api/transaction/withdraw by account when the product is ambiguous.
 * The server refuses with a message naming the minimum balance, the blocked
 * amount or the role's limit, or answers WAITING_APPROVAL (configuration).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { type MovementInput, movementBody } from './deposit';
import { invalidateAfterMovement } from './invalidate';
import type { MovementResult } from './types';

export const withdraw = ({ input, idempotencyKey }: { input: MovementInput; idempotencyKey: string }) =>
  apiEnvelope<MovementResult>(input.byAccount ? '/api/transaction/withdraw' : '/api/transaction/withdraw-saving-by-cif-product-kas-bank', {
    method: 'POST',
    body: movementBody(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdraw, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
