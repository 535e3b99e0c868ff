/**
 * The officer's changes to a running loan: cancel its release (before any payment), waive fines
 * (permission member_transaction:delete), change future installments (update-installment, audited).
 */
import type { UpdateInstallmentBody } from '@koperasi/contracts/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterLoanMovement } from './invalidate';
import type { LoanDetailView } from './types';

const P = '/api/transaction/product/loan';
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export interface CancelReleaseResult {
  loan: LoanDetailView;
  reversalJournalId: string;
  reversalJournalNumber: string;
}

export const cancelRelease = ({ loanId, reason, idempotencyKey }: { loanId: string; reason: string; idempotencyKey: string }) =>
  apiEnvelope<CancelReleaseResult>(`${P}/cancel-release`, { method: 'POST', body: { loanId, reason }, headers: keyed(idempotencyKey) });

export const waiveFine = ({
  loanId,
  amount,
  reason,
  idempotencyKey,
}: {
  loanId: string;
  amount: number | null;
  reason: string;
  idempotencyKey: string;
}) =>
  apiEnvelope<LoanDetailView>(`${P}/${loanId}/waive-fine`, {
    method: 'POST',
    body: amount == null ? { reason } : { amount, reason },
    headers: keyed(idempotencyKey),
  });

export const updateInstallments = ({ body, idempotencyKey }: { body: UpdateInstallmentBody; idempotencyKey: string }) =>
  apiEnvelope<unknown>(`${P}/update-installment`, { method: 'POST', body, headers: keyed(idempotencyKey) });

const quiet = { errorToast: false };

export function useCancelRelease() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelRelease, onSuccess: () => invalidateAfterLoanMovement(qc), meta: quiet });
}

export function useWaiveFine() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: waiveFine, onSuccess: () => invalidateAfterLoanMovement(qc), meta: quiet });
}

export function useUpdateInstallments() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateInstallments, onSuccess: () => invalidateAfterLoanMovement(qc), meta: quiet });
}
