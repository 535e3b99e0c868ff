/** POST /api/register/tenant: a new cooperative (registration). */
import type { RegisterTenantBody } from '@koperasi/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface RegisterAnswer {
  status: 'CODE_SENT' | 'ALREADY_STARTED';
  email: string;
  phone: string;
  expiresAt: string | null;
}

export const registerTenant = (body: RegisterTenantBody) =>
  apiEnvelope<RegisterAnswer>('/api/register/tenant', { method: 'POST', body, anonymous: true });

export function useRegisterTenant() {
  return useMutation({ mutationFn: registerTenant, meta: { successToast: false, errorToast: false } });
}
