/** Interest release (Rilis Jasa) and the interest simulations (Simulasi Jasa). Paths are the menu's (app/navigation.ts). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SavingReleasePage = lazy(() => import('./pages/SavingReleasePage'));
const SimulationPage = lazy(() => import('./pages/SimulationPage'));

export const routes: FeatureRoute[] = [
  { path: '/interest-release/saving', element: <SavingReleasePage />, permission: 'interest_release', title: 'interest-release:title' },
  {
    path: '/interest-simulation/base-rate',
    element: <SimulationPage kind="baserate" />,
    permission: 'interest_simulation',
    title: 'interest-release:sim.kinds.baserate',
  },
  {
    path: '/interest-simulation/profit-sharing',
    element: <SimulationPage kind="profit-sharing" />,
    permission: 'interest_simulation',
    title: 'interest-release:sim.kinds.profit-sharing',
  },
];
