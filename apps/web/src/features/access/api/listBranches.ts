/** GET /api/branch/datatable: branches with their area, user and member counts (isActive filter). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { BranchView } from '../types';
import { accessKeys } from './keys';

export const listBranches = (p: ListParams, signal?: AbortSignal) =>
  api<Page<BranchView>>('/api/branch/datatable', { query: listQuery(p), signal });

/** Every branch (limit 999), for pickers and filters. */
export function useBranchOptions() {
  return useQuery({
    queryKey: [...accessKeys.branches, 'options'],
    queryFn: ({ signal }) => listBranches({ page: 0, limit: 999, sortBy: 'name', ascOrDesc: 'ASC' }, signal),
    select: (p) => p.content,
  });
}
