/**
 * The route tree. Feature routes come from `features/*\/routes.tsx`
 * (registry/routes.ts) and are placed by their layout; every menu path of
 * navigation.ts without a screen yet opens the "coming soon" page; unknown
 * paths get the 404 page. The shell and every page are lazy-loaded, so the
 * sign-in page downloads neither. (Declarative routing with `useRoutes`: the
 * data-router half of React Router would double its weight on the first
 * page for nothing the app uses.)
 */
import { lazy } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import type { FeatureRoute, RouteLayout } from '../lib/routing';
import { GuestOnly, HomeRedirect, RequireAuth, RequireOnboarded, RequirePermission } from './guards';
import { menuLeaves } from './navigation';
import ServerErrorPage from './pages/ServerErrorPage';
import { RootLayout } from './RootLayout';
import { featureRoutes } from './registry/routes';

const AppLayout = lazy(() => import('./layouts/AppLayout'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const MaintenancePage = lazy(() => import('./pages/MaintenancePage'));

export interface RouteHandle {
  /** i18n key of the page title (`ns:key`, or a common key such as a menu label). */
  title?: string;
}

function toRoute(r: FeatureRoute): RouteObject {
  return {
    path: r.path,
    element: <RequirePermission permission={r.permission}>{r.element}</RequirePermission>,
    handle: { title: r.title } satisfies RouteHandle,
  };
}

export function buildRoutes(routes: FeatureRoute[] = featureRoutes): RouteObject[] {
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
      element: <RootLayout />,
      children: [
        { index: true, element: <HomeRedirect /> },
        { element: <GuestOnly />, children: by('guest') },
        ...by('public'),
        { path: '/maintenance', element: <MaintenancePage />, handle: { title: 'errors.maintenance.title' } },
        { path: '/500', element: <ServerErrorPage />, handle: { title: 'errors.500.title' } },
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
      ],
    },
  ];
}

export const appRoutes = buildRoutes();

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The title key of the deepest route matching `pathname` that has one. */
export function routeTitle(pathname: string): string | undefined {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const t = (matches[i]!.route.handle as RouteHandle | undefined)?.title;
    if (t) return t;
  }
  return undefined;
}
