/** GET /api/report/v2/balance-sheet (periode, comparePeriode, businessUnitId, showZeroAmount). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { BalanceSheet } from '../lib/types';
import { ledgerKeys } from './keys';

export const BALANCE_SHEET_PATH = '/api/report/v2/balance-sheet';

export interface BalanceSheetQuery {
  periode: string;
  comparePeriode?: string | null;
  businessUnitId?: string | null;
  showZeroAmount?: boolean;
}

export function useBalanceSheet(q: BalanceSheetQuery, enabled = true) {
  return useQuery({
    queryKey: [...ledgerKeys.reports, 'balance-sheet', q],
    queryFn: ({ signal }) => api<BalanceSheet>(BALANCE_SHEET_PATH, { query: { ...q }, signal }),
    enabled: enabled && Boolean(q.periode),
    placeholderData: keepPreviousData,
  });
}
