/**
 * POST /api/journal-manual (Jurnal Umum) and POST /api/journal-manual/adjust
 * (Jurnal Penyesuaian). The Idempotency-Key of one filled-in form stays the
 * same across retries, so a repeated click or a retried request posts once.
 */
import type { ManualJournalBody } from '@koperasi/contracts/ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { JournalDetail, JournalKind } from '../lib/types';
import { ledgerKeys } from './keys';

export const createJournal = (kind: JournalKind, body: ManualJournalBody, idempotencyKey: string) =>
  apiEnvelope<JournalDetail>(kind === 'adjustment' ? '/api/journal-manual/adjust' : '/api/journal-manual', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCreateJournal(kind: JournalKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ManualJournalBody; idempotencyKey: string }) =>
      createJournal(kind, body, idempotencyKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
