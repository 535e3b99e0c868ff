import { registerExitCheck, registerMemberSummary } from '../members/members.registry.ts';
import { registerProductUsage } from '../products/products.repo.ts';
import { registerOpenHandler } from '../savings/savings.accounts.ts';
import { registerSavingLoanSummary } from '../savings/savings.home.ts';
import { defineModule } from '../types.ts';
import { startDepositJobs } from './deposits.accrual.ts';
import { depositsSummary } from './deposits.home.ts';
import { depositUsage, memberDeposits, openDepositsOf, seedHoldingAccounts } from './deposits.hooks.repo.ts';
import { depositRoutes } from './deposits.routes.ts';
import { seedDepositsDemo } from './deposits.seed.ts';
import { openDepositTx } from './deposits.service.ts';

/**
 * Term deposits (simpanan berjangka, deposito): placement through
 * request-open-product-member, the monthly interest release with the PP
 * 15/2009 tax rule, maturity (rollover or withdrawal), early break, reports.
 * Plugs into savings (opener), products (usage), members (summary, exit).
 * docs/deposits.md.
 */
registerOpenHandler('SAVING_DEPOSIT', openDepositTx);

// The dashboard savings summary (GET /api/home/saving-loan) includes the deposits (key `deposits`).
registerSavingLoanSummary('deposits', depositsSummary);

registerProductUsage('deposits', (tx, productIds) => depositUsage(tx, productIds));

registerMemberSummary('deposits', (tx, _ctx, member) => memberDeposits(tx, member.id));

// A member with a running or matured deposit cannot exit until it is withdrawn or broken.
registerExitCheck('deposits', async (tx, _ctx, member) => {
  const rows = await openDepositsOf(tx, member.id);
  return {
    blocking: rows.map((r) => ({ kind: 'DEPOSIT', id: r.id, label: `${r.product_name} ${r.account_number}`, amount: r.principal })),
  };
});

export default defineModule({
  name: 'deposits',
  order: 42,
  routes: depositRoutes,
  startJobs: (app, runner) => startDepositJobs(app, runner),
  async seedTenant(tx, _ctx, info) {
    // The holding accounts (penampung pokok / bunga) of the default chart; migration 0600 added them to existing cooperatives.
    await seedHoldingAccounts(tx, info.tenantId);
  },
  seedDemo: seedDepositsDemo,
});
