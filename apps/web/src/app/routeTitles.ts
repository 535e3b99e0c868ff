/**
 * Page titles: the route handle carrying a page's title key, the look-up of
 * the deepest titled route, and the hook that writes the document title. Kept
 * apart from router.tsx and RootLayout.tsx so the lazily loaded signed-in half
 * (signedIn.tsx) uses them without importing the router (no import cycle).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/AuthProvider';
import { APP_NAME } from '../lib/brand';

export interface RouteHandle {
  /** i18n key of the page title (`ns:key`, or a common key such as a menu label). */
  title?: string;
}

/** The title key of the deepest route of `routes` matching `pathname` that has one. */
export function titleIn(routes: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const t = (matches[i]!.route.handle as RouteHandle | undefined)?.title;
    if (t) return t;
  }
  return undefined;
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
