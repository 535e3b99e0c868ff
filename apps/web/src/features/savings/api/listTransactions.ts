/**
 * GET /api/transaction/datatable (every filter of the spec: search,
 * startCreated/endCreated, startApprovedDate/endApprovedDate, product,
 * activity, isActive, plus kind, productKind, channel, memberSavingId) and
 * GET /api/transaction/datatable-by-me (an agent's own, limit up to 1000).
 */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { Transaction } from './types';

export const listTransactions = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Transaction>>('/api/transaction/datatable', { query: listQuery(p), signal });

export const listMyTransactions = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Transaction>>('/api/transaction/datatable-by-me', { query: listQuery(p), signal });

/** Every row the filters select, page after page of 1000 (the export). */
export async function allTransactions(
  fetchPage: (p: ListParams, signal?: AbortSignal) => Promise<Page<Transaction>>,
  p: ListParams,
  maxPages = 50,
): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    const r = await fetchPage({ ...p, page, limit: 1000 });
    rows.push(...r.content);
    if (page + 1 >= r.totalPages) break;
  }
  return rows;
}
