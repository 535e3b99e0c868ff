/**
 * Transaksi Anggota, savings (issue 7): the teller screen, an account's
 * mutations and passbook, the transaction history with detail and
 * cancellation, online cash-out requests, auto debit, and the print views of
 * receipts and passbooks. Paths are the menu's (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SavingsTellerPage = lazy(() => import('./pages/SavingsTellerPage'));
const AccountMutationsPage = lazy(() => import('./pages/AccountMutationsPage'));
const PassbookPrintPage = lazy(() => import('./pages/PassbookPrintPage'));
const HistoryPage = lazy(() => import('./pages/HistoryPage'));
const TransactionDetailPage = lazy(() => import('./pages/TransactionDetailPage'));
const ReceiptPrintPage = lazy(() => import('./pages/ReceiptPrintPage'));
const OnlineRequestsPage = lazy(() => import('./pages/OnlineRequestsPage'));
const AutoDebitPage = lazy(() => import('./pages/AutoDebitPage'));

export const routes: FeatureRoute[] = [
  { path: '/transactions/savings', element: <SavingsTellerPage />, permission: 'member_transaction', title: 'savings:teller.title' },
  {
    path: '/transactions/savings/accounts/:id',
    element: <AccountMutationsPage />,
    permission: 'member_transaction',
    title: 'savings:mutations.title',
  },
  {
    path: '/transactions/savings/accounts/:id/passbook',
    element: <PassbookPrintPage />,
    permission: 'member_transaction',
    layout: 'blank',
    title: 'savings:passbook.title',
  },
  { path: '/transactions/history', element: <HistoryPage />, permission: 'member_transaction', title: 'savings:history.title' },
  {
    path: '/transactions/history/:id',
    element: <TransactionDetailPage />,
    permission: 'member_transaction',
    title: 'savings:detail.title',
  },
  {
    path: '/transactions/receipt/:id',
    element: <ReceiptPrintPage />,
    permission: 'member_transaction',
    layout: 'blank',
    title: 'savings:receipt.title',
  },
  {
    path: '/transactions/online-requests',
    element: <OnlineRequestsPage />,
    permission: 'member_transaction',
    title: 'savings:online.title',
  },
  { path: '/transactions/auto-debit', element: <AutoDebitPage />, permission: 'member_transaction', title: 'savings:autoDebit.title' },
];
