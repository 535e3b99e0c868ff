/** DELETE /api/role/{id}/delete: refused for built-in roles and while users hold the role. */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const deleteRole = (id: string) => apiEnvelope<null>(`/api/role/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
export const useDeleteRole = () => useAccessMutation(deleteRole, { quiet: true });
