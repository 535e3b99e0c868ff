/**
 * Account openings of products that need approval: the PENDING accounts from
 * GET /api/transaction/saving/datatable?status=PENDING, decided with POST
 * /api/transaction/approve-open-product-member {memberSavingId, status, reason}
 * (reason required to reject; member_transaction:update).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { ListParams } from '../../../lib/api/list';
import { invalidateAfterMovement } from './invalidate';
import { savingsKey } from './keys';
import { listAccounts } from './listAccounts';
import type { SavingAccount } from './types';

export const pendingOpeningsKey = [...savingsKey, 'pending-openings'] as const;

export const listPendingOpenings = (p: ListParams, signal?: AbortSignal) =>
  listAccounts({ ...p, filters: { ...p.filters, status: 'PENDING' } }, signal);

export interface OpenDecisionBody {
  memberSavingId: string;
  status: 'APPROVED' | 'REJECTED';
  reason?: string | null;
}

export const decideOpening = (body: OpenDecisionBody) =>
  apiEnvelope<SavingAccount>('/api/transaction/approve-open-product-member', { method: 'POST', body });

export function useDecideOpening() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideOpening, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
