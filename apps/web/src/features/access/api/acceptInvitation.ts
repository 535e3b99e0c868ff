/** POST /api/users/invitation/accept (public): {token, password, rePassword} or {username, code, password, rePassword}. */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface AcceptInvitationBody {
  token?: string;
  username?: string;
  code?: string;
  password: string;
  rePassword: string;
}

export const acceptInvitation = (body: AcceptInvitationBody) =>
  apiEnvelope<null>('/api/users/invitation/accept', { method: 'POST', body, anonymous: true });

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, meta: { errorToast: false } });
}
