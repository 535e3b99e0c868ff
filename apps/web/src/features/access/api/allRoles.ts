/** GET /api/role/all-role: every role, for pickers. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { RoleOption } from '../types';
import { accessKeys } from './keys';

export const allRoles = (signal?: AbortSignal) => api<RoleOption[]>('/api/role/all-role', { signal });

export function useAllRoles() {
  return useQuery({ queryKey: [...accessKeys.roles, 'all'], queryFn: ({ signal }) => allRoles(signal) });
}
