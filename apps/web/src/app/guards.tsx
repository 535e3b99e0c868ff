/** Route guards of the auth state machine and the role's permissions. */
import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAuth } from '../lib/auth/AuthProvider';
import { homePath } from '../lib/auth/machine';
import { type PermissionRef, parsePermissionRef } from '../lib/routing';

const ForbiddenPage = lazy(() => import('./pages/ForbiddenPage'));

/** Signed-in users only; others go to sign-in and come back afterwards. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'unauthenticated') return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** The app itself once the cooperative finished onboarding (step 4). */
export function RequireOnboarded() {
  const { step } = useAuth();
  if (step !== 4) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** Sign-in, registration and friends: a signed-in user goes home instead. */
export function GuestOnly() {
  const { status, user, step } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    const target = step !== 4 ? '/onboarding' : from && from !== '/' ? from : homePath(user);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** `/`: home of whoever is there. */
export function HomeRedirect() {
  const { status, user, step } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'unauthenticated') return <Navigate to="/sign-in" replace />;
  return <Navigate to={step !== 4 ? '/onboarding' : homePath(user)} replace />;
}

/** A screen needing a permission; without it the 403 page. */
export function RequirePermission({ permission, children }: { permission?: PermissionRef; children: ReactNode }) {
  const { can } = useAuth();
  if (permission) {
    const { section, action } = parsePermissionRef(permission);
    if (!can(section, action)) return <ForbiddenPage />;
  }
  return <>{children}</>;
}
