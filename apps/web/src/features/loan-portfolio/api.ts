/**
 * The portfolio's API: the reports (GET report/loan/...), the filter options
 * (loan products, member/form-options), the PPAP postings (GET/POST loan/ppap,
 * POST loan/ppap/{id}/cancel) and the auto debit (GET loan/auto-debit, POST
 * loan/auto-debit/run).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope, type QueryParams } from '../../lib/api/client';
import { downloadServerExcel } from '../../lib/api/download';
import type { Page } from '../../lib/api/list';

const KEY = ['loan-portfolio'] as const;

export function useReport(path: string, query: QueryParams) {
  return useQuery({
    queryKey: [...KEY, path, query],
    queryFn: ({ signal }) => api<Record<string, unknown>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const downloadExcel = (path: string, query: QueryParams, name: string) => downloadServerExcel(path, query, name);

export interface Option {
  id: string;
  name: string;
}

export function useOptions() {
  return useQuery({
    queryKey: [...KEY, 'options'],
    queryFn: async ({ signal }) => {
      const [products, form] = await Promise.all([
        api<Option[]>('/api/product/LOAN/categories', { query: { isActive: false }, signal }).catch(() => [] as Option[]),
        api<{ branches: Option[]; areas: Option[]; agents: Option[]; staff: Option[] }>('/api/member/form-options', { signal }).catch(
          () => null,
        ),
      ]);
      const users = new Map<string, string>();
      for (const u of [...(form?.staff ?? []), ...(form?.agents ?? [])]) users.set(u.id, u.name);
      return {
        products: products.map((p) => ({ id: p.id, name: p.name })),
        branches: form?.branches ?? [],
        areas: form?.areas ?? [],
        officers: [...users].map(([id, name]) => ({ id, name })),
      };
    },
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

export interface Provision {
  id: string;
  period: string;
  asOf: string;
  required: number;
  balanceBefore: number;
  amount: number;
  direction: 'TOP_UP' | 'RELEASE' | 'NONE';
  journalNumber: string | null;
  status: 'POSTED' | 'CANCELLED';
  cancelReason: string | null;
  reversalNumber: string | null;
}

export function useProvisions() {
  return useQuery({ queryKey: [...KEY, 'ppap-postings'], queryFn: ({ signal }) => api<Provision[]>('/api/loan/ppap', { signal }) });
}

export function usePostProvision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (period: string) =>
      apiEnvelope<Provision>('/api/loan/ppap', { method: 'POST', body: { period }, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
    meta: { errorToast: false },
  });
}

export function useCancelProvision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiEnvelope<Provision>(`/api/loan/ppap/${id}/cancel`, {
        method: 'POST',
        body: { reason },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
    meta: { errorToast: false },
  });
}

export interface AutoDebitRow {
  id: string;
  loanId: string;
  loanNumber: string;
  memberName: string;
  cifNumber: string;
  productName: string;
  accountNumber: string | null;
  status: 'PENDING' | 'PAID' | 'PARTIAL' | 'FAILED';
  due: number;
  paid: number;
  message: string | null;
  attempts: number;
}
export interface AutoDebitSummary {
  date: string;
  runStatus: string | null;
  paid: number;
  partial: number;
  failed: number;
  pending: number;
  amount: number;
}

export function useAutoDebit(query: QueryParams) {
  return useQuery({
    queryKey: [...KEY, 'auto-debit', query],
    queryFn: ({ signal }) => api<Page<AutoDebitRow> & { summary: AutoDebitSummary }>('/api/loan/auto-debit', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRunAutoDebit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; retry?: boolean; loanId?: string }) =>
      apiEnvelope<AutoDebitSummary>('/api/loan/auto-debit/run', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
    meta: { errorToast: false },
  });
}

export interface Recapitulation {
  loan: Record<string, unknown> & { loanId: string; loanNumber: string; memberName: string };
  installments: Record<string, unknown>[];
  installmentTotals: Record<string, unknown>;
  payments: Record<string, unknown>[];
  paymentTotals: Record<string, unknown>;
}

/** One loan's recapitulation (GET report/loan/{id}/recapitulation). */
export function useRecapitulation(id: string) {
  return useQuery({
    queryKey: [...KEY, 'recapitulation', id],
    queryFn: ({ signal }) => api<Recapitulation>(`/api/report/loan/${id}/recapitulation`, { signal }),
    meta: { errorToast: false },
  });
}

export interface PortfolioSetting {
  autoDebitPartial: boolean;
  reminderDays: number;
  reminderOverdue: boolean;
  reminderChannel: 'SMS' | 'EMAIL';
}

/** The cooperative's auto debit and reminder settings (GET/PUT loan/portfolio-setting). */
export function usePortfolioSetting() {
  return useQuery({
    queryKey: [...KEY, 'portfolio-setting'],
    queryFn: ({ signal }) => api<PortfolioSetting>('/api/loan/portfolio-setting', { signal }),
    meta: { errorToast: false },
  });
}

export function useSavePortfolioSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PortfolioSetting) => apiEnvelope<PortfolioSetting>('/api/loan/portfolio-setting', { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'portfolio-setting'] }),
    meta: { errorToast: false },
  });
}
