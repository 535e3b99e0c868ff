/** POST /api/users/forget-password-confirm: new password with the OTP. */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export const confirmPasswordReset = (body: { phoneNumber: string; otp: string; newPassword: string }) =>
  apiEnvelope<null>('/api/users/forget-password-confirm', { method: 'POST', body, anonymous: true });

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset, meta: { successToast: false, errorToast: false } });
}
