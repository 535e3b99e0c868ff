import { audit } from '../../lib/audit.ts';
import { defineModule } from '../types.ts';
import { seedCollectability } from './collectability.ts';
import { settingsRoutes } from './settings.routes.ts';
import { fillDemoLegalDetails, replaceOfficers } from './tenant-profile.repo.ts';

/** Cooperative settings: details, officers, logo, collectability, configuration, member features, AD/ART. */
export default defineModule({
  name: 'settings',
  order: 20,
  routes: settingsRoutes,
  async seedTenant(tx, _ctx, info) {
    await seedCollectability(tx, info.tenantId);
  },
  /** Demo cooperative: legal details and its boards (pengurus, pengawas). */
  async seedDemo(db, ctx, info) {
    await db.tenant(info.tenantId, async (tx) => {
      await fillDemoLegalDetails(tx, info.tenantId);
      const officers: Array<[string, string, string, string | null]> = [
        ['PENGURUS', 'KETUA', 'Admin Demo', info.adminUserId],
        ['PENGURUS', 'SEKERTARIS', 'Dewi Lestari', null],
        ['PENGURUS', 'BENDAHARA', 'Agus Prasetyo', null],
        ['PENGAWAS', 'KETUA', 'Hendra Wijaya', null],
        ['PENGAWAS', 'PENGAWAS', 'Rina Marlina', null],
      ];
      await replaceOfficers(
        tx,
        info.tenantId,
        officers.map(([board, title, name, userId]) => ({
          board,
          title,
          name,
          userId,
          phone: null,
          periodStart: '2024-01-01',
          periodEnd: '2028-12-31',
        })),
        { keepExisting: true },
      );
      await audit(tx, ctx, {
        action: 'tenant.update',
        entity: 'tenant',
        entityId: info.tenantId,
        after: { seed: 'demo', officers: officers.length },
      });
    });
  },
});
