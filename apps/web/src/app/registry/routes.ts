/**
 * Feature routes, found at build time (no shared list to edit):
 *  - `features/<name>/public-routes.tsx`: the `guest` and `public` screens
 *    (sign-in, registration, activation, invitation). Bundled with the first
 *    page, so keep them few.
 *  - `features/<name>/routes.tsx`: the signed-in screens (`app`, `blank`).
 *    Their tables load with the signed-in half of the router
 *    (`app/signedIn.tsx`), never with the sign-in page.
 */
import type { FeatureRoute, RouteLayout } from '../../lib/routing';

type RouteModules = Record<string, { routes?: FeatureRoute[] }>;

/** The routes of `mods` in file order; a path declared twice or a route in the wrong file is reported and skipped. */
export function collectRoutes(mods: RouteModules, layouts?: readonly RouteLayout[]): FeatureRoute[] {
  const seen = new Map<string, string>();
  const out: FeatureRoute[] = [];
  for (const [file, m] of Object.entries(mods).sort(([a], [b]) => a.localeCompare(b))) {
    for (const r of m.routes ?? []) {
      const prior = seen.get(r.path);
      if (prior) {
        console.error(`Route ${r.path} is declared twice (${prior} and ${file}); the first one wins.`);
        continue;
      }
      if (layouts && !layouts.includes(r.layout ?? 'app')) {
        console.error(`Route ${r.path} (${file}) has layout ${r.layout ?? 'app'}, which does not belong in this file.`);
        continue;
      }
      seen.set(r.path, file);
      out.push(r);
    }
  }
  return out;
}

export const PUBLIC_LAYOUTS: readonly RouteLayout[] = ['guest', 'public'];
export const SIGNED_IN_LAYOUTS: readonly RouteLayout[] = ['app', 'blank'];

const publicModules = import.meta.glob<{ routes?: FeatureRoute[] }>('../../features/*/public-routes.tsx', { eager: true });

export const publicFeatureRoutes = collectRoutes(publicModules, PUBLIC_LAYOUTS);
