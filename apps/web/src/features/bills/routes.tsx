/**
 * Transaksi Anggota, bills (issue 14): the bills, the creation form with its
 * installment simulation, a bill's detail with its actions, and the
 * realization report. Paths under the menu's /transactions/bills and
 * /reports/bill-realization (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const BillsPage = lazy(() => import('./pages/BillsPage'));
const BillNewPage = lazy(() => import('./pages/BillNewPage'));
const BillDetailPage = lazy(() => import('./pages/BillDetailPage'));
const BillRealizationPage = lazy(() => import('./pages/BillRealizationPage'));

export const routes: FeatureRoute[] = [
  { path: '/transactions/bills', element: <BillsPage />, permission: 'member_transaction', title: 'bills:list.title' },
  { path: '/transactions/bills/new', element: <BillNewPage />, permission: 'member_transaction:add', title: 'bills:form.title' },
  { path: '/transactions/bills/:id', element: <BillDetailPage />, permission: 'member_transaction', title: 'bills:detail.title' },
  { path: '/reports/bill-realization', element: <BillRealizationPage />, permission: 'report', title: 'bills:report.title' },
];
