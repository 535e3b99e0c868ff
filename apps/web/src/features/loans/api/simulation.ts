/**
 * GET /api/product/{id}/v2/loan/installment-simulation: the schedule a loan
 * of the product would have (the product's interest method and rounding),
 * for the amount, tenor and annual rate typed. Asked again as the officer
 * types (debounced by the caller); the previous table stays while the next
 * one loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { loansKey } from './keys';
import type { Simulation } from './types';

export interface SimulationInput {
  productId: string;
  amount: number;
  tenorInMonth: number;
  /** Annual percent. */
  interestBaseRate: number;
  /** First installment date or due day, `YYYY-MM-DD` (optional: the product's rule). */
  dueDate?: string | null;
  /** Disbursement day, `YYYY-MM-DD` (optional: today). */
  timeOfRequest?: string | null;
}

export const simulate = (i: SimulationInput, signal?: AbortSignal) =>
  api<Simulation>(`/api/product/${i.productId}/v2/loan/installment-simulation`, {
    query: {
      amount: i.amount,
      tenorInMonth: i.tenorInMonth,
      interestBaseRate: i.interestBaseRate,
      dueDate: i.dueDate || undefined,
      timeOfRequest: i.timeOfRequest || undefined,
    },
    signal,
  });

/** Whether the inputs are complete enough to ask. */
export const canSimulate = (i: Partial<SimulationInput>): i is SimulationInput =>
  Boolean(i.productId) &&
  typeof i.amount === 'number' &&
  i.amount > 0 &&
  typeof i.tenorInMonth === 'number' &&
  Number.isInteger(i.tenorInMonth) &&
  i.tenorInMonth >= 1 &&
  i.tenorInMonth <= 360 &&
  typeof i.interestBaseRate === 'number' &&
  i.interestBaseRate >= 0;

export function useSimulation(input: Partial<SimulationInput>) {
  const ready = canSimulate(input);
  return useQuery({
    queryKey: [...loansKey, 'simulation', input],
    queryFn: ({ signal }) => simulate(input as SimulationInput, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorToast: false },
  });
}
