/** POST /api/users/{id}/resend-invitation: a new invitation replaces the previous one. */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const resendInvitation = (id: string) =>
  apiEnvelope<unknown>(`/api/users/${encodeURIComponent(id)}/resend-invitation`, { method: 'POST' });
export const useResendInvitation = () => useAccessMutation(resendInvitation, { quiet: true });
