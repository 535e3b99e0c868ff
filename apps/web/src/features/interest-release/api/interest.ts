/** Savings interest release API: the runs, a release, a cancellation (docs/interest.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';

export const interestKey = ['interest-release'] as const;

export interface SavingRelease {
  id: string;
  startDate: string;
  endDate: string;
  productId: string | null;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  accounts: number;
  totalGross: number;
  totalTax: number;
  totalAdminFee: number;
  totalNet: number;
  createdDate: string;
}

export const listSavingReleases = (p: ListParams, signal?: AbortSignal) =>
  api<Page<SavingRelease>>('/api/interest-simulation/saving/releases', { query: listQuery(p), signal });

function useInterestMutation<B>(fn: (b: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: interestKey }) });
}

export const useSavingRelease = () =>
  useInterestMutation((b: { startDate: string; endDate: string }) =>
    apiEnvelope<SavingRelease>('/api/interest-simulation/saving/release', { method: 'POST', body: b, timeoutMs: null }),
  );
export const useCancelSavingRelease = () =>
  useInterestMutation((b: { id: string; reason: string }) =>
    apiEnvelope<SavingRelease>(`/api/interest-simulation/${b.id}/cancel-release`, { method: 'POST', body: { reason: b.reason } }),
  );

/** The three simulations of spec section 7 (GET interest-simulation/saving-member-*). */
export type SimulationKind = 'baserate' | 'profit-sharing' | 'profit-deposit';
export const simulationPath = (k: SimulationKind) =>
  `/api/interest-simulation/${k === 'baserate' ? 'saving-member-baserate' : k === 'profit-sharing' ? 'saving-member-profit-sharing' : 'saving-member-profit-deposit'}`;

export interface MemberSimulationRow {
  memberId: string;
  cifNumber: string;
  memberName: string;
  accounts: number;
  averageBalance: number;
  gross: number;
  tax: number;
  adminFee: number;
  net: number;
}

export type SimulationPage = Page<MemberSimulationRow> & {
  startDate: string;
  endDate: string;
  totalGross: number;
  totalTax: number;
  totalAdminFee: number;
  totalNet: number;
};

/**
 * How long the browser waits for a simulation (its answer or its Excel): the server computes every account of the
 * period, about 141 s for 1,000,000 accounts (docs/interest.md "Tenth pass"), longer than the 60 s of other calls.
 */
export const SIMULATION_TIMEOUT_MS = 300_000;

export const fetchSimulation = (k: SimulationKind, query: Record<string, string | number | null | undefined>) =>
  api<SimulationPage>(simulationPath(k), { query: { ...query, page: 0, limit: 999 }, timeoutMs: SIMULATION_TIMEOUT_MS });
