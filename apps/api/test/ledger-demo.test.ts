/**
 * The demo cooperative's ledger data: an opening journal on 1 January, months
 * of realistic journals up to today, adjustment journals, a cancelled journal,
 * and statements that balance.
 */
import { describe, expect, it } from 'vitest';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { seedLedgerDemo } from '../src/modules/ledger/demo.ts';
import { data, ledgerTenant } from './ledger-helpers.ts';

describe('demo ledger', () => {
  it('seeds opening balances and monthly journals whose statements balance', async () => {
    const t = await ledgerTenant();
    await seedLedgerDemo(t.app.db, t.ctx, { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'Demo', demo: true });
    const year = todayJakarta().slice(0, 4);
    const opening = data(await t.admin.get('/api/journal/v2/datatable', { sourceModule: 'OPENING' }));
    expect(opening.content).toEqual([
      expect.objectContaining({ date: `${year}-01-01`, number: `JU/${year}/000001`, totalAmount: 1_231_500_000 }),
    ]);
    const all = data(await t.admin.get('/api/journal/v2/datatable', { limit: 1 }));
    expect(all.totalElements).toBeGreaterThan(10);
    const adjustments = data(await t.admin.get('/api/journal-adjustment/v2/datatable'));
    expect(adjustments.totalElements).toBeGreaterThan(0);
    const cancelled = data(await t.admin.get('/api/journal/v2/datatable', { status: 'CANCELLED' }));
    expect(cancelled.totalElements).toBe(1);
    const bs = data(await t.admin.get('/api/report/v2/balance-sheet'));
    expect(bs.balanced).toBe(true);
    expect(bs.totalAssets).toBeGreaterThan(800_000_000);
    const pl = data(await t.admin.get('/api/report/v2/profit-and-loss'));
    expect(pl.totalExpense).toBeGreaterThan(0);
    expect(pl.totalIncome).toBeGreaterThan(0);
    expect(pl.surplus).toBe(bs.currentYearResult);
    const tb = data(await t.admin.get('/api/report/balance-sheet-review', { start: `${year}-01-01`, end: todayJakarta() }));
    expect(tb.balanced).toBe(true);
    // Cash never goes negative in the demo.
    const cash = data(await t.admin.get('/api/coa/101/search-by-parent'));
    for (const a of cash) expect(a.balance, a.code).toBeGreaterThanOrEqual(0);
  });
});
