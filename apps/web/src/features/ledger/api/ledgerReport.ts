/** GET /api/report/v2/ledger (coaId, start, end, page, limit): buku besar of one account. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { AccountStatement } from '../lib/types';
import { ledgerKeys } from './keys';

export const LEDGER_REPORT_PATH = '/api/report/v2/ledger';

export interface LedgerReportQuery {
  coaId: string | null;
  start: string | null;
  end: string | null;
  page: number;
  limit: number;
}

export function useLedgerReport(q: LedgerReportQuery) {
  return useQuery({
    queryKey: [...ledgerKeys.reports, 'ledger', q],
    queryFn: ({ signal }) => api<AccountStatement>(LEDGER_REPORT_PATH, { query: { ...q }, signal }),
    enabled: Boolean(q.coaId && q.start && q.end && q.start <= q.end),
    placeholderData: keepPreviousData,
  });
}
