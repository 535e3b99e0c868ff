/**
 * The list convention of the API (design "HTTP contract"): page 0-based,
 * limit, search lower-cased before sending, sortBy, ascOrDesc, filters where
 * 'none' means "no filter". Answers `{content, page, limit, totalElements, totalPages}`.
 */
import type { Page } from '@koperasi/contracts/common';
import type { QueryParams, QueryValue } from './client';

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
