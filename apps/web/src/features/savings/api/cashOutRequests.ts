/**
 * Requests waiting for approval. Online cash-out requests from the member app: GET
 * /api/home/request-cashing-out-online (status WAITING by default, ALL,
 * APPROVED, REJECTED; waiting first come first served), GET .../{id}/detail,
 * and POST {id, status, reason, coaId} to approve (the withdrawal posts) or
 * reject with a reason. Withdrawals above the teller's limit (queued when the
 * cooperative's configuration says so): GET /api/transaction/withdraw-request/datatable,
 * .../{id}/detail and POST .../decide with the same body.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { invalidateAfterMovement } from './invalidate';
import { requestsKey } from './keys';
import type { CashOutRequest, Transaction } from './types';

export type CashOutPage = Page<CashOutRequest> & { waitingCount: number; waitingAmount: number };

export const CASH_OUT_PATH = '/api/home/request-cashing-out-online';

export const WITHDRAW_REQUEST_PATH = '/api/transaction/withdraw-request';

/** Where each kind of request is listed, read and decided. */
export type RequestSource = 'CASH_OUT' | 'WITHDRAWAL';
const PATHS: Record<RequestSource, { list: string; base: string; decide: string }> = {
  CASH_OUT: { list: CASH_OUT_PATH, base: CASH_OUT_PATH, decide: CASH_OUT_PATH },
  WITHDRAWAL: {
    list: `${WITHDRAW_REQUEST_PATH}/datatable`,
    base: WITHDRAW_REQUEST_PATH,
    decide: `${WITHDRAW_REQUEST_PATH}/decide`,
  },
};

export const listRequests = (source: RequestSource, p: ListParams, signal?: AbortSignal) =>
  api<CashOutPage>(PATHS[source].list, { query: listQuery(p), signal });

export const listCashOut = (p: ListParams, signal?: AbortSignal) => listRequests('CASH_OUT', p, signal);

export const getRequest = (source: RequestSource, id: string, signal?: AbortSignal) =>
  api<CashOutRequest>(`${PATHS[source].base}/${id}/detail`, { signal });

export function useCashOut(id: string | null, source: RequestSource = 'CASH_OUT') {
  return useQuery({
    queryKey: [...requestsKey, source, 'detail', id],
    queryFn: ({ signal }) => getRequest(source, id!, signal),
    enabled: Boolean(id),
  });
}

export interface DecisionBody {
  id: string;
  status: 'APPROVED' | 'REJECTED';
  reason?: string | null;
  coaId?: string | null;
}

export const decideRequest = ({
  body,
  idempotencyKey,
  source = 'CASH_OUT',
}: {
  body: DecisionBody;
  idempotencyKey: string;
  source?: RequestSource;
}) =>
  apiEnvelope<{ request: CashOutRequest; transaction: Transaction | null }>(PATHS[source].decide, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDecideCashOut() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideRequest, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
