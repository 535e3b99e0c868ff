/** DELETE /api/users/{id}/area: take the user out of their area. */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const unassignUserArea = (userId: string) =>
  apiEnvelope<UserView>(`/api/users/${encodeURIComponent(userId)}/area`, { method: 'DELETE' });
export const useUnassignUserArea = () => useAccessMutation(unassignUserArea, { quiet: true });
