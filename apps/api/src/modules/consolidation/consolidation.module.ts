import { defineModule } from '../types.ts';
import { consolidationRoutes } from './consolidation.routes.ts';

/** Consolidated interest release (/api/consolidation/*). docs/interest.md "Consolidation". */
export default defineModule({
  name: 'consolidation',
  order: 44,
  routes: consolidationRoutes,
});
