/**
 * POST /api/transaction/request-open-product-member with a LOAN product: the
 * application (amount, tenor, purpose, due day, collateral, guarantor,
 * criteria). Refused above the member's loan limit and the user's loan
 * request limit. One Idempotency-Key per submission.
 */
import type { LoanOpenBody } from '@koperasi/contracts/loans';
import type { loanOpenView } from '@koperasi/contracts/loans.answers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiEnvelope } from '../../../lib/api/client';
import { memberDetailKey } from '../../../lib/api/members';
import { homeLoansKey, loansKey } from './keys';

export type LoanOpenResult = z.infer<typeof loanOpenView>;
export type LoanApplication = z.input<typeof import('@koperasi/contracts/loans').loanOpenBody> & Partial<LoanOpenBody>;

export const applyLoan = ({ body, idempotencyKey }: { body: LoanApplication; idempotencyKey: string }) =>
  apiEnvelope<LoanOpenResult>('/api/transaction/request-open-product-member', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useApplyLoan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyLoan,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loansKey }),
        qc.invalidateQueries({ queryKey: homeLoansKey }),
        qc.invalidateQueries({ queryKey: memberDetailKey }),
      ]),
    meta: { errorToast: false },
  });
}
