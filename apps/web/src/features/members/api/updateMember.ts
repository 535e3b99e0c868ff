/** PATCH /api/member: the id and only the fields that changed. */
import type { MemberDetail, MemberUpdateBody } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { memberKey, membersKey } from './keys';

export const updateMember = (body: MemberUpdateBody) => apiEnvelope<MemberDetail>('/api/member', { method: 'PATCH', body });

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    meta: { errorToast: false },
    onSuccess: (env) => {
      qc.setQueryData(memberKey(env.data.id), env.data);
      return qc.invalidateQueries({ queryKey: membersKey });
    },
  });
}
