/**
 * The list convention of the API (design "HTTP contract"): page 0-based,
 * limit, search lower-cased before sending, sortBy, ascOrDesc, filters where
 * 'none' means "no filter". Answers `{content, page, limit, totalElements, totalPages}`.
 */
import { EXPORT_MAX_ROWS, MAX_PAGE_LIMIT, type Page } from '@koperasi/contracts/common';
import { messageText } from '../i18n/messages';
import type { QueryParams, QueryValue } from './client';
import { ApiError } from './errors';

export type { Page };

export interface ListParams {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc?: 'ASC' | 'DESC';
  filters?: Record<string, QueryValue>;
}

export const DEFAULT_PAGE_SIZE = 10;

export function listQuery(p: ListParams): QueryParams {
  const search = p.search?.trim().toLowerCase();
  const filters: QueryParams = {};
  for (const [k, v] of Object.entries(p.filters ?? {})) filters[k] = v === 'none' ? undefined : v;
  return {
    ...filters,
    page: p.page,
    limit: p.limit,
    search: search || undefined,
    sortBy: p.sortBy,
    ascOrDesc: p.sortBy ? (p.ascOrDesc ?? 'DESC') : undefined,
  };
}

export function emptyPage<T>(limit = DEFAULT_PAGE_SIZE): Page<T> {
  return { content: [], page: 0, limit, totalElements: 0, totalPages: 0 };
}

/**
 * Every row of a list under its filters (what an export built in the browser writes): pages of the largest size the
 * API answers, three at a time, kept in order, a row read twice (it moved to the next page while the list was read)
 * kept once. A list over EXPORT_MAX_ROWS is refused with the server's own message (EXPORT_TOO_MANY_ROWS: narrow the
 * period or the filter), never cut short: an export that looks whole but is not misleads whoever reads it.
 */
export async function allRows<T>(
  fetchPage: (params: ListParams) => Promise<Page<T>>,
  params: Omit<ListParams, 'page' | 'limit'>,
  idOf: (row: T) => unknown = (row) => (row as { id?: unknown }).id,
): Promise<T[]> {
  const first = await fetchPage({ ...params, page: 0, limit: MAX_PAGE_LIMIT });
  if (first.totalElements > EXPORT_MAX_ROWS)
    throw new ApiError(messageText('common.export_too_many_rows', { max: EXPORT_MAX_ROWS }), 'server', 422, 'EXPORT_TOO_MANY_ROWS');
  const pages = Math.ceil(first.totalElements / MAX_PAGE_LIMIT);
  const out = [...first.content];
  for (let p = 1; p < pages; p += 3) {
    const batch = await Promise.all(
      [p, p + 1, p + 2].filter((n) => n < pages).map((page) => fetchPage({ ...params, page, limit: MAX_PAGE_LIMIT })),
    );
    for (const b of batch) out.push(...b.content);
  }
  const seen = new Set<unknown>();
  return out.filter((row) => {
    const id = idOf(row);
    if (id === undefined || id === null) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
