/**
 * The four payments of a loan, under /api/transaction/product/loan/:
 *  - INSTALLMENT  payment-installment  the next `count` installments in full (fines included)
 *  - PARTIAL      payment-partial      up to what is due today, oldest first (fine → interest → principal)
 *  - OPEN_AMOUNT  payment-open-amount  any amount up to the whole debt, same order
 *  - PAYOFF       payment-full         settles the loan today (interest to the day per method)
 * From cash (a cash or bank account) or the member's savings. One
 * Idempotency-Key per submission, reused when the same payment is sent again.
 */
import type { LoanPaymentKind } from '@koperasi/contracts/loans';
import type { paymentResultView } from '@koperasi/contracts/loans.answers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiEnvelope } from '../../../lib/api/client';
import { invalidateAfterLoanMovement } from './invalidate';

export type PaymentResult = z.infer<typeof paymentResultView>;

export interface PaymentInput {
  kind: LoanPaymentKind;
  loanId: string;
  /** INSTALLMENT: how many installments. */
  count?: number;
  /** PARTIAL, OPEN_AMOUNT. */
  amount?: number | null;
  source: 'CASH' | 'SAVING';
  coaId?: string | null;
  memberSavingId?: string | null;
  description?: string | null;
}

export const PAYMENT_PATHS: Record<LoanPaymentKind, string> = {
  INSTALLMENT: '/api/transaction/product/loan/payment-installment',
  PARTIAL: '/api/transaction/product/loan/payment-partial',
  OPEN_AMOUNT: '/api/transaction/product/loan/payment-open-amount',
  PAYOFF: '/api/transaction/product/loan/payment-full',
};

/** The body of a payment: only the fields its kind takes. */
export function paymentBody(i: PaymentInput): Record<string, unknown> {
  const source =
    i.source === 'SAVING'
      ? { source: 'SAVING', memberSavingId: i.memberSavingId ?? null }
      : { source: 'CASH', ...(i.coaId ? { coaId: i.coaId } : {}) };
  const description = i.description?.trim() ? { description: i.description.trim() } : {};
  if (i.kind === 'INSTALLMENT') return { loanId: i.loanId, count: i.count ?? 1, ...source, ...description };
  if (i.kind === 'PAYOFF') return { loanId: i.loanId, ...source, ...description };
  return { loanId: i.loanId, amount: i.amount, ...source, ...description };
}

export const payLoan = ({ input, idempotencyKey }: { input: PaymentInput; idempotencyKey: string }) =>
  apiEnvelope<PaymentResult>(PAYMENT_PATHS[input.kind], {
    method: 'POST',
    body: paymentBody(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function usePayLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: payLoan, onSuccess: () => invalidateAfterLoanMovement(qc), meta: { errorToast: false } });
}
