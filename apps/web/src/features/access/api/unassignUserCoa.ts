/** DELETE /api/users/{id}/coa: take the cash/bank account back. */
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const unassignUserCoa = (userId: string) =>
  apiEnvelope<UserView>(`/api/users/${encodeURIComponent(userId)}/coa`, { method: 'DELETE' });
export const useUnassignUserCoa = () => useAccessMutation(unassignUserCoa, { quiet: true });
