/** POST /api/member/reset-pin: a new 6-digit member app PIN, sent to the member's phone (never shown). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { memberKey } from './keys';

export const resetPin = (memberId: string) =>
  apiEnvelope<{ memberId: string; sentTo: string }>('/api/member/reset-pin', { method: 'POST', body: { memberId } });

export function useResetPin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resetPin, onSuccess: (env) => qc.invalidateQueries({ queryKey: memberKey(env.data.memberId) }) });
}
