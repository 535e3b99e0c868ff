/** GET /api/ledger/fiscal-year: every fiscal year with journals (and the current one), newest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { FiscalYearInfo } from '../lib/types';
import { ledgerKeys } from './keys';

export function useFiscalYears() {
  return useQuery({
    queryKey: [...ledgerKeys.periods, 'years'],
    queryFn: ({ signal }) => api<FiscalYearInfo[]>('/api/ledger/fiscal-year', { signal }),
  });
}
