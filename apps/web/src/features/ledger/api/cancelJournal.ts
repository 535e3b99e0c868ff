/**
 * POST /api/journal-manual/cancel and POST /api/journal-adjustment/cancel:
 * posts the reversing journal (never deletes) and answers both journals.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { uuid } from '../../../lib/id';
import type { CancelResult, JournalKind } from '../lib/types';
import { ledgerKeys } from './keys';

export interface CancelJournalBody {
  id: string;
  reason: string;
  date?: string;
}

export const cancelJournal = (kind: JournalKind, body: CancelJournalBody, idempotencyKey: string = uuid()) =>
  apiEnvelope<CancelResult>(kind === 'adjustment' ? '/api/journal-adjustment/cancel' : '/api/journal-manual/cancel', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCancelJournal(kind: JournalKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CancelJournalBody; idempotencyKey: string }) =>
      cancelJournal(kind, body, idempotencyKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
