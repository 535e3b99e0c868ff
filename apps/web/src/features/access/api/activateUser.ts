/** PATCH /api/users/{id}/activate (a user who never set a password is invited again). */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const activateUser = (id: string) => apiEnvelope<UserView>(`/api/users/${encodeURIComponent(id)}/activate`, { method: 'PATCH' });
export const useActivateUser = () => useAccessMutation(activateUser, { quiet: true });
