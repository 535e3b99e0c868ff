/**
 * Dashboard loan lists: GET /api/home/unpaid-loan (running loans with an
 * installment past due, oldest due first) and GET /api/home/reminder-loans
 * (unpaid installments falling due today and in the next days).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Page } from '../../../lib/api/list';
import { homeLoansKey } from './keys';
import type { LoanView } from './types';

export interface ReminderRow {
  loanId: string;
  loanNumber: string;
  memberId: string;
  memberName: string;
  cifNumber: string;
  phone: string | null;
  productName: string;
  number: number;
  dueDate: string;
  amount: number;
}

export function useUnpaidLoans(limit = 5) {
  return useQuery({
    queryKey: [...homeLoansKey, 'unpaid', limit],
    queryFn: ({ signal }) => api<Page<LoanView>>('/api/home/unpaid-loan', { query: { page: 0, limit }, signal }),
    staleTime: 30_000,
  });
}

export function useReminderLoans(limit = 5, days = 7) {
  return useQuery({
    queryKey: [...homeLoansKey, 'reminders', limit, days],
    queryFn: ({ signal }) => api<Page<ReminderRow>>('/api/home/reminder-loans', { query: { page: 0, limit, days }, signal }),
    staleTime: 30_000,
  });
}

/** The loans' part of GET /api/home/saving-loan (the dashboard's loan summary). */
export interface LoansSummary {
  running: number;
  outstanding: number;
  waiting: number;
  overdue: number;
  releasedThisMonth: number;
}

export function useLoansSummary() {
  return useQuery({
    // The savings summary's own key and call: one request for the savings, deposits and loans widgets.
    queryKey: ['home', 'savings', 'saving-loan'],
    queryFn: ({ signal }) => api<{ loans?: LoansSummary | null }>('/api/home/saving-loan', { signal }),
  });
}
