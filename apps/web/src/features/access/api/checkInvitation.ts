/** GET /api/users/invitation?token= (public): who is invited to which cooperative. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { InvitationInfo } from '../types';

export const checkInvitation = (token: string, signal?: AbortSignal) =>
  api<InvitationInfo>('/api/users/invitation', { query: { token }, signal, anonymous: true });

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['access', 'invitation', token],
    queryFn: ({ signal }) => checkInvitation(token!, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
}
