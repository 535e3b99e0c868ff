/**
 * The root of every route: a suspense boundary with the logo loading screen,
 * the page-view recording of every route change (spec section 2), the
 * document title, and the scroll reset on navigation.
 */
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { installPageViewFlushOnHide, recordPageView } from '../lib/activity/pageViews';
import { useAuth } from '../lib/auth/AuthProvider';
import { APP_NAME } from '../lib/brand';
import { ErrorBoundary } from './ErrorBoundary';
import { publicRouteTitle } from './router';

function usePageViews() {
  const { pathname } = useLocation();
  const { status } = useAuth();
  useEffect(() => installPageViewFlushOnHide(), []);
  useEffect(() => {
    if (status === 'authenticated') recordPageView(pathname);
  }, [pathname, status]);
}

/**
 * Sets the document title to the page's title and the cooperative's name when
 * `resolve` knows the path. RootLayout resolves the public pages; the lazy
 * signed-in half (signedIn.tsx) resolves its own, so neither overwrites the other.
 */
export function useDocumentTitle(resolve: (pathname: string) => string | undefined) {
  // Re-render when a feature's namespace arrives, so `ns:key` titles resolve.
  const { t } = useTranslation(undefined, { bindI18n: 'languageChanged loaded' });
  const { pathname } = useLocation();
  const { user } = useAuth();
  const key = resolve(pathname);
  const title = key ? t(key) : null;
  const suffix = user?.tenant.name ?? APP_NAME;
  useEffect(() => {
    if (title) document.title = `${title} · ${suffix}`;
  }, [title, suffix]);
}

export function RootLayout() {
  usePageViews();
  useDocumentTitle(publicRouteTitle);
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
