import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

export const widgets: DashboardWidget[] = [
  {
    id: 'loans.summary',
    component: lazy(() => import('./components/widgets/LoanSummaryWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 139,
    dashboards: ['staff', 'agent'],
  },
  {
    id: 'loans.unpaid',
    component: lazy(() => import('./components/widgets/UnpaidLoansWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 140,
    dashboards: ['staff', 'agent'],
  },
  {
    id: 'loans.reminders',
    component: lazy(() => import('./components/widgets/ReminderLoansWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 141,
    dashboards: ['staff', 'agent'],
  },
];
