/** POST /api/member/aprroval (spec spelling): approve, or reject with a reason, a prospective member or a become-member request. */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { membersKey } from './keys';

export interface ApprovalBody {
  memberId: string;
  status: 'APPROVED' | 'REJECTED';
  reason?: string | null;
  joinDate?: string | null;
}

export interface LifecycleResult {
  outcome: 'APPROVED' | 'REJECTED' | 'UPGRADED' | 'UPGRADE_REJECTED' | 'WAITING_APPROVAL';
  principalStatus: 'NOT_REQUIRED' | 'OWED' | 'PAID' | null;
  member: MemberDetail;
}

export const decide = (body: ApprovalBody) => apiEnvelope<LifecycleResult>('/api/member/aprroval', { method: 'POST', body });

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decide, meta: { errorToast: false }, onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }) });
}
