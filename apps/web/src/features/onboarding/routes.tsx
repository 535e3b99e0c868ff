import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const OnboardingPage = lazy(() => import('./pages/OnboardingPage'));

export const routes: FeatureRoute[] = [
  { path: '/onboarding', element: <OnboardingPage />, layout: 'blank', title: 'onboarding:steps.saving' },
];
