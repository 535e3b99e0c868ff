/**
 * The contract between the app shell and the features (docs/web.md).
 *
 *  - `src/features/<name>/routes.tsx` exports `routes: FeatureRoute[]`; the
 *    router finds every such file (import.meta.glob), so a feature adds its
 *    screens without editing a shared file. Pages are lazy (React.lazy).
 *  - `src/features/<name>/widgets.tsx` exports `widgets: DashboardWidget[]`;
 *    /dashboard (and /dashboard-agent) show the ones the role may view.
 *  - `src/features/<name>/after-login.ts` default-exports a function run
 *    after each interactive sign-in (the spec's open-items listing).
 */
import type { MenuSection, PermissionAction } from '@koperasi/contracts/permissions';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** `member` (= member:view) or `member:add`. */
export type PermissionRef = MenuSection | `${MenuSection}:${PermissionAction}`;

export function parsePermissionRef(ref: PermissionRef): { section: MenuSection; action: PermissionAction } {
  const [section, action] = ref.split(':') as [MenuSection, PermissionAction | undefined];
  return { section, action: action ?? 'view' };
}

/**
 * Where a route renders:
 *  - `app` (default): signed in, onboarding finished, inside the shell;
 *  - `blank`: signed in, full screen without the shell (onboarding, print views);
 *  - `guest`: signed out only (sign-in, registration); a signed-in user goes home;
 *  - `public`: anyone, centered page (activation link, maintenance).
 */
export type RouteLayout = 'app' | 'blank' | 'guest' | 'public';

export interface FeatureRoute {
  /** Absolute path, React Router syntax (`/members/:id`). */
  path: string;
  /** Usually a lazy page: `const Page = lazy(() => import('./pages/Page'))` then `<Page />`. */
  element: ReactNode;
  /** Permission needed; without it any signed-in user may open the route. */
  permission?: PermissionRef;
  layout?: RouteLayout;
  /** i18n key (`ns:key`) of the page title for the browser tab; the navigation title is used otherwise. */
  title?: string;
}

export type WidgetSize = 'sm' | 'md' | 'lg' | 'full';

export interface DashboardWidget {
  /** Unique id, `<feature>.<name>`. */
  id: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** Permission needed to see it (default: any signed-in user). */
  permission?: PermissionRef;
  /** Width on large screens: sm = 1/3, md = 1/2, lg = 2/3, full = whole row. Phones always get the whole row. */
  size?: WidgetSize;
  /** Lower comes first. Built-in widgets use 0-10; feature widgets 100 and up. */
  order: number;
  /** Which dashboards show it (default staff only). */
  dashboards?: Array<'staff' | 'agent'>;
}
