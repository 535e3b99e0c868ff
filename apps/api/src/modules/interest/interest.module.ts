import { defineModule } from '../types.ts';
import { interestRoutes } from './interest.routes.ts';

/** Savings interest (jasa simpanan sukarela): simulation per member, release, cancellation, reports. docs/interest.md. */
export default defineModule({
  name: 'interest',
  order: 43,
  routes: interestRoutes,
});
