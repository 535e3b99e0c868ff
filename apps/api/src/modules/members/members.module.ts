import { defineModule } from '../types.ts';
import { memberHomeRoutes, memberUploadRoutes } from './members.more-routes.ts';
import { memberRoutes } from './members.routes.ts';
import { seedDemoMembers } from './members.seed.ts';
import { uploadsInFlight } from './members.upload.ts';
import { memberWebRoutes } from './members.web-routes.ts';

/**
 * Members (anggota): the member record, lifecycle, photos, bulk upload and the
 * dashboard's member widgets. Other modules plug in through members.registry.ts
 * (docs/members.md).
 */
export default defineModule({
  name: 'members',
  order: 30,
  async routes(app) {
    await memberRoutes(app);
    await memberUploadRoutes(app);
    await memberHomeRoutes(app);
    await memberWebRoutes(app);
    // A server stopping lets running uploads finish their current batches (each batch commits on its own).
    app.addHook('onClose', async () => {
      await Promise.allSettled([...uploadsInFlight]);
    });
  },
  seedDemo: seedDemoMembers,
});
