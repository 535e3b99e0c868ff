/** POST /api/register/resend-code: a new activation code (and link). */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface ResendAnswer {
  status: 'CODE_SENT' | 'ALREADY_VERIFIED';
  expiresAt?: string;
  ttlMinutes?: number;
}

export const resendCode = (body: { username: string }) =>
  apiEnvelope<ResendAnswer>('/api/register/resend-code', { method: 'POST', body, anonymous: true });

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
