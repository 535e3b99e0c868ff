/** PATCH /api/users/profile: own first name, last name and phone. */
import { useMutation } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';

export interface ProfileAnswer {
  id: string;
  firstName: string;
  lastName: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
}

export const updateProfile = (body: { firstName: string; lastName?: string | null; phone: string | null }) =>
  apiEnvelope<ProfileAnswer>('/api/users/profile', { method: 'PATCH', body });

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
