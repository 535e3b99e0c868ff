import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

export const widgets: DashboardWidget[] = [
  {
    id: 'profile.recent-activity',
    component: lazy(() => import('./components/RecentActivityWidget')),
    size: 'sm',
    order: 6,
    dashboards: ['staff', 'agent'],
  },
];
