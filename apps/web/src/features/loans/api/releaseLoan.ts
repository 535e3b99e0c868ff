/**
 * POST /api/transaction/product/loan/release: pays an approved loan out to
 * cash (a cash or bank account) or into the member's savings, less the fees
 * the product deducts; or refuses the disbursement (REJECTED with a reason).
 * Only for roles with the release flag. Idempotent per submission.
 */
import type { ReleaseBody } from '@koperasi/contracts/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterLoanMovement } from './invalidate';
import type { LoanView } from './types';

export type ReleaseInput = Partial<ReleaseBody> & Pick<ReleaseBody, 'loanId'>;

export const releaseLoan = ({ body, idempotencyKey }: { body: ReleaseInput; idempotencyKey: string }) =>
  apiEnvelope<LoanView | { loan: LoanView }>('/api/transaction/product/loan/release', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useReleaseLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseLoan, onSuccess: () => invalidateAfterLoanMovement(qc), meta: { errorToast: false } });
}
