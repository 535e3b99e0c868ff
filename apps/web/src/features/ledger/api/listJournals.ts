/**
 * GET /api/journal/v2/datatable (Jurnal Umum: every journal of the general
 * ledger, any source) and GET /api/journal-adjustment/v2/datatable (Jurnal
 * Penyesuaian). Filters: start, end, sourceModule, isAdjustment, status.
 */
import type { QueryParams } from '../../../lib/api/client';
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery } from '../../../lib/api/list';
import type { JournalKind, JournalPage } from '../lib/types';

export const journalListPath = (kind: JournalKind) =>
  kind === 'adjustment' ? '/api/journal-adjustment/v2/datatable' : '/api/journal/v2/datatable';

export const listJournals = (kind: JournalKind, p: ListParams, signal?: AbortSignal) =>
  api<JournalPage>(journalListPath(kind), { query: listQuery(p), signal });

/** The same filter as a list query, for the Excel download of every journal it selects. */
export const journalExcelQuery = (p: ListParams): QueryParams => {
  const { page: _page, limit: _limit, ...rest } = listQuery(p);
  return rest;
};
