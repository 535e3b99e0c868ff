/** GET /api/member/{id}/detail: the record with its interview, approval, principal saving and account summary. */
import type { MemberDetail } from '@koperasi/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { memberKey } from './keys';

export const getMember = (id: string, signal?: AbortSignal) =>
  api<MemberDetail>(`/api/member/${encodeURIComponent(id)}/detail`, { signal });

export function useMember(id: string | undefined) {
  return useQuery({
    queryKey: memberKey(id ?? ''),
    queryFn: ({ signal }) => getMember(id!, signal),
    enabled: Boolean(id),
    // A wrong or foreign id answers 404: the page shows "data not found" instead of a toast.
    meta: { errorToast: false },
  });
}
