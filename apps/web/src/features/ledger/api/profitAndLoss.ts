/** GET /api/report/v2/profit-and-loss (start, end as months, businessUnitId, showZeroAmount). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ProfitAndLoss } from '../lib/types';
import { ledgerKeys } from './keys';

export const PROFIT_LOSS_PATH = '/api/report/v2/profit-and-loss';

export interface ProfitAndLossQuery {
  start: string;
  end: string;
  businessUnitId?: string | null;
  showZeroAmount?: boolean;
  /** YEAR: the same span a year earlier (default); PREVIOUS: the span just before (the previous month for a month). */
  compare?: 'YEAR' | 'PREVIOUS';
}

export function useProfitAndLoss(q: ProfitAndLossQuery, enabled = true) {
  return useQuery({
    queryKey: [...ledgerKeys.reports, 'profit-loss', q],
    queryFn: ({ signal }) => api<ProfitAndLoss>(PROFIT_LOSS_PATH, { query: { ...q }, signal }),
    enabled: enabled && q.start <= q.end,
    placeholderData: keepPreviousData,
  });
}
