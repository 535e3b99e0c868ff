/** GET /api/member/{id}/timeline: what happened to the member, newest first (from the audit log). */
import type { memberTimelineEntry as timelineEntry } from '@koperasi/contracts/members';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { memberKey } from './keys';

export type TimelineEntry = z.infer<typeof timelineEntry>;

export const getTimeline = (id: string, page: number, limit: number, signal?: AbortSignal) =>
  api<Page<TimelineEntry>>(`/api/member/${encodeURIComponent(id)}/timeline`, { query: { page, limit }, signal });

export function useTimeline(id: string, limit = 20) {
  return useInfiniteQuery({
    queryKey: [...memberKey(id), 'timeline', limit],
    queryFn: ({ pageParam, signal }) => getTimeline(id, pageParam, limit, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
  });
}
