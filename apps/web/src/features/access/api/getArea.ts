/** GET /api/area/{id}/detail. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { AreaView } from '../types';
import { accessKeys } from './keys';

export const getArea = (id: string, signal?: AbortSignal) => api<AreaView>(`/api/area/${encodeURIComponent(id)}/detail`, { signal });

export function useArea(id: string | undefined) {
  return useQuery({
    queryKey: [...accessKeys.areas, 'detail', id],
    queryFn: ({ signal }) => getArea(id!, signal),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });
}
