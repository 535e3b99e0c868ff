/** POST /api/transaction/close-product-saving: the closing fee is taken, the rest paid out from the chosen cash or bank account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterMovement } from './invalidate';
import type { CloseResult } from './types';

export interface CloseAccountBody {
  memberSavingId: string;
  coaId?: string | null;
  reason?: string | null;
}

export const closeAccount = ({ body, idempotencyKey }: { body: CloseAccountBody; idempotencyKey: string }) =>
  apiEnvelope<CloseResult>('/api/transaction/close-product-saving', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCloseAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: closeAccount, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
