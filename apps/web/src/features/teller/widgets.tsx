import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

/** The agent's own dashboard pieces (docs/teller.md "Agents"). */
export const widgets: DashboardWidget[] = [
  {
    id: 'teller.agent-today',
    component: lazy(() => import('./components/agentToday')),
    permission: 'dashboard',
    size: 'full',
    order: 100,
    dashboards: ['agent'],
  },
  {
    id: 'teller.agent-members',
    component: lazy(() => import('./components/agentMembers')),
    permission: 'dashboard',
    size: 'md',
    order: 101,
    dashboards: ['agent'],
  },
  {
    id: 'teller.agent-latest',
    component: lazy(() => import('./components/agentLatest')),
    permission: 'dashboard',
    size: 'md',
    order: 102,
    dashboards: ['agent'],
  },
];
