/** Every feature's `routes.tsx`, found at build time (no shared list to edit). */
import type { FeatureRoute } from '../../lib/routing';

const modules = import.meta.glob<{ routes?: FeatureRoute[] }>('../../features/*/routes.tsx', { eager: true });

export function collectRoutes(mods: Record<string, { routes?: FeatureRoute[] }> = modules): FeatureRoute[] {
  const seen = new Map<string, string>();
  const out: FeatureRoute[] = [];
  for (const [file, m] of Object.entries(mods).sort(([a], [b]) => a.localeCompare(b))) {
    for (const r of m.routes ?? []) {
      const prior = seen.get(r.path);
      if (prior) {
        console.error(`Route ${r.path} is declared twice (${prior} and ${file}); the first one wins.`);
        continue;
      }
      seen.set(r.path, file);
      out.push(r);
    }
  }
  return out;
}

export const featureRoutes = collectRoutes();
