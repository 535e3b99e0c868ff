import { defineModule } from '../types.ts';
import { registerLoanHooks } from './loans.home.ts';
import { loanHomeRoutes } from './loans.home-routes.ts';
import { cleanOrphanPhotos } from './loans.photos.ts';
import { loanRoutes } from './loans.routes.ts';
import { seedLoansDemo } from './loans.seed.ts';

/**
 * Loans (Pinjaman): applications, approval, release, schedules, payments,
 * fines, restructuring, reads and the dashboard's loan widgets. Opens LOAN
 * products through request-open-product-member (savings' opener registry) and
 * plugs into members (summary, exit) and products (usage). docs/loans.md.
 */
registerLoanHooks();

export default defineModule({
  name: 'loans',
  order: 45,
  async routes(app) {
    await loanRoutes(app);
    await loanHomeRoutes(app);
  },
  seedDemo: seedLoansDemo,
  // Collateral photos uploaded but never saved on a collateral: deleted daily at 02:30 local time.
  async startJobs(app, runner) {
    await runner.daily('loans.photo-cleanup', { hour: 2, minute: 30 }, async (tenantId) => {
      await cleanOrphanPhotos(app.db, app.storage, tenantId);
    });
  },
});
