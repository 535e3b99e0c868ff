import { defineModule } from '../types.ts';
import { usersRoutes } from './users.routes.ts';
import { seedOrganization } from './users.seed.ts';

/** Users (User Akses), invitations, account officers and the agent's assigned account. */
export default defineModule({
  name: 'users',
  order: 20,
  routes: usersRoutes,
  async seedDemo(db, ctx, info) {
    await db.tenant(info.tenantId, (tx) => seedOrganization(tx, ctx, info));
  },
});
