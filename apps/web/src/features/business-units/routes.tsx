/**
 * Unit Usaha (docs/business-units.md): the units' master data, their
 * transactions and the members' debts, and the two unit reports. Paths are the
 * menu's (app/navigation.ts). Serving `/business-units` also shows the
 * statements' business-unit filter (lib/servedPaths.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const UnitsPage = lazy(() => import('./pages/UnitsPage'));
const TransactionsPage = lazy(() => import('./pages/TransactionsPage'));
const UnitReportPage = lazy(() => import('./pages/UnitReportPage'));
const DebtReportPage = lazy(() => import('./pages/DebtReportPage'));

export const routes: FeatureRoute[] = [
  { path: '/business-units', element: <UnitsPage />, permission: 'business_unit', title: 'business-units:units.title' },
  {
    path: '/business-units/transactions',
    element: <TransactionsPage />,
    permission: 'business_unit',
    title: 'business-units:tx.pageTitle',
  },
  { path: '/reports/business-units', element: <UnitReportPage />, permission: 'report', title: 'business-units:report.unitTitle' },
  { path: '/reports/business-unit-debts', element: <DebtReportPage />, permission: 'report', title: 'business-units:report.debtTitle' },
];
