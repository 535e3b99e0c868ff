/** POST /api/transaction/product/loan/{id}/approved-loan: approve or reject an application (a reason to reject), within the approver's loan approval limit. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { memberDetailKey } from '../../../lib/api/members';
import { homeLoansKey, loansKey } from './keys';
import type { LoanView } from './types';

export interface Decision {
  status: 'APPROVED' | 'REJECTED';
  reason?: string | null;
}

export const decideLoan = ({ id, body, idempotencyKey }: { id: string; body: Decision; idempotencyKey: string }) =>
  apiEnvelope<LoanView>(`/api/transaction/product/loan/${id}/approved-loan`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDecideLoan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideLoan,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loansKey }),
        qc.invalidateQueries({ queryKey: homeLoansKey }),
        qc.invalidateQueries({ queryKey: memberDetailKey }),
      ]),
    meta: { errorToast: false },
  });
}
