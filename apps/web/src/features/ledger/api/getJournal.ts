/** GET /api/journal/{id}/detail (any journal) and GET /api/journal-adjustment/{id}/detail (adjustment journals). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { JournalDetail, JournalKind } from '../lib/types';
import { ledgerKeys } from './keys';

export const getJournal = (kind: JournalKind, id: string, signal?: AbortSignal) =>
  api<JournalDetail>(kind === 'adjustment' ? `/api/journal-adjustment/${id}/detail` : `/api/journal/${id}/detail`, { signal });

export function useJournal(kind: JournalKind, id: string) {
  return useQuery({
    queryKey: ledgerKeys.journal(kind, id),
    queryFn: ({ signal }) => getJournal(kind, id, signal),
    meta: { errorToast: false },
    retry: false,
  });
}
