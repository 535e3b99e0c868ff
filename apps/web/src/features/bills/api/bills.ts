/**
 * The bill calls (spec section 7 "Bills", under /api/transaction/product/bill/),
 * creation through POST /api/transaction/request-open-product-member and the
 * realization report. Money calls carry one Idempotency-Key per submission.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope, type QueryParams } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { memberSavingsKey } from '../../../lib/api/members';
import { billKey, billsKey } from './keys';
import type { BillDetailView, BillPaymentView, BillProduct, BillSimulationView, BillView, Realization } from './types';

const P = '/api/transaction/product/bill';

export const listBills = (p: ListParams, signal?: AbortSignal) => api<Page<BillView>>(`${P}/datatable`, { query: listQuery(p), signal });

export function useBillProducts() {
  return useQuery({
    queryKey: ['products', 'BILL', 'categories'],
    queryFn: ({ signal }) => api<BillProduct[]>('/api/product/BILL/categories', { signal }),
    staleTime: 60_000,
    select: (list) => list.filter((p) => p.isActive),
  });
}

export function useBill(id: string) {
  return useQuery({
    queryKey: billKey(id),
    queryFn: ({ signal }) => api<BillDetailView>(`${P}/${id}/detail-installment-bill-member`, { signal }),
  });
}

export function useBillPayments(id: string) {
  return useQuery({
    queryKey: [...billKey(id), 'payments'],
    queryFn: ({ signal }) => api<Page<BillPaymentView>>(`${P}/${id}/mutation-payments`, { query: { page: 0, limit: 100 }, signal }),
  });
}

export interface SimulationInput {
  productId?: string | null;
  billType?: string | null;
  date?: string | null;
  perBillAmount?: number | null;
  amount?: number | null;
  installments?: number | null;
  installmentAmounts?: number[] | null;
  adminFee?: number | null;
}

export function simulationQuery(i: SimulationInput): QueryParams {
  return {
    productId: i.productId || undefined,
    billType: i.billType || undefined,
    date: i.date || undefined,
    perBillAmount: i.perBillAmount || undefined,
    amount: i.amount || undefined,
    installments: i.installments || undefined,
    installmentAmounts: i.installmentAmounts?.length ? i.installmentAmounts.join(',') : undefined,
    adminFee: i.adminFee ?? undefined,
  };
}

export function useBillSimulation(i: SimulationInput, enabled: boolean) {
  const query = simulationQuery(i);
  return useQuery({
    queryKey: [...billsKey, 'simulation', query],
    queryFn: ({ signal }) => api<BillSimulationView>(`${P}/simulation-installment`, { query, signal }),
    enabled,
    retry: false,
  });
}

export function useRealization(q: { start: string; end: string; productId?: string }) {
  return useQuery({
    queryKey: [...billsKey, 'realization', q],
    queryFn: ({ signal }) =>
      api<Realization>('/api/report/bill/realization-periode', { query: { ...q, productId: q.productId || undefined }, signal }),
  });
}

type Post = { path: string; body: unknown; idempotencyKey: string };
const send = <T>({ path, body, idempotencyKey }: Post) =>
  apiEnvelope<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Every bill POST: invalidates the bills, the cash balances and the member's savings (a payment from savings) on success. */
export function useBillAction<T = { bill?: BillDetailView }>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: Post) => send<T>(p),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: billsKey }),
        qc.invalidateQueries({ queryKey: ['coa'] }),
        qc.invalidateQueries({ queryKey: memberSavingsKey }),
      ]),
    meta: { errorToast: false, successToast: false },
  });
}

export const billPaths = {
  open: '/api/transaction/request-open-product-member',
  approve: (id: string) => `${P}/${id}/approved-bill`,
  pay: `${P}/payment-open-amount`,
  cancelPayment: `${P}/cancel-payment`,
  stop: (id: string) => `${P}/${id}/stop-bill`,
  updateInstallment: `${P}/update-installment`,
  deleteInstallment: `${P}/delete-installment`,
  updateRequest: `${P}/update-request-bill`,
};
