/** GET /api/area/datatable: areas with their user and member counts (branchId, isActive filters). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { AreaView } from '../types';
import { accessKeys } from './keys';

export const listAreas = (p: ListParams, signal?: AbortSignal) =>
  api<Page<AreaView>>('/api/area/datatable', { query: listQuery(p), signal });

/** Every area (limit 999), for pickers. */
export function useAreaOptions() {
  return useQuery({
    queryKey: [...accessKeys.areas, 'options'],
    queryFn: ({ signal }) => listAreas({ page: 0, limit: 999, sortBy: 'name', ascOrDesc: 'ASC' }, signal),
    select: (p) => p.content,
  });
}
