import { defineModule } from '../types.ts';
import { savingHomeRoutes } from './savings.home-routes.ts';
import { registerSavingsHooks } from './savings.hooks.ts';
import { savingRoutes } from './savings.routes.ts';
import { seedSavingsDemo } from './savings.seed.ts';

/**
 * Savings (Transaksi Anggota): member saving and equity accounts, their
 * movements posted to the ledger, flags, lists, receipts, requests waiting
 * for approval, the dashboard's saving widgets. Plugs into members (summary,
 * approval, exit) and products (usage) at load. docs/savings.md.
 */
registerSavingsHooks();

export default defineModule({
  name: 'savings',
  order: 41,
  async routes(app) {
    await savingRoutes(app);
    await savingHomeRoutes(app);
  },
  seedDemo: seedSavingsDemo,
});
