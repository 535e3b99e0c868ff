/** GET /api/tenant/detail: the cooperative's details, logo and officers. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { TenantDetail } from '../types';
import { accessKeys } from './keys';

export const getTenantDetail = (signal?: AbortSignal) => api<TenantDetail>('/api/tenant/detail', { signal });

export function useTenantDetail(enabled = true) {
  return useQuery({ queryKey: accessKeys.tenant, queryFn: ({ signal }) => getTenantDetail(signal), enabled });
}
