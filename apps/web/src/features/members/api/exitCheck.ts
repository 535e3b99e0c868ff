/** GET /api/member/exit-check?memberId=: what blocks the exit and what is settled (amounts). */
import type { memberExitCheckResult as exitCheckResult } from '@koperasi/contracts/members';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { memberKey } from './keys';

export type ExitCheck = z.infer<typeof exitCheckResult>;

export const exitCheck = (memberId: string, signal?: AbortSignal) =>
  api<ExitCheck>('/api/member/exit-check', { query: { memberId }, signal });

export function useExitCheck(memberId: string | null) {
  return useQuery({
    queryKey: [...memberKey(memberId ?? ''), 'exit-check'],
    queryFn: ({ signal }) => exitCheck(memberId!, signal),
    enabled: Boolean(memberId),
    staleTime: 0,
  });
}
