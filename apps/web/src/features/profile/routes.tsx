import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const ProfilePage = lazy(() => import('./pages/ProfilePage'));

export const routes: FeatureRoute[] = [
  { path: '/profile', element: <ProfilePage />, title: 'profile:title' },
  { path: '/profile/:tab', element: <ProfilePage />, title: 'profile:title' },
];
