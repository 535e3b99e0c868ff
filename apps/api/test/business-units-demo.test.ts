/**
 * The demo store (business-units.seed.ts): seeded into a cooperative with members, it creates the unit with its
 * eight accounts owned by it, every kind of transaction, members' debts equal to the receivable account, and the
 * unit screens' calls answer with data; seeding again adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { seedBusinessUnitsDemo } from '../src/modules/business-units/business-units.seed.ts';
import { data, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

describe('demo business unit', () => {
  it('seeds a store with accounts, sales, credit sales as member debts, a purchase and payments', async () => {
    const t = await ledgerTenant();
    const p = await defaultProducts(t.tenantId);
    for (let i = 0; i < 5; i++) {
      const m = await createActiveMember(t.admin);
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 500_000,
      });
    }
    const info = { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'Uji', demo: true };
    await seedBusinessUnitsDemo(t.app.db, t.ctx, info);
    await seedBusinessUnitsDemo(t.app.db, t.ctx, info);

    const units = data(await t.admin.get('/api/business-unit/datatable')).content;
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ name: 'Toko Koperasi Sejahtera', type: 'TOKO', status: 'ACTIVE', ownAccountCount: 8 });
    expect(units[0].accounts.cashAccountId).toMatchObject({ code: '10106', name: 'Kas Toko' });
    const kinds = data(await t.admin.get('/api/transaction-business-unit/datatable-detail', { limit: 50 })).content.map(
      (r: { kind: string }) => r.kind,
    );
    for (const k of ['PURCHASE_CREDIT', 'SALE_CASH', 'SALE_CREDIT', 'PAYABLE_PAYMENT', 'EXPENSE', 'STOCK_LOSS', 'DEBT_PAYMENT']) {
      expect(kinds).toContain(k);
    }
    const debts = data(await t.admin.get('/api/transaction-business-unit/datatable-summary'));
    // 320 + 175 + 90 + 260 thousand sold on credit, 120 paid in cash and 50 from savings.
    expect(debts).toMatchObject({ totalElements: 4, totalDebt: 845_000 - 170_000 });
    const receivable = await t.tx((tx) =>
      tx.one<{ b: string }>(
        `SELECT coalesce(sum(l.debit - l.credit), 0)::text AS b FROM journal_line l JOIN coa_account c ON c.id = l.account_id WHERE c.code = '10208'`,
      ),
    );
    expect(Number(receivable!.b)).toBe(675_000);
    const cash = data(await t.admin.get(`/api/coa/${units[0].cashAccountId}/detail`));
    expect(cash).toMatchObject({ cashKind: 'CASH', businessUnitId: units[0].id });
    expect(data(await t.admin.get('/api/report/debt')).totalDebt).toBe(675_000);
    expect(data(await t.admin.get('/api/report/journal-transaction-business-unit')).totalElements).toBeGreaterThanOrEqual(12);
    await assertReconciled(t.tenantId);
  });
});
