/**
 * Transaksi Anggota, loans (issue 12): the loans and their work queues
 * (approval, release, online requests), the application with its live
 * simulation, a loan's detail with its actions, and the print views of the
 * schedule and of a payment's receipt. Paths under the menu's
 * /transactions/loans (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const LoansPage = lazy(() => import('./pages/LoansPage'));
const LoanApplicationPage = lazy(() => import('./pages/LoanApplicationPage'));
const LoanDetailPage = lazy(() => import('./pages/LoanDetailPage'));
const SchedulePrintPage = lazy(() => import('./pages/SchedulePrintPage'));
const ReceiptPrintPage = lazy(() => import('./pages/ReceiptPrintPage'));

export const routes: FeatureRoute[] = [
  { path: '/transactions/loans', element: <LoansPage />, permission: 'member_transaction', title: 'loans:list.title' },
  { path: '/transactions/loans/new', element: <LoanApplicationPage />, permission: 'member_transaction:add', title: 'loans:form.title' },
  { path: '/transactions/loans/:id', element: <LoanDetailPage />, permission: 'member_transaction', title: 'loans:detail.title' },
  {
    path: '/transactions/loans/:id/schedule',
    element: <SchedulePrintPage />,
    permission: 'member_transaction',
    layout: 'blank',
    title: 'loans:schedule.title',
  },
  {
    path: '/transactions/loans/:id/receipt/:paymentId',
    element: <ReceiptPrintPage />,
    permission: 'member_transaction',
    layout: 'blank',
    title: 'loans:receipt.title',
  },
];
