/** PATCH /api/profile/preferences: each section sent replaces the stored one. */
import type { ProfilePreferences, ProfilePreferencesBody } from '@koperasi/contracts/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { preferencesKey } from './preferences';

export const updatePreferences = (body: ProfilePreferencesBody) =>
  apiEnvelope<ProfilePreferences>('/api/profile/preferences', { method: 'PATCH', body });

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (env) => qc.setQueryData(preferencesKey, env.data),
  });
}
