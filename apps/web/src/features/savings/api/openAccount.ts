/** POST /api/transaction/request-open-product-member: open a saving (or equity) account, with an optional first deposit. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterMovement } from './invalidate';
import type { OpenResult } from './types';

export interface OpenAccountBody {
  memberId: string;
  productId: string;
  initialDeposit?: number | null;
  coaId?: string | null;
  tag?: string | null;
  planMonthlyAmount?: number | null;
  planTargetBalance?: number | null;
  planTargetDate?: string | null;
  description?: string | null;
}

export const openAccount = ({ body, idempotencyKey }: { body: OpenAccountBody; idempotencyKey: string }) =>
  apiEnvelope<OpenResult>('/api/transaction/request-open-product-member', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useOpenAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: openAccount, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
