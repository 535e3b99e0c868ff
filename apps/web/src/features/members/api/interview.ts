/** POST /api/member/interview: memberId, interviewDate, interviewerId or interviewerName, notes, result. */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { membersKey } from './keys';

export interface InterviewBody {
  memberId: string;
  interviewDate: string;
  interviewerId?: string | null;
  interviewerName?: string | null;
  notes: string;
  result: 'RECOMMENDED' | 'NOT_RECOMMENDED';
}

export const recordInterview = (body: InterviewBody) => apiEnvelope<MemberDetail>('/api/member/interview', { method: 'POST', body });

export function useRecordInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordInterview,
    meta: { errorToast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }),
  });
}
