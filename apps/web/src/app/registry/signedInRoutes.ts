/** Every feature's `routes.tsx` (signed-in screens); imported only by the lazy `app/signedIn.tsx`. */
import type { FeatureRoute } from '../../lib/routing';
import { collectRoutes, SIGNED_IN_LAYOUTS } from './routes';

const modules = import.meta.glob<{ routes?: FeatureRoute[] }>('../../features/*/routes.tsx', { eager: true });

export const signedInFeatureRoutes = collectRoutes(modules, SIGNED_IN_LAYOUTS);
