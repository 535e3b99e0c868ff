import { defineModule } from '../types.ts';
import { areasRoutes } from './areas.routes.ts';

/** Areas (Area): working areas of agents and account officers, with their people. */
export default defineModule({ name: 'areas', order: 20, routes: areasRoutes });
