/** GET /api/users/forget-password-otp?phoneNumber=: send the reset OTP by SMS. */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export const requestPasswordOtp = (phoneNumber: string) =>
  apiEnvelope<null>('/api/users/forget-password-otp', { query: { phoneNumber }, anonymous: true });

export function useRequestPasswordOtp() {
  return useMutation({ mutationFn: requestPasswordOtp, meta: { errorToast: false } });
}
