/**
 * POST /api/member/exit-confirm: memberId, exitDate, reason, and for the
 * settlements the cash or bank account paying out (coaId). One
 * Idempotency-Key per confirmation, so a retried request exits once.
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { ExitCheck } from './exitCheck';
import { membersKey } from './keys';

export interface ExitConfirmBody {
  memberId: string;
  exitDate?: string | null;
  reason?: string | null;
  coaId?: string | null;
}

export type ExitResult = ExitCheck & { exitDate: string; member: MemberDetail };

export const exitConfirm = ({ body, idempotencyKey }: { body: ExitConfirmBody; idempotencyKey: string }) =>
  apiEnvelope<ExitResult>('/api/member/exit-confirm', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export function useExitConfirm() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: exitConfirm, onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }) });
}
