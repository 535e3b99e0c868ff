/** Interest release (Rilis Jasa): the voluntary savings release. Path is the menu's (app/navigation.ts). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SavingReleasePage = lazy(() => import('./pages/SavingReleasePage'));

export const routes: FeatureRoute[] = [
  { path: '/interest-release/saving', element: <SavingReleasePage />, permission: 'interest_release', title: 'interest-release:title' },
];
