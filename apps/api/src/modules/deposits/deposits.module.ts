import type { Dec } from '@koperasi/finance';
import { ZERO } from '@koperasi/finance';
import { registerExitCheck, registerMemberSummary } from '../members/members.registry.ts';
import { registerProductUsage } from '../products/products.repo.ts';
import { registerOpenHandler } from '../savings/savings.accounts.ts';
import { registerSavingLoanSummary } from '../savings/savings.home.ts';
import { defineModule } from '../types.ts';
import { startDepositJobs } from './deposits.accrual.ts';
import { depositsSummary } from './deposits.home.ts';
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

registerProductUsage('deposits', async (tx, productIds) => {
  const rows = await tx.query<{ product_id: string; n: number; balance: Dec }>(
    `SELECT product_id, count(*)::int AS n, coalesce(sum(principal), 0) AS balance FROM deposit
     WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) AND status IN ('ACTIVE', 'MATURED') GROUP BY product_id`,
    [`{${productIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: r.balance }]));
});

registerMemberSummary('deposits', async (tx, _ctx, member) => {
  const r = await tx.one<{ n: number; amount: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(principal), 0) AS amount FROM deposit
     WHERE tenant_id = app_tenant() AND member_id = $1 AND status IN ('ACTIVE', 'MATURED')`,
    [member.id],
  );
  return { countDeposit: r?.n ?? 0, amountDeposit: r?.amount ?? ZERO };
});

// A member with a running or matured deposit cannot exit until it is withdrawn or broken.
registerExitCheck('deposits', async (tx, _ctx, member) => {
  const rows = await tx.query<{ id: string; account_number: string; product_name: string; principal: Dec }>(
    `SELECT d.id, d.account_number, p.name AS product_name, d.principal FROM deposit d JOIN product p ON p.tenant_id = d.tenant_id AND p.id = d.product_id
     WHERE d.tenant_id = app_tenant() AND d.member_id = $1 AND d.status IN ('ACTIVE', 'MATURED') ORDER BY d.account_number`,
    [member.id],
  );
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
    await tx.exec(
      `INSERT INTO coa_account (tenant_id, code, name, type, normal_balance, is_postable, system_key, parent_id)
       SELECT p.tenant_id, x.code, x.name, 'LIABILITY', 'CREDIT', true, x.key, p.id
       FROM coa_account p
       CROSS JOIN (VALUES ('20213', 'Penampung Pokok Simpanan Berjangka', 'DEPOSIT_HOLDING_PRINCIPAL'),
                          ('20214', 'Penampung Bunga Simpanan Berjangka', 'DEPOSIT_HOLDING_INTEREST')) AS x(code, name, key)
       WHERE p.tenant_id = $1 AND p.code = '202'
         AND NOT EXISTS (SELECT 1 FROM coa_account c WHERE c.tenant_id = p.tenant_id AND (c.code = x.code OR c.system_key = x.key))`,
      [info.tenantId],
    );
  },
  seedDemo: seedDepositsDemo,
});
