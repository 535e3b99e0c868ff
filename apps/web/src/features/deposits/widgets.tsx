import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

export const widgets: DashboardWidget[] = [
  {
    id: 'deposits.summary',
    component: lazy(() => import('./components/DepositsWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 135,
    dashboards: ['staff', 'agent'],
  },
];
