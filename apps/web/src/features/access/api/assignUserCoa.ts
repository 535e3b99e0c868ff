/** POST /api/users/coa {userId, coaId}: give a teller or agent a cash/bank account (one holder at a time). */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const assignUserCoa = (body: { userId: string; coaId: string }) => apiEnvelope<UserView>('/api/users/coa', { method: 'POST', body });
export const useAssignUserCoa = () => useAccessMutation(assignUserCoa);
