import { defineModule } from '../types.ts';
import { seedLedgerDemo } from './demo.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { numberAllPending } from './posting.ts';

/** General ledger: posting engine (posting.ts), journals, closing the books. Seeds run after the chart of accounts (coa, order 10). */
export default defineModule({
  name: 'ledger',
  order: 11,
  routes: ledgerRoutes,
  seedDemo: seedLedgerDemo,
  // Journals posted with numberAfterCommit get their numbers within a second even when nobody reads them.
  startJobs: async (app, runner) => {
    await runner.every('ledger.number', 1, async () => {
      await numberAllPending(app.db);
    });
  },
});
