/**
 * The deposit calls (spec section 7): list, detail, setup-interest, mutations,
 * potential interest, projection, certificate, report, releases; placement
 * through request-open-product-member; withdraw, break, break approval,
 * position, release and its cancellation. Mutations return the envelope so
 * the server's message shows.
 */
import type { DepositView } from '@koperasi/contracts/deposits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { memberSavingsKey } from '../../../lib/api/members';

export type Deposit = DepositView;
export const depositsKey = ['deposits'] as const;

export interface ScheduleRow {
  period: number;
  from: string;
  to: string;
  days: number;
  gross: number;
  tax: number;
  net: number;
  status: 'PAID' | 'DUE' | 'UPCOMING';
  destination: string | null;
}

export interface SetupInterest {
  deposit: Deposit;
  terms: {
    rates: Record<string, number | null>;
    penalty: number;
    penaltyBasis: 'PRINCIPAL' | 'INTEREST';
    breakNeedsApproval: boolean;
    interestWithdrawalNeedsApproval: boolean;
    profitSharing: number;
  };
  tax: { basis: 'MEMBER' | 'ACCOUNT'; taxFreeAmount: number; ratePct: number };
  accruedInterest: number;
  schedule: ScheduleRow[];
}

export interface Mutation {
  id: string;
  code: string;
  transactionDate: string;
  kind: string;
  activity: string;
  amount: number;
  balanceAfter: number;
  status: string;
  description: string | null;
  journalNumber: string | null;
}

export interface Projection {
  rate: number;
  dayCount: 'MONTHLY' | 'ACTUAL_365';
  startDate: string;
  maturityDate: string;
  periods: Array<{ period: number; from: string; to: string; days: number; gross: number; tax: number; net: number }>;
  totalGross: number;
  totalTax: number;
  totalNet: number;
  tax: { basis: string; taxFreeAmount: number; ratePct: number };
}

export interface Release {
  id: string;
  fromDate: string;
  toDate: string;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  deposits: number;
  payments: number;
  chunks: number;
  totalGross: number;
  totalTax: number;
  totalNet: number;
  createdDate: string;
  cancelReason: string | null;
}

export type PotentialRow = Deposit & { periods: number; firstDue: string; gross: number; tax: number; net: number };

export const listDeposits = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Deposit> & { totalPrincipal: number }>('/api/transaction/deposit/datatable', { query: listQuery(p), signal });
export const depositReport = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Deposit> & { totalPrincipal: number; totalInterestPaid: number; totalTaxPaid: number }>('/api/report/deposit', {
    query: listQuery(p),
    signal,
  });
export const potentialInterest = (p: ListParams, signal?: AbortSignal) =>
  api<Page<PotentialRow> & { totalGross: number; totalTax: number; totalNet: number }>('/api/transaction/deposit/v2/potential-interest', {
    query: listQuery(p),
    signal,
  });
export const listReleases = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Release>>('/api/interest-simulation/deposit/releases', { query: listQuery(p), signal });

export function useSetupInterest(id: string) {
  return useQuery({
    queryKey: [...depositsKey, id, 'setup'],
    queryFn: ({ signal }) => api<SetupInterest>(`/api/transaction/deposit/${id}/detail-setup-interest`, { signal }),
  });
}

export function useMutations(id: string) {
  return useQuery({
    queryKey: [...depositsKey, id, 'mutations'],
    queryFn: ({ signal }) =>
      api<Page<Mutation>>(`/api/transaction/product/${id}/detail-mutation-deposit`, { query: { page: 0, limit: 200 }, signal }),
  });
}

export function useCertificate(id: string) {
  return useQuery({
    queryKey: [...depositsKey, id, 'certificate'],
    queryFn: ({ signal }) => api<Record<string, any>>(`/api/transaction/deposit/${id}/certificate`, { signal }),
  });
}

export function useProjection(q: { productId: string | null; amount: number | null; tenor: number | null }) {
  return useQuery({
    queryKey: [...depositsKey, 'projection', q],
    queryFn: ({ signal }) => api<Projection>('/api/transaction/deposit/projection', { query: q, signal }),
    enabled: Boolean(q.productId && q.amount && q.amount > 0 && q.tenor),
    retry: false,
    meta: { errorToast: false },
  });
}

export function useDepositProducts() {
  return useQuery({
    queryKey: ['product', 'SAVING_DEPOSIT', 'categories'],
    queryFn: ({ signal }) =>
      api<Array<{ id: string; code: string; name: string; terms?: Record<string, any> }>>('/api/product/SAVING_DEPOSIT/categories', {
        signal,
      }),
    staleTime: 60_000,
  });
}

function useDepositMutation<B>(fn: (b: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: depositsKey }), qc.invalidateQueries({ queryKey: memberSavingsKey })]),
  });
}

export const usePlace = () =>
  useDepositMutation((b: Record<string, unknown>) =>
    apiEnvelope<{ deposit: Deposit }>('/api/transaction/request-open-product-member', { method: 'POST', body: b }),
  );
export const useWithdraw = () =>
  useDepositMutation((b: Record<string, unknown>) => apiEnvelope('/api/transaction/deposit/withdraw', { method: 'POST', body: b }));
export const useBreak = () =>
  useDepositMutation((b: Record<string, unknown>) => apiEnvelope('/api/transaction/deposit/break', { method: 'POST', body: b }));
export const useBreakDecision = (id: string) =>
  useDepositMutation((b: { status: 'APPROVED' | 'REJECTED'; reason?: string }) =>
    apiEnvelope(`/api/transaction/deposit/${id}/break-approval`, { method: 'POST', body: b }),
  );
export const usePosition = (id: string) =>
  useDepositMutation((b: Record<string, unknown>) =>
    apiEnvelope(`/api/transaction/deposit/${id}/deposit-position`, { method: 'PATCH', body: b }),
  );
export const useRelease = () =>
  useDepositMutation((b: { fromDate: string; toDate: string }) =>
    apiEnvelope<Release>('/api/interest-simulation/deposit/release', { method: 'POST', body: b, timeoutMs: null }),
  );
export const useCancelRelease = () =>
  useDepositMutation((b: { id: string; reason: string }) =>
    apiEnvelope<Release>(`/api/interest-simulation/${b.id}/cancel-release`, { method: 'POST', body: { reason: b.reason } }),
  );

// ---------------------------------------------------------------- holding accounts (penampung) and their payout

export interface HoldingWaiting {
  id: string;
  accountNumber: string;
  certificateNumber: string;
  memberId: string;
  memberName: string;
  cifNumber: string;
  productName: string;
  status: Deposit['status'];
  principal: number;
  interest: number;
  total: number;
  since: string;
  /** A payout request waits for another user's approval. */
  payoutRequestPending: boolean;
}

export interface HoldingDetail {
  depositId: string;
  pendingRequest?: PayoutRequest | null;
  accountNumber: string;
  open: { principal: number; interest: number; total: number };
  entries: Array<{
    id: string;
    kind: 'PRINCIPAL' | 'INTEREST';
    source: 'WITHDRAWAL' | 'BREAK' | 'INTEREST';
    date: string;
    amount: number;
    status: 'OPEN' | 'PAID';
    coa: { id: string; code: string; name: string };
  }>;
  payouts: Array<{
    id: string;
    method: 'CASH' | 'SAVING';
    savingNumber: string | null;
    principal: number;
    interest: number;
    amount: number;
    date: string;
    journalNumber: string | null;
  }>;
}

export interface PayoutBody {
  method: 'CASH' | 'SAVING';
  savingId?: string | null;
  kinds: Array<'PRINCIPAL' | 'INTEREST'>;
  description?: string | null;
}

export interface PayoutResult {
  /** PAID, or WAITING_APPROVAL (interest payout of a product that needs approval: nothing posted yet). */
  status: 'PAID' | 'WAITING_APPROVAL';
  requestId?: string;
  id?: string;
  method: 'CASH' | 'SAVING';
  principal: number;
  interest: number;
  amount: number;
  journalNumber?: string | null;
}

/** A payout with interest waiting for another user's approval. */
export interface PayoutRequest {
  id: string;
  method: 'CASH' | 'SAVING';
  kinds: Array<'PRINCIPAL' | 'INTEREST'>;
  principal: number;
  interest: number;
  amount: number;
  requestedBy: string | null;
  requestedByName: string | null;
  requestedAt: string;
}

export const listHolding = (p: ListParams, signal?: AbortSignal) =>
  api<Page<HoldingWaiting> & { totalPrincipal: number; totalInterest: number }>('/api/transaction/deposit/holding', {
    query: listQuery(p),
    signal,
  });

export function useHolding(id: string | null) {
  return useQuery({
    queryKey: [...depositsKey, 'holding', id],
    queryFn: ({ signal }) => api<HoldingDetail>(`/api/transaction/deposit/${id}/holding`, { signal }),
    enabled: Boolean(id),
  });
}

export const usePayoutDecision = (id: string) =>
  useDepositMutation((b: { status: 'APPROVED' | 'REJECTED'; reason?: string }) =>
    apiEnvelope(`/api/transaction/deposit/${id}/payout-approval`, { method: 'POST', body: b }),
  );
export const usePayout = (id: string) =>
  useDepositMutation((b: { body: PayoutBody; idempotencyKey: string }) =>
    apiEnvelope<PayoutResult>(`/api/transaction/deposit/${id}/payout`, {
      method: 'POST',
      body: b.body,
      headers: { 'Idempotency-Key': b.idempotencyKey },
    }),
  );

/** The deposits' part of GET /api/home/saving-loan (the dashboard widget). */
export interface DepositsSummary {
  running: number;
  runningPrincipal: number;
  matured: number;
  maturedPrincipal: number;
  totalPrincipal: number;
  maturingSoon: {
    days: number;
    until: string;
    count: number;
    principal: number;
    next: Array<{ id: string; accountNumber: string; memberName: string; principal: number; maturityDate: string; rollover: string }>;
  };
  breakRequests: number;
  /** Interest payouts waiting for approval. */
  payoutRequests?: number;
  placedThisMonth: { count: number; amount: number };
  holding: { principal: number; interest: number };
}

export function useDepositsSummary() {
  return useQuery({
    // The savings summary's own key and call: one request for both widgets.
    queryKey: ['home', 'savings', 'saving-loan'],
    queryFn: ({ signal }) => api<{ deposits?: DepositsSummary }>('/api/home/saving-loan', { signal }),
  });
}
