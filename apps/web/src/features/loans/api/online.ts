/**
 * Loan requests from the member app: GET /api/home/request-loan-online (paged,
 * by status), GET .../{id}/detail, POST .../{id}/decision (approve into an
 * application, or reject with a reason).
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { memberDetailKey } from '../../../lib/api/members';
import { homeLoansKey, loansKey } from './keys';
import type { OnlineLoan } from './types';

export const listOnlineLoans = (p: ListParams, signal?: AbortSignal) =>
  api<Page<OnlineLoan>>('/api/home/request-loan-online', { query: listQuery(p), signal });

export const decideOnlineLoan = ({ id, status, reason }: { id: string; status: 'APPROVED' | 'REJECTED'; reason?: string | null }) =>
  apiEnvelope<unknown>(`/api/home/request-loan-online/${id}/decision`, { method: 'POST', body: { status, reason: reason || null } });

export function useDecideOnlineLoan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideOnlineLoan,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loansKey }),
        qc.invalidateQueries({ queryKey: homeLoansKey }),
        qc.invalidateQueries({ queryKey: memberDetailKey }),
      ]),
  });
}
