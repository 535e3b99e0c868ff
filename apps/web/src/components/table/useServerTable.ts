/**
 * State and query of a server-paginated list (the API's list convention):
 * page 0-based, limit, search lower-cased (debounced), sortBy + ascOrDesc,
 * filters where 'none' is left out. Use it directly for custom layouts, or
 * through <ServerDataTable>.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { QueryValue } from '../../lib/api/client';
import { DEFAULT_PAGE_SIZE, type ListParams, type Page } from '../../lib/api/list';
import { readStored, writeStored } from '../../lib/storage';

/** The rows-per-page choices of every list. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

function storedPageSize(key: string | undefined): number | null {
  const n = key ? Number(readStored(key)) : Number.NaN;
  return PAGE_SIZE_OPTIONS.includes(n) ? n : null;
}

export interface ServerTableOptions<T> {
  /** Query key prefix, e.g. ['members']; invalidate it after a change. */
  queryKey: readonly unknown[];
  fetchPage: (params: ListParams, signal?: AbortSignal) => Promise<Page<T>>;
  filters?: Record<string, QueryValue>;
  initialSort?: { field: string; sort: 'asc' | 'desc' };
  initialPageSize?: number;
  /** localStorage key under which the chosen rows per page is remembered (per user and table). */
  pageSizeKey?: string;
  /** Wait this long after typing before searching. */
  debounceMs?: number;
  enabled?: boolean;
}

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function useServerTable<T>({
  queryKey,
  fetchPage,
  filters,
  initialSort,
  initialPageSize = DEFAULT_PAGE_SIZE,
  pageSizeKey,
  debounceMs = 400,
  enabled = true,
}: ServerTableOptions<T>) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(() => storedPageSize(pageSizeKey) ?? initialPageSize);
  // The user (and so the key) is known a moment after the first render: take their choice then.
  useEffect(() => {
    const stored = storedPageSize(pageSizeKey);
    if (stored) setPageSize(stored);
  }, [pageSizeKey]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field: string; sort: 'asc' | 'desc' } | null>(initialSort ?? null);
  const debouncedSearch = useDebounced(search, debounceMs);
  const filterKey = JSON.stringify(filters ?? {});

  // A new search or filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or the filters change
  useEffect(() => {
    setPage(0);
  }, [debouncedSearch, filterKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filters are compared by value (filterKey)
  const params: ListParams = useMemo(
    () => ({
      page,
      limit: pageSize,
      search: debouncedSearch.trim().toLowerCase() || undefined,
      sortBy: sort?.field,
      ascOrDesc: sort ? (sort.sort === 'asc' ? 'ASC' : 'DESC') : undefined,
      filters: filters ?? {},
    }),
    [page, pageSize, debouncedSearch, sort, filterKey],
  );

  const query = useQuery({
    queryKey: [...queryKey, 'list', params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

  return {
    params,
    page,
    setPage,
    pageSize,
    setPageSize: (n: number) => {
      setPageSize(n);
      setPage(0);
      if (pageSizeKey) writeStored(pageSizeKey, String(n));
    },
    search,
    setSearch,
    sort,
    setSort,
    query,
    rows: query.data?.content ?? [],
    total: query.data?.totalElements ?? 0,
  };
}
