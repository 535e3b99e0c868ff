/** The invitation page a new user opens from the e-mail link (no sign-in). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const AcceptInvitationPage = lazy(() => import('./pages/AcceptInvitationPage'));

export const routes: FeatureRoute[] = [
  { path: '/accept-invitation', element: <AcceptInvitationPage />, layout: 'public', title: 'access:invitation.title' },
];
