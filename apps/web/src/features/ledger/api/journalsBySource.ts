/** GET /api/journal/by-source?module=&id=: every journal of one source record, oldest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { JournalWithLines } from '../lib/types';
import { ledgerKeys } from './keys';

export function useJournalsBySource(module: string, id: string | null, enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.bySource(module, id ?? ''),
    queryFn: ({ signal }) => api<JournalWithLines[]>('/api/journal/by-source', { query: { module, id }, signal }),
    enabled: enabled && Boolean(id),
    meta: { errorToast: false },
  });
}
