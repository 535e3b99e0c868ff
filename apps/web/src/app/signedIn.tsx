/**
 * The signed-in half of the route tree (see router.tsx), loaded on first use:
 * feature screens placed by their layout, the dashboards, a "coming soon"
 * page for every menu path without a screen yet, and the 404 page. It also
 * titles its pages (RootLayout titles the public ones).
 */
import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import type { FeatureRoute, RouteLayout } from '../lib/routing';
import { setServedPaths } from '../lib/servedPaths';
import { RequireAuth, RequireOnboarded, RequirePermission } from './guards';
import { findMenuEntry, menuLeaves } from './navigation';
import { signedInFeatureRoutes } from './registry/signedInRoutes';
import { type RouteHandle, titleIn, useDocumentTitle } from './routeTitles';

const AppLayout = lazy(() => import('./layouts/AppLayout'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

function toRoute(r: FeatureRoute): RouteObject {
  return {
    path: r.path,
    element: <RequirePermission permission={r.permission}>{r.element}</RequirePermission>,
    handle: { title: r.title } satisfies RouteHandle,
  };
}

export function buildSignedInRoutes(routes: FeatureRoute[] = signedInFeatureRoutes): RouteObject[] {
  const by = (layout: RouteLayout) => routes.filter((r) => (r.layout ?? 'app') === layout).map(toRoute);
  const taken = new Set(routes.map((r) => r.path));
  const comingSoon: RouteObject[] = menuLeaves()
    .filter((l) => !taken.has(l.path))
    .map((l) => ({
      path: l.path,
      element: (
        <RequirePermission permission={l.section}>
          <ComingSoonPage />
        </RequirePermission>
      ),
      handle: { title: l.labelKey } satisfies RouteHandle,
    }));
  const builtIn: RouteObject[] = [
    { path: '/dashboard', element: <DashboardPage kind="staff" />, handle: { title: 'nav.dashboard.title' } },
    { path: '/dashboard-agent', element: <DashboardPage kind="agent" />, handle: { title: 'nav.dashboard.agent' } },
  ].filter((r) => !taken.has(r.path!));

  return [
    {
      element: <RequireAuth />,
      children: [
        ...by('blank'),
        {
          element: <RequireOnboarded />,
          children: [{ element: <AppLayout />, children: [...builtIn, ...by('app'), ...comingSoon] }],
        },
      ],
    },
    { path: '*', element: <NotFoundPage />, handle: { title: 'errors.404.title' } },
  ];
}

setServedPaths(signedInFeatureRoutes.map((r) => r.path));

export const signedInRoutes = buildSignedInRoutes();

/** The title key of a signed-in page: its route's, else its menu entry's. */
export function signedInRouteTitle(pathname: string): string | undefined {
  return titleIn(signedInRoutes, pathname) ?? findMenuEntry(pathname)?.labelKey;
}

export default function SignedInRoutes() {
  useDocumentTitle(signedInRouteTitle);
  return useRoutes(signedInRoutes);
}
