/** GET /api/member/form-options: active branches, areas, agents / account officers and staff for the member form and dialogs. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { membersKey } from './keys';

export interface MemberFormOptions {
  branches: Array<{ id: string; name: string; code: string | null }>;
  areas: Array<{ id: string; name: string; branchId: string | null; branchName: string | null }>;
  agents: Array<{
    id: string;
    name: string;
    position: string | null;
    roleName: string;
    isAgent: boolean;
    isAccountOfficer: boolean;
    branchId: string | null;
    areaId: string | null;
  }>;
  staff: Array<{ id: string; name: string; position: string | null; roleName: string }>;
}

export const getFormOptions = (signal?: AbortSignal) => api<MemberFormOptions>('/api/member/form-options', { signal });

export function useFormOptions() {
  return useQuery({ queryKey: [...membersKey, 'form-options'], queryFn: ({ signal }) => getFormOptions(signal), staleTime: 5 * 60_000 });
}
