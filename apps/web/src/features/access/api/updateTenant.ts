/** PATCH /api/tenant: the cooperative's details; `officers`, when sent, replaces the list. */
import type { TenantUpdateBody } from '@koperasi/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { TenantDetail } from '../types';
import { accessKeys } from './keys';

export const updateTenant = (body: TenantUpdateBody) => apiEnvelope<TenantDetail>('/api/tenant', { method: 'PATCH', body });

export function useUpdateTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: (env) => qc.setQueryData(accessKeys.tenant, env.data),
  });
}
