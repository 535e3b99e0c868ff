/**
 * Who interviewed: the detail gives a name only for an interviewer who is not
 * a user; a staff interviewer comes as an id, named from the form options.
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useFormOptions } from '../api/formOptions';

export function useInterviewerName(interview: MemberDetail['interview'] | undefined): string | null {
  const options = useFormOptions();
  if (!interview) return null;
  if (interview.interviewerName) return interview.interviewerName;
  if (!interview.interviewerId) return null;
  return options.data?.staff.find((s) => s.id === interview.interviewerId)?.name ?? null;
}
