/**
 * A loan's reads under /api/transaction/product/loan/{id}/: the loan with its
 * installments and collateral (detail-installment-loan-member), its payments
 * (mutation-payments), its history (mutation-loan), what settles it today or
 * on a date (detail-outstanding, detail-outstanding-by-date/{date}), what
 * remains (remaining-loan) and its photos (detail-images).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { loanKey } from './keys';
import type { LoanDetailView, LoanMutation, LoanPaymentView, OutstandingView, RemainingLoan } from './types';

const base = (id: string) => `/api/transaction/product/loan/${id}`;

export const getLoan = (id: string, signal?: AbortSignal) => api<LoanDetailView>(`${base(id)}/detail-installment-loan-member`, { signal });

export function useLoan(id: string | undefined) {
  return useQuery({ queryKey: loanKey(id ?? ''), queryFn: ({ signal }) => getLoan(id!, signal), enabled: Boolean(id) });
}

export const getLoanPayments = (id: string, p: { page: number; limit: number }, signal?: AbortSignal) =>
  api<Page<LoanPaymentView>>(`${base(id)}/mutation-payments`, { query: p, signal });

export function useLoanPayments(id: string | undefined, p: { page: number; limit: number }, enabled = true) {
  return useQuery({
    queryKey: [...loanKey(id ?? ''), 'payments', p],
    queryFn: ({ signal }) => getLoanPayments(id!, p, signal),
    enabled: Boolean(id) && enabled,
    placeholderData: keepPreviousData,
  });
}

export const getLoanMutations = (id: string, p: { page: number; limit: number }, signal?: AbortSignal) =>
  api<Page<LoanMutation>>(`${base(id)}/mutation-loan`, { query: p, signal });

export function useLoanMutations(id: string | undefined, p: { page: number; limit: number }, enabled = true) {
  return useQuery({
    queryKey: [...loanKey(id ?? ''), 'mutations', p],
    queryFn: ({ signal }) => getLoanMutations(id!, p, signal),
    enabled: Boolean(id) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** What settles the loan today (no date) or on `date`. */
export const getOutstanding = (id: string, date: string | null, signal?: AbortSignal) =>
  api<OutstandingView>(date ? `${base(id)}/detail-outstanding-by-date/${date}` : `${base(id)}/detail-outstanding`, { signal });

export function useOutstanding(id: string | undefined, date: string | null = null, enabled = true) {
  return useQuery({
    queryKey: [...loanKey(id ?? ''), 'outstanding', date],
    queryFn: ({ signal }) => getOutstanding(id!, date, signal),
    enabled: Boolean(id) && enabled,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export const getRemaining = (id: string, signal?: AbortSignal) => api<RemainingLoan>(`${base(id)}/remaining-loan`, { signal });

export function useRemaining(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...loanKey(id ?? ''), 'remaining'],
    queryFn: ({ signal }) => getRemaining(id!, signal),
    enabled: Boolean(id) && enabled,
  });
}

/** A photo of the loan's collateral. */
export interface LoanImage {
  collateralId: string;
  number: string;
  type: string | null;
  url: string;
}

export const getLoanImages = (id: string, signal?: AbortSignal) => api<LoanImage[]>(`${base(id)}/detail-images`, { signal });

export function useLoanImages(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...loanKey(id ?? ''), 'images'],
    queryFn: ({ signal }) => getLoanImages(id!, signal),
    enabled: Boolean(id) && enabled,
  });
}
