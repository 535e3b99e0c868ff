/** GET /api/report/balance-sheet-review (start, end, businessUnitId, showZeroAmount): the trial balance. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { TrialBalance } from '../lib/types';
import { ledgerKeys } from './keys';

export const TRIAL_BALANCE_PATH = '/api/report/balance-sheet-review';

export interface TrialBalanceQuery {
  start: string;
  end: string;
  businessUnitId?: string | null;
  showZeroAmount?: boolean;
}

export function useTrialBalance(q: TrialBalanceQuery, enabled = true) {
  return useQuery({
    queryKey: [...ledgerKeys.reports, 'trial-balance', q],
    queryFn: ({ signal }) => api<TrialBalance>(TRIAL_BALANCE_PATH, { query: { ...q }, signal }),
    enabled: enabled && Boolean(q.start && q.end) && q.start <= q.end,
    placeholderData: keepPreviousData,
  });
}
