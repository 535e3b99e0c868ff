import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SignInPage = lazy(() => import('./pages/SignInPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const VerifyPage = lazy(() => import('./pages/VerifyPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ActivatePage = lazy(() => import('./pages/ActivatePage'));

export const routes: FeatureRoute[] = [
  { path: '/sign-in', element: <SignInPage />, layout: 'guest', title: 'auth:signIn.title' },
  { path: '/register', element: <RegisterPage />, layout: 'guest', title: 'auth:register.title' },
  { path: '/verify', element: <VerifyPage />, layout: 'guest', title: 'auth:verify.title' },
  { path: '/forgot-password', element: <ForgotPasswordPage />, layout: 'guest', title: 'auth:forgot.title' },
  { path: '/activate', element: <ActivatePage />, layout: 'public', title: 'auth:activate.pending' },
];
