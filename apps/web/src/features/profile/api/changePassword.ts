/** PATCH /api/users/change-password: old, new and repeated password (other sessions are signed out). */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export const changePassword = (body: { oldPassword: string; newPassword: string; rePassword: string }) =>
  apiEnvelope<null>('/api/users/change-password', { method: 'PATCH', body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
