/**
 * The saving reports (issue 7, spec section 7 "Reports"): Laporan Simpanan
 * (/reports/savings, one tab per report) and Laporan Transaksi
 * (/reports/transactions, with each transaction's detail), and their print
 * layouts. Paths are the menu's (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

// One dynamic import for the four pages: each import() in the route table carries its own list of chunks
// to preload, and the route table is part of the first page's JavaScript (the sign-in budget).
const pages = () => import('./pages');
const SavingReportsPage = lazy(() => pages().then((m) => ({ default: m.SavingReportsPage })));
const TransactionsReportPage = lazy(() => pages().then((m) => ({ default: m.TransactionsReportPage })));
const TransactionDetailPage = lazy(() => pages().then((m) => ({ default: m.TransactionDetailPage })));
const ReportPrintPage = lazy(() => pages().then((m) => ({ default: m.ReportPrintPage })));

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
