/**
 * A deposit (setoran). By CIF and product into the chosen cash or bank
 * account (POST /api/transaction/topup-saving-by-cif-product-kas-bank); when
 * the member holds several accounts of that product, by account
 * (POST /api/transaction/topup-saving, the same rules) — the by-CIF call
 * cannot tell them apart. One Idempotency-Key per submission.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterMovement } from './invalidate';
import type { MovementResult } from './types';

export interface MovementInput {
  /** By CIF and product, unless `byAccount`. */
  cif: string;
  productId: string;
  memberSavingId: string;
  byAccount: boolean;
  amount: number;
  description?: string | null;
  coaId?: string | null;
}

export function movementBody(i: MovementInput) {
  const common = { amount: i.amount, description: i.description?.trim() || null, coaId: i.coaId || null };
  return i.byAccount ? { memberSavingId: i.memberSavingId, ...common } : { cif: i.cif, productId: i.productId, ...common };
}

export const deposit = ({ input, idempotencyKey }: { input: MovementInput; idempotencyKey: string }) =>
  apiEnvelope<MovementResult>(input.byAccount ? '/api/transaction/topup-saving' : '/api/transaction/topup-saving-by-cif-product-kas-bank', {
    method: 'POST',
    body: movementBody(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDeposit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deposit, onSuccess: () => invalidateAfterMovement(qc), meta: { errorToast: false } });
}
