/** PATCH /api/role (body.id): SUPER ADMIN's matrix and limits are locked; built-in roles keep their names. */
import type { RoleUpdateBody } from '@koperasi/contracts/access';
import { apiEnvelope } from '../../../lib/api/client';
import type { RoleView } from '../types';
import { useAccessMutation } from './mutation';

export const updateRole = (body: RoleUpdateBody) => apiEnvelope<RoleView>('/api/role', { method: 'PATCH', body });
export const useUpdateRole = () => useAccessMutation(updateRole);
