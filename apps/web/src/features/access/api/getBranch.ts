/** GET /api/branch/{id}/detail. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { BranchView } from '../types';
import { accessKeys } from './keys';

export const getBranch = (id: string, signal?: AbortSignal) => api<BranchView>(`/api/branch/${encodeURIComponent(id)}/detail`, { signal });

export function useBranch(id: string | undefined) {
  return useQuery({
    queryKey: [...accessKeys.branches, 'detail', id],
    queryFn: ({ signal }) => getBranch(id!, signal),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });
}
