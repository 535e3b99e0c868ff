/** GET /api/role/{id}/detail: one role with its permission matrix and limits. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { RoleView } from '../types';
import { accessKeys } from './keys';

export const getRole = (id: string, signal?: AbortSignal) => api<RoleView>(`/api/role/${encodeURIComponent(id)}/detail`, { signal });

export function useRole(id: string | undefined) {
  return useQuery({
    queryKey: [...accessKeys.roles, 'detail', id],
    queryFn: ({ signal }) => getRole(id!, signal),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });
}
