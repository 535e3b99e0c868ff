/** DELETE /api/users/{id}/delete: only a user who never signed in and whom no record names (409 otherwise). */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const deleteUser = (id: string) => apiEnvelope<null>(`/api/users/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
export const useDeleteUser = () => useAccessMutation(deleteUser, { quiet: true });
