/** POST /api/member/upgrade-member-verify: a non-member asks to become a member (isNeedApproval: wait for a decision, or at once). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { LifecycleResult } from './approval';
import { membersKey } from './keys';

export const upgradeMember = (body: { memberId: string; isNeedApproval: boolean; reason?: string | null }) =>
  apiEnvelope<LifecycleResult>('/api/member/upgrade-member-verify', { method: 'POST', body });

export function useUpgradeMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: upgradeMember,
    meta: { errorToast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }),
  });
}
