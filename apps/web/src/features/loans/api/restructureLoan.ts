/** POST /api/transaction/product/loan/restruktur: a new schedule on the remaining principal (tenor, rate, method; arrears capitalised or not). */
import type { RestrukturBody } from '@koperasi/contracts/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterLoanMovement } from './invalidate';
import type { LoanView } from './types';

export const restructureLoan = ({ body, idempotencyKey }: { body: RestrukturBody; idempotencyKey: string }) =>
  apiEnvelope<LoanView | { loan: LoanView }>('/api/transaction/product/loan/restruktur', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useRestructureLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restructureLoan, onSuccess: () => invalidateAfterLoanMovement(qc), meta: { errorToast: false } });
}
