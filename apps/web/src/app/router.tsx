/**
 * The route tree, in two halves so the sign-in page downloads only what it shows:
 *
 *  - here, bundled with the first page: the guest and public screens
 *    (`features/*\/public-routes.tsx`), maintenance and 500;
 *  - `signedIn.tsx`, loaded on first use through the catch-all route: every
 *    signed-in screen (`features/*\/routes.tsx`), the shell, the "coming soon"
 *    pages of menu entries without a screen yet, and the 404 page.
 *
 * (Declarative routing with `useRoutes`: the data-router half of React Router
 * would double its weight on the first page for nothing the app uses.)
 */
import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import type { FeatureRoute, RouteLayout } from '../lib/routing';
import { GuestOnly, HomeRedirect } from './guards';
import ServerErrorPage from './pages/ServerErrorPage';
import { RootLayout } from './RootLayout';
import { publicFeatureRoutes } from './registry/routes';
import { type RouteHandle, titleIn } from './routeTitles';

export { type RouteHandle, titleIn } from './routeTitles';

const SignedInRoutes = lazy(() => import('./signedIn'));
const MaintenancePage = lazy(() => import('./pages/MaintenancePage'));

export function buildPublicRoutes(routes: FeatureRoute[] = publicFeatureRoutes): RouteObject[] {
  const by = (layout: RouteLayout) =>
    routes
      .filter((r) => r.layout === layout)
      .map((r): RouteObject => ({ path: r.path, element: r.element, handle: { title: r.title } satisfies RouteHandle }));
  return [
    {
      element: <RootLayout title={publicRouteTitle} />,
      children: [
        { index: true, element: <HomeRedirect /> },
        { element: <GuestOnly />, children: by('guest') },
        ...by('public'),
        { path: '/maintenance', element: <MaintenancePage />, handle: { title: 'errors.maintenance.title' } },
        { path: '/500', element: <ServerErrorPage />, handle: { title: 'errors.500.title' } },
        // Everything else: the signed-in half (which also answers 404).
        { path: '*', element: <SignedInRoutes /> },
      ],
    },
  ];
}

export const publicRoutes = buildPublicRoutes();

export function AppRoutes() {
  return useRoutes(publicRoutes);
}

/** The title key of a guest or public page (the signed-in half titles its own pages). */
export function publicRouteTitle(pathname: string): string | undefined {
  return titleIn(publicRoutes, pathname);
}
