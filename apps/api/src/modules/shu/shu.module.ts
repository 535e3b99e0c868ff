import { defineModule } from '../types.ts';
import { shuRoutes } from './shu.routes.ts';

/** Sisa hasil usaha: settings, calculation, distribution, slips, report (docs/shu.md). */
export default defineModule({
  name: 'shu',
  order: 60,
  routes: shuRoutes,
});
