/** PATCH /api/users/{id}/deactivate: ends the user's sessions; never the last SUPER ADMIN, never oneself. */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const deactivateUser = (id: string) => apiEnvelope<UserView>(`/api/users/${encodeURIComponent(id)}/deactivate`, { method: 'PATCH' });
export const useDeactivateUser = () => useAccessMutation(deactivateUser, { quiet: true });
