/** GET /api/ledger/period?year=: the months of a fiscal year, open or closed, with their history. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { PeriodStatus } from '../lib/types';
import { ledgerKeys } from './keys';

export function usePeriods(year: number | null) {
  return useQuery({
    queryKey: [...ledgerKeys.periods, 'months', year],
    queryFn: ({ signal }) => api<PeriodStatus>('/api/ledger/period', { query: { year }, signal }),
  });
}
