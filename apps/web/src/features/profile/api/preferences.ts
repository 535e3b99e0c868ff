/** GET /api/profile/preferences: information, social links, notification and connections. */
import type { ProfilePreferences } from '@koperasi/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const preferencesKey = ['profile', 'preferences'] as const;

export const getPreferences = () => api<ProfilePreferences>('/api/profile/preferences');

export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: getPreferences });
}
