/**
 * The saving reports (issue 7, spec section 7 "Reports"): Laporan Simpanan
 * (/reports/savings, one tab per report) and Laporan Transaksi
 * (/reports/transactions, with each transaction's detail), and their print
 * layouts. Paths are the menu's (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SavingReportsPage = lazy(() => import('./pages/SavingReportsPage'));
const TransactionsReportPage = lazy(() => import('./pages/TransactionsReportPage'));
const TransactionDetailPage = lazy(() => import('./pages/TransactionDetailPage'));
const ReportPrintPage = lazy(() => import('./pages/ReportPrintPage'));

export const routes: FeatureRoute[] = [
  { path: '/reports/savings', element: <SavingReportsPage />, permission: 'report', title: 'nav.report.savings' },
  { path: '/reports/transactions', element: <TransactionsReportPage />, permission: 'report', title: 'nav.report.transactions' },
  { path: '/reports/transactions/:ref', element: <TransactionDetailPage />, permission: 'report', title: 'saving-reports:detail.title' },
  {
    path: '/reports/savings/print',
    element: <ReportPrintPage report="savings" />,
    permission: 'report',
    layout: 'blank',
    title: 'nav.report.savings',
  },
  {
    path: '/reports/transactions/print',
    element: <ReportPrintPage report="transactions" />,
    permission: 'report',
    layout: 'blank',
    title: 'nav.report.transactions',
  },
  {
    path: '/reports/transactions/:ref/print',
    element: <ReportPrintPage report="transaction" />,
    permission: 'report',
    layout: 'blank',
    title: 'saving-reports:detail.title',
  },
];
