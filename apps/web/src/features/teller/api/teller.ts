/**
 * Teller sessions (GET/POST /api/transaction-user/...), handovers, the agent's
 * dashboard figures (GET /api/dashboard-agent/summary) and the agent report
 * (GET /api/report/agent-transactions). docs/teller.md.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import { uuid } from '../../../lib/id';

export const tellerKey = ['teller'] as const;

export interface CoaRef {
  id: string;
  code: string;
  name: string;
}

export interface TellerSession {
  id: string;
  userId: string;
  tellerName: string;
  coa: CoaRef;
  date: string;
  status: 'OPEN' | 'CLOSED';
  openingBalance: number;
  openedAt: string;
  closedAt: string | null;
  closedByName: string | null;
  expectedCash: number;
  countedCash: number | null;
  difference: number | null;
  denominations: Array<{ denomination: number; count: number; total: number }> | null;
  closeReason: string | null;
  differenceJournalNumber: string | null;
}

export interface Handover {
  id: string;
  sessionId: string;
  from: { userId: string; name: string | null; coa: CoaRef };
  target: 'MAIN_CASH' | 'TELLER';
  to: { userId: string | null; name: string | null; coa: CoaRef };
  amount: number;
  description: string | null;
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED';
  decidedByName: string | null;
  decidedAt: string | null;
  reason: string | null;
  journalNumber: string | null;
  createdDate: string;
}

export interface SessionDetail extends TellerSession {
  cooperativeName: string;
  movements: Array<{ module: string; cashIn: number; cashOut: number; count: number }>;
  totalCashIn: number;
  totalCashOut: number;
  journals: Array<{
    id: string;
    number: string | null;
    description: string;
    module: string;
    postedAt: string;
    cashIn: number;
    cashOut: number;
  }>;
  handovers: Handover[];
}

export interface OpenBalance {
  date: string;
  today: string;
  cashAccount: (CoaRef & { balance: number }) | null;
  openingBalance: number;
  session: TellerSession | null;
  openSession: TellerSession | null;
}

export const CASH_DENOMINATIONS = [100000, 50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100] as const;

export function useOpenBalance() {
  return useQuery({
    queryKey: [...tellerKey, 'open-balance'],
    queryFn: ({ signal }) => api<OpenBalance>('/api/transaction-user/open-balance-teller', { signal }),
    refetchInterval: 15_000,
  });
}

export function useSessionDetail(id: string | null | undefined, own: boolean) {
  return useQuery({
    queryKey: [...tellerKey, 'detail', id, own],
    enabled: Boolean(id),
    queryFn: ({ signal }) => api<SessionDetail>(`/api/transaction-user/${own ? 'datatable-teller' : 'datatable'}/${id}/detail`, { signal }),
    refetchInterval: 15_000,
  });
}

export const listSessions = (own: boolean) => (p: ListParams, signal?: AbortSignal) =>
  api<Page<TellerSession>>(`/api/transaction-user/${own ? 'datatable-teller' : 'datatable'}`, { query: listQuery(p), signal });

export const listHandovers = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Handover>>('/api/transaction-user/handover/datatable', { query: listQuery(p), signal });

export function useReceivers() {
  return useQuery({
    queryKey: [...tellerKey, 'receivers'],
    queryFn: ({ signal }) =>
      api<Array<{ userId: string; name: string | null; roleCode: string | null; coa: { code: string; name: string } }>>(
        '/api/transaction-user/handover/receivers',
        { signal },
      ),
  });
}

function useMoney<I>(path: (i: I) => string, body: (i: I) => unknown) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (i: I) => apiEnvelope<unknown>(path(i), { method: 'POST', body: body(i), headers: { 'Idempotency-Key': uuid() } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKey }),
    // The screens show the server's message themselves (notifySuccess) and their errors inline.
    meta: { errorToast: false, successToast: false },
  });
}

export const useOpenTeller = () =>
  useMoney<{ openingBalance: number; date: string }>(
    () => '/api/transaction-user/open-teller',
    (i) => i,
  );

export const useCloseTeller = () =>
  useMoney<{ id: string; openingBalance: number; body: Array<{ denomination: number; count: number }>; reason: string | null }>(
    (i) => `/api/transaction-user/${i.id}/close-teller`,
    ({ id: _id, ...rest }) => rest,
  );

export const useSendHandover = () =>
  useMoney<{ target: 'MAIN_CASH' | 'TELLER'; toUserId: string | null; amount: number; description: string | null }>(
    () => '/api/transaction-user/handover',
    (i) => i,
  );

export const useDecideHandover = () =>
  useMoney<{ id: string; decision: 'confirm' | 'reject'; reason?: string }>(
    (i) => `/api/transaction-user/handover/${i.id}/${i.decision}`,
    (i) => (i.decision === 'reject' ? { reason: i.reason } : {}),
  );

// ---------------------------------------------------------------- agents

export interface AgentSummary {
  date: string;
  coa: (CoaRef & { balance: number }) | null;
  todayCollections: { cashIn: number; cashOut: number; net: number; journals: number };
  assignedMembers: number;
  today: { membersServed: number; depositsCollected: number; transactions: number };
}

export function useAgentSummary() {
  return useQuery({
    queryKey: [...tellerKey, 'agent-summary'],
    queryFn: ({ signal }) => api<AgentSummary>('/api/dashboard-agent/summary', { signal }),
  });
}

export interface AgentReportRow {
  agentId: string;
  agentName: string;
  roleCode: string | null;
  membersServed: number;
  transactions: number;
  depositsCollected: number;
  paymentsCollected: number;
  withdrawalsPaid: number;
  cashHandedOver: number;
}

export interface AgentReport {
  start: string;
  end: string;
  cooperativeName: string;
  content: AgentReportRow[];
  total: Omit<AgentReportRow, 'agentId' | 'agentName' | 'roleCode'>;
}

export function useAgentReport(start: string | null, end: string | null) {
  return useQuery({
    queryKey: [...tellerKey, 'agent-report', start, end],
    queryFn: ({ signal }) =>
      api<AgentReport>('/api/report/agent-transactions', { query: { start: start ?? undefined, end: end ?? undefined }, signal }),
  });
}

export interface AssignedMember {
  id: string;
  cifNumber: string;
  fullName: string;
  phone: string | null;
}

export function useAssignedMembers() {
  return useQuery({
    queryKey: [...tellerKey, 'assigned-members'],
    queryFn: ({ signal }) => api<Page<AssignedMember>>('/api/member/assign-to-me', { query: { page: 0, limit: 1000 }, signal }),
  });
}

export interface MyTransaction {
  id: string;
  code: string;
  createdAt: string;
  memberName: string;
  activity: string;
  signedAmount: number;
  amount: number;
}

export function useMyTransactions() {
  return useQuery({
    queryKey: [...tellerKey, 'by-me'],
    queryFn: ({ signal }) => api<Page<MyTransaction>>('/api/transaction/datatable-by-me', { query: { page: 0, limit: 1000 }, signal }),
  });
}
