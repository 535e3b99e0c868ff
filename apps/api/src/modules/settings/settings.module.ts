import { audit } from '../../lib/audit.ts';
import { defineModule } from '../types.ts';
import { seedCollectability } from './collectability.ts';
import { settingsRoutes } from './settings.routes.ts';

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
      await tx.exec(
        `UPDATE tenant SET legal_entity_number = COALESCE(legal_entity_number, 'AHU-0001234.AH.01.26.TAHUN 2019'),
                legal_entity_date = COALESCE(legal_entity_date, DATE '2019-03-14'),
                cooperative_number = COALESCE(cooperative_number, '3471020010001'),
                address = COALESCE(address, 'Jl. Malioboro No. 12'), city = COALESCE(city, 'Yogyakarta'),
                province = COALESCE(province, 'DI Yogyakarta'), postal_code = COALESCE(postal_code, '55271')
         WHERE tenant_id = $1`,
        [info.tenantId],
      );
      const officers: Array<[string, string, string, string | null]> = [
        ['PENGURUS', 'KETUA', 'Admin Demo', info.adminUserId],
        ['PENGURUS', 'SEKERTARIS', 'Dewi Lestari', null],
        ['PENGURUS', 'BENDAHARA', 'Agus Prasetyo', null],
        ['PENGAWAS', 'KETUA', 'Hendra Wijaya', null],
        ['PENGAWAS', 'PENGAWAS', 'Rina Marlina', null],
      ];
      let order = 0;
      for (const [board, title, name, userId] of officers) {
        await tx.exec(
          `INSERT INTO tenant_officer (tenant_id, board, title, name, user_id, period_start, period_end, sort_order)
           VALUES ($1, $2, $3, $4, $5, DATE '2024-01-01', DATE '2028-12-31', $6)`,
          [info.tenantId, board, title, name, userId, order++],
        );
      }
      await audit(tx, ctx, {
        action: 'tenant.update',
        entity: 'tenant',
        entityId: info.tenantId,
        after: { seed: 'demo', officers: officers.length },
      });
    });
  },
});
