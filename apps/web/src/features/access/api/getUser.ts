/** GET /api/users/{id}/detail: one user with role, limits, branch, area and cash account. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { UserView } from '../types';
import { accessKeys } from './keys';

export const getUser = (id: string, signal?: AbortSignal) => api<UserView>(`/api/users/${encodeURIComponent(id)}/detail`, { signal });

export function useUserDetail(id: string | undefined) {
  return useQuery({
    queryKey: [...accessKeys.users, 'detail', id],
    queryFn: ({ signal }) => getUser(id!, signal),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });
}
