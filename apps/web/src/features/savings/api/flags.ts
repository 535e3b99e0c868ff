/**
 * The flags of a saving account (PATCH /api/member/{id}/...): {id} is the
 * saving account for tag, auto debit, block and no-interest; for the source of
 * fund it is the member and the body names the account (docs/savings.md).
 * Each is its own call; they share this file because each is one line.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { savingsKey } from './keys';
import type { SavingAccount } from './types';

export type FlagChange =
  | { flag: 'tag'; savingId: string; tag: string | null }
  | { flag: 'autoDebit'; savingId: string; isAutoDebit: boolean }
  | { flag: 'sourceOfFund'; memberId: string; savingId: string }
  | { flag: 'blocked'; savingId: string; isBlocked: boolean; amount: number | null; reason: string }
  | { flag: 'notGetInterest'; savingId: string; isNotGetInterest: boolean };

export function setFlag(c: FlagChange) {
  switch (c.flag) {
    case 'tag':
      return apiEnvelope<SavingAccount>(`/api/member/${c.savingId}/saving-product/tag`, { method: 'PATCH', body: { tag: c.tag } });
    case 'autoDebit':
      return apiEnvelope<SavingAccount>(`/api/member/${c.savingId}/saving-auto-debit`, {
        method: 'PATCH',
        query: { isAutoDebit: c.isAutoDebit },
      });
    case 'sourceOfFund':
      return apiEnvelope<SavingAccount>(`/api/member/${c.memberId}/source-of-fund`, {
        method: 'PATCH',
        body: { memberSavingId: c.savingId },
      });
    case 'blocked':
      return apiEnvelope<SavingAccount>(`/api/member/${c.savingId}/saving-product/blocked`, {
        method: 'PATCH',
        body: { isBlocked: c.isBlocked, amount: c.isBlocked ? c.amount : null, reason: c.reason },
      });
    case 'notGetInterest':
      return apiEnvelope<SavingAccount>(`/api/member/${c.savingId}/saving-product/not-get-interest`, {
        method: 'PATCH',
        body: { isNotGetInterest: c.isNotGetInterest },
      });
  }
}

export function useSetFlag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setFlag,
    onSuccess: () => qc.invalidateQueries({ queryKey: savingsKey }),
    meta: { errorToast: false },
  });
}
