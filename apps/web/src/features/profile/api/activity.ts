/** GET /api/profile/activity: own sign-ins and actions, paged (type all | signin | action). */
import type { ProfileActivityItem } from '@koperasi/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';

export const activityKey = ['profile', 'activity'] as const;

export const getActivity = (p: ListParams, signal?: AbortSignal) =>
  api<Page<ProfileActivityItem>>('/api/profile/activity', { query: listQuery(p), signal });

/** The latest few entries (dashboard widget). */
export function useRecentActivity(limit = 6) {
  return useQuery({ queryKey: [...activityKey, 'recent', limit], queryFn: () => getActivity({ page: 0, limit }) });
}
