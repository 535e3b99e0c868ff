/** POST /api/register/verify-code: activate with the 6-digit code. */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface VerifyAnswer {
  status: 'ACTIVATED' | 'ALREADY_VERIFIED';
}

export const verifyCode = (body: { username: string; code: string }) =>
  apiEnvelope<VerifyAnswer>('/api/register/verify-code', { method: 'POST', body, anonymous: true });

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode, meta: { successToast: false, errorToast: false } });
}
