/**
 * Demo data: a term deposit product "Simpanan Berjangka" (rates for 1, 3, 6,
 * 12 and 24 months) and a few placements of demo members from cash, so the
 * deposit screens have something real to show; the first started a month
 * ago (a month of interest to release).
 */
import type { ProductCreate } from '@koperasi/contracts';
import { addMonthsSameDay } from '@koperasi/finance/deposit';
import type { Db } from '../../db/db.ts';
import { type Ctx, systemCtx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { defaultGl } from '../products/products.seed.ts';
import { createProductTx } from '../products/products.service.ts';
import type { TenantSeedInfo } from '../types.ts';
import { openDepositTx } from './deposits.service.ts';

export async function seedDepositsDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const admin = systemCtx(db, info.tenantId, { userId: info.adminUserId, requestId: 'demo-seed' });
  await db.tenant(info.tenantId, async (tx) => {
    const existing = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM product WHERE tenant_id = app_tenant() AND kind = 'SAVING_DEPOSIT'`,
    );
    if (existing && existing.n > 0) return;
    const product = await createProductTx(tx, admin, {
      kind: 'SAVING_DEPOSIT',
      code: 'SB',
      name: 'Simpanan Berjangka',
      description: 'Deposito anggota: bunga dibayar setiap bulan pada tanggal penempatan, pajak sesuai PP 15/2009.',
      rate1Month: 4.5,
      rate3Month: 5,
      rate6Month: 5.5,
      rate12Month: 6,
      rate24Month: 6.5,
      minDeposit: 1000000,
      maxDeposit: 2000000000,
      earlyWithdrawalPenalty: 1,
      penaltyBasis: 'PRINCIPAL',
      dayCount: 'MONTHLY',
      taxFreeInterestAmount: 240000,
      interestTax: 10,
      breakNeedsApproval: true,
      autoRollover: true,
      rolloverType: 'PRINCIPAL',
      effectiveDate: '2020-01-01',
      glAccounts: await defaultGl(tx, 'SAVING_DEPOSIT', null),
    } as ProductCreate);
    const members = await tx.query<{ id: string }>(
      `SELECT id FROM member WHERE tenant_id = app_tenant() AND member_type = 'MEMBER' AND status = 'ACTIVE' ORDER BY cif_number LIMIT 4`,
    );
    const plan = [
      { amount: 25000000, tenor: 12 },
      { amount: 60000000, tenor: 6 },
      { amount: 10000000, tenor: 3 },
      { amount: 5000000, tenor: 1 },
    ];
    const placed: string[] = [];
    for (const [i, m] of members.entries()) {
      const r = (await openDepositTx(tx, admin, { memberId: m.id, productId: (product as { id: string }).id, ...plan[i] })) as {
        deposit: { id: string };
      };
      placed.push(r.deposit.id);
    }
    // The first one started a month ago, so the release screen has a month of interest to release (to the interest
    // holding account, then to pay out). Its placement journal stays today's: the books reconcile all the same.
    if (placed[0]) {
      const start = addMonthsSameDay(todayJakarta(), -1);
      await tx.exec(
        `UPDATE deposit SET start_date = $2, placed_date = $2, paid_through = $2, maturity_date = ($2::date + make_interval(months => tenor))::date
         WHERE tenant_id = app_tenant() AND id = $1`,
        [placed[0], start],
      );
    }
  });
}
