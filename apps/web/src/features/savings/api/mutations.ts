/**
 * An account's mutations, newest first, each with the balance after it:
 * GET /api/transaction/product/{id}/detail-mutation-product, or
 * .../detail-mutation-saving-have-plan for a plan saving (with its progress).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { accountKey } from './keys';
import type { MutationRow, PlanProgress, SavingAccount } from './types';

export type MutationPage = Page<MutationRow> & { account: SavingAccount; plan?: PlanProgress };

export interface MutationParams {
  page: number;
  limit: number;
  start?: string | null;
  end?: string | null;
  plan?: boolean;
}

export const getMutations = (id: string, p: MutationParams, signal?: AbortSignal) =>
  api<MutationPage>(`/api/transaction/product/${id}/${p.plan ? 'detail-mutation-saving-have-plan' : 'detail-mutation-product'}`, {
    query: { page: p.page, limit: p.limit, start: p.start ?? undefined, end: p.end ?? undefined },
    signal,
  });

export function useMutations(id: string | undefined, p: MutationParams) {
  return useQuery({
    queryKey: [...accountKey(id ?? ''), 'mutations', p],
    queryFn: ({ signal }) => getMutations(id!, p, signal),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
