/** POST /api/member: register a member (PROSPECTIVE starts the lifecycle; MEMBER records an existing member; NON_MEMBER a customer). */
import type { MemberCreateBody, MemberDetail } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { membersKey } from './keys';

export const createMember = (body: MemberCreateBody) => apiEnvelope<MemberDetail>('/api/member', { method: 'POST', body });

export function useCreateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    // Field errors are shown on the fields; the toast would repeat them.
    meta: { errorToast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }),
  });
}
