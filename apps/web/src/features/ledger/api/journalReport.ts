/** GET /api/report/journal-transaction: journals with their lines over a period, paged, with totals. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { JournalReport } from '../lib/types';
import { ledgerKeys } from './keys';

export const JOURNAL_REPORT_PATH = '/api/report/journal-transaction';

export interface JournalReportQuery {
  start: string | null;
  end: string | null;
  search?: string;
  sourceModule?: string;
  isAdjustment?: string;
  page: number;
  limit: number;
}

export function journalReportParams(q: JournalReportQuery) {
  return { ...q, search: q.search?.trim().toLowerCase() || undefined, sortBy: 'number', ascOrDesc: 'ASC' as const };
}

export function useJournalReport(q: JournalReportQuery) {
  return useQuery({
    queryKey: [...ledgerKeys.reports, 'journal', q],
    queryFn: ({ signal }) => api<JournalReport>(JOURNAL_REPORT_PATH, { query: journalReportParams(q), signal }),
    enabled: Boolean(q.start && q.end && q.start <= q.end),
    placeholderData: keepPreviousData,
  });
}
