/** POST /api/member/update-notification: memberId, isSendNotification. */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { memberKey } from './keys';

export const updateNotification = (body: { memberId: string; isSendNotification: boolean }) =>
  apiEnvelope<{ memberId: string; isSendNotification: boolean }>('/api/member/update-notification', { method: 'POST', body });

export function useUpdateNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotification,
    onSuccess: (env) => {
      qc.setQueryData<MemberDetail>(memberKey(env.data.memberId), (m) =>
        m ? { ...m, isSendNotification: env.data.isSendNotification } : m,
      );
      return qc.invalidateQueries({ queryKey: memberKey(env.data.memberId) });
    },
  });
}
