/**
 * The root of every route: a suspense boundary with the logo loading screen,
 * the page-view recording of every route change (spec section 2), the
 * document title, and the scroll reset on navigation.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { installPageViewFlushOnHide, recordPageView } from '../lib/activity/pageViews';
import { useAuth } from '../lib/auth/AuthProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { useDocumentTitle } from './routeTitles';

function usePageViews() {
  const { pathname } = useLocation();
  const { status } = useAuth();
  useEffect(() => installPageViewFlushOnHide(), []);
  useEffect(() => {
    if (status === 'authenticated') recordPageView(pathname);
  }, [pathname, status]);
}

/** `title`: the title key of a public page (router.tsx publicRouteTitle; the signed-in half titles its own). */
export function RootLayout({ title }: { title: (pathname: string) => string | undefined }) {
  usePageViews();
  useDocumentTitle(title);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every new path
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
