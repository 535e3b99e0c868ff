/** GET /api/register/verification?token=: activation from the e-mailed link. */
import { useQuery } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface ActivationAnswer {
  status: 'ACTIVATED' | 'ALREADY_ACTIVE';
}

export const activateByLink = (token: string) =>
  apiEnvelope<ActivationAnswer>('/api/register/verification', { query: { token }, anonymous: true });

export function useActivateByLink(token: string | null) {
  return useQuery({
    queryKey: ['activation', token],
    queryFn: () => activateByLink(token!),
    enabled: Boolean(token),
    // Activation is a one-off: never refetch or retry it behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorToast: false },
  });
}
