import { defineModule } from '../types.ts';
import { tenantRoutes } from './tenants.routes.ts';

export default defineModule({ name: 'tenants', order: 0, routes: tenantRoutes });
