import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

export const widgets: DashboardWidget[] = [
  {
    id: 'savings.summary',
    component: lazy(() => import('./components/widgets/SavingLoanWidget')),
    permission: 'dashboard',
    size: 'lg',
    order: 130,
    dashboards: ['staff', 'agent'],
  },
  {
    id: 'savings.cash-out-online',
    component: lazy(() => import('./components/widgets/CashOutWidget')),
    permission: 'dashboard',
    size: 'sm',
    order: 131,
  },
  {
    id: 'savings.principal-owed',
    component: lazy(() => import('./components/widgets/PrincipalOwedWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 132,
    dashboards: ['staff', 'agent'],
  },
  {
    id: 'savings.mandatory-arrears',
    component: lazy(() => import('./components/widgets/MandatoryArrearsWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 133,
    dashboards: ['staff', 'agent'],
  },
];
