/** POST /api/users/area {userId, areaId}: an area inside a branch only takes users of that branch. */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const assignUserArea = (body: { userId: string; areaId: string }) =>
  apiEnvelope<UserView>('/api/users/area', { method: 'POST', body });
export const useAssignUserArea = () => useAccessMutation(assignUserArea);
