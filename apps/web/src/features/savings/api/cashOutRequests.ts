/**
 * Online cash-out requests from the member app: GET
 * /api/home/request-cashing-out-online (status WAITING by default, ALL,
 * APPROVED, REJECTED; waiting first come first served), GET .../{id}/detail,
 * and POST {id, status, reason, coaId} to approve (the withdrawal posts) or
 * reject with a reason.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { invalidateAfterMovement } from './invalidate';
import { requestsKey } from './keys';
import type { CashOutRequest, Transaction } from './types';

export type CashOutPage = Page<CashOutRequest> & { waitingCount: number; waitingAmount: number };

export const CASH_OUT_PATH = '/api/home/request-cashing-out-online';

export const listCashOut = (p: ListParams, signal?: AbortSignal) => api<CashOutPage>(CASH_OUT_PATH, { query: listQuery(p), signal });

export const getCashOut = (id: string, signal?: AbortSignal) => api<CashOutRequest>(`${CASH_OUT_PATH}/${id}/detail`, { signal });

export function useCashOut(id: string | null) {
  return useQuery({
    queryKey: [...requestsKey, 'detail', id],
    queryFn: ({ signal }) => getCashOut(id!, signal),
    enabled: Boolean(id),
  });
}

export interface DecisionBody {
  id: string;
  status: 'APPROVED' | 'REJECTED';
  reason?: string | null;
  coaId?: string | null;
}

export const decideCashOut = ({ body, idempotencyKey }: { body: DecisionBody; idempotencyKey: string }) =>
  apiEnvelope<{ request: CashOutRequest; transaction: Transaction | null }>(CASH_OUT_PATH, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDecideCashOut() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideCashOut, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
