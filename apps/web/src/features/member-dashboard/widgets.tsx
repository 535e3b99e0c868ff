import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

/** Member widgets of /dashboard (spec section 2): applicants and requests, composition and growth, the organisation. */
export const widgets: DashboardWidget[] = [
  {
    id: 'members.prospective',
    component: lazy(() => import('./components/ProspectiveWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 110,
  },
  {
    id: 'members.applications',
    component: lazy(() => import('./components/ApplicationsWidget')),
    permission: 'dashboard',
    size: 'md',
    order: 111,
  },
  {
    id: 'members.composition',
    component: lazy(() => import('./components/CompositionWidget')),
    permission: 'dashboard',
    size: 'lg',
    order: 140,
  },
  { id: 'members.growth', component: lazy(() => import('./components/GrowthWidget')), permission: 'dashboard', size: 'sm', order: 141 },
  {
    id: 'members.organization',
    component: lazy(() => import('./components/OrganizationWidget')),
    permission: 'dashboard',
    size: 'full',
    order: 150,
  },
];
