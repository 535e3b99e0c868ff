/** POST /api/role: a new role with its permission matrix and limits. */
import type { RoleCreateBody } from '@koperasi/contracts/access';
import { apiEnvelope } from '../../../lib/api/client';
import type { RoleView } from '../types';
import { useAccessMutation } from './mutation';

export const createRole = (body: RoleCreateBody) => apiEnvelope<RoleView>('/api/role', { method: 'POST', body });
export const useCreateRole = () => useAccessMutation(createRole);
