import { defineModule } from '../types.ts';
import { rolesRoutes } from './roles.routes.ts';

/** Access roles: permission matrix and limits (built-in roles are created by tenants.createBuiltinRoles). */
export default defineModule({ name: 'roles', order: 20, routes: rolesRoutes });
