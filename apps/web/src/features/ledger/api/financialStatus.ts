/** GET /api/home/v2/current-year-financial-status: income and expenses of the fiscal year per month (dashboard). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { FinancialStatus } from '../lib/types';
import { ledgerKeys } from './keys';

export function useFinancialStatus() {
  return useQuery({
    queryKey: [...ledgerKeys.dashboard, 'financial-status'],
    queryFn: ({ signal }) => api<FinancialStatus>('/api/home/v2/current-year-financial-status', { signal }),
  });
}
