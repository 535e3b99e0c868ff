/**
 * Everything a report screen keeps: its filters (in the address), and for
 * a paged report the page, page size and sort (a change of filters goes
 * back to the first page). Gives the API query of the table and the query
 * of the whole filter (Excel, print).
 */
import { useEffect, useMemo, useState } from 'react';
import type { QueryParams } from '../../../lib/api/client';
import type { Paging, Sort } from '../components/ReportTable';
import { changedFilters, invalidFilters, PAGED, pageQuery, type ReportKey, reportDefaults, reportQuery } from './filters';
import { todayJakarta } from './today';
import { useUrlParams } from './useUrlParams';

export function useReportState(report: ReportKey) {
  const today = useMemo(() => todayJakarta(), []);
  const defaults = useMemo(() => reportDefaults(report, today), [report, today]);
  const [params, set] = useUrlParams(defaults);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<Sort | null>(null);
  const filterQuery: QueryParams = useMemo(() => reportQuery(report, params), [report, params]);
  const filterKey = JSON.stringify(filterQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter (compared by value) starts at the first page
  useEffect(() => setPage(0), [filterKey]);
  const paged = PAGED[report];
  const tableQuery = paged ? { ...filterQuery, ...pageQuery(page, pageSize, sort) } : filterQuery;
  const paging = (total: number): Paging | undefined =>
    paged
      ? {
          page,
          pageSize,
          total,
          onPage: setPage,
          onPageSize: (n) => {
            setPageSize(n);
            setPage(0);
          },
        }
      : undefined;
  return {
    today,
    params,
    set,
    clear: () => set(defaults),
    changed: changedFilters(report, params, today).length > 0,
    invalid: invalidFilters(report, params),
    filterQuery,
    tableQuery,
    sort,
    setSort: (s: Sort | null) => {
      setSort(s);
      setPage(0);
    },
    paging,
  };
}
