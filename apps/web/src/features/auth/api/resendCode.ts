/** POST /api/register/resend-code: a new activation code (and link). */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface ResendAnswer {
  /** Always CODE_SENT, whether the account is unknown, awaiting activation or active (issue 18). */
  status: 'CODE_SENT';
  ttlMinutes?: number;
}

export const resendCode = (body: { username: string }) =>
  apiEnvelope<ResendAnswer>('/api/register/resend-code', { method: 'POST', body, anonymous: true });

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
