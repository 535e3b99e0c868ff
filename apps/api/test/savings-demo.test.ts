/**
 * The demo cooperative's savings: every module's demo data in order (as the
 * first start does), then savings content on every screen and the ledger
 * still balanced and reconciled with the members' balances.
 */
import { describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { loadModules } from '../src/modules/index.ts';
import { body, newTenant } from './helpers.ts';
import { assertReconciled } from './reconcile.ts';

describe('savings demo data', () => {
  it('gives every savings screen content and keeps the books balanced', { timeout: 300_000 }, async () => {
    const t = await newTenant({ name: 'Koperasi Demo Uji' });
    const info = { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'Koperasi Demo Uji', demo: false };
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, requestId: 'demo-seed' });
    const started = Date.now();
    for (const m of await loadModules()) {
      if (!m.seedDemo) continue;
      const s0 = Date.now();
      await m.seedDemo(t.app.db, ctx, info);
      console.log(`seedDemo ${m.name}: ${((Date.now() - s0) / 1000).toFixed(1)} s`);
    }
    const seconds = (Date.now() - started) / 1000;
    const counts = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{
        accounts: number;
        movements: number;
        pending: number;
        requests: number;
        cancelled: number;
        closed: number;
        blocked: number;
      }>(
        `SELECT (SELECT count(*)::int FROM member_saving) AS accounts, (SELECT count(*)::int FROM member_transaction) AS movements,
                (SELECT count(*)::int FROM member_saving WHERE status = 'PENDING') AS pending,
                (SELECT count(*)::int FROM saving_request) AS requests,
                (SELECT count(*)::int FROM member_transaction WHERE status = 'CANCELLED') AS cancelled,
                (SELECT count(*)::int FROM member_saving WHERE status = 'CLOSED') AS closed,
                (SELECT count(*)::int FROM member_saving WHERE blocked_amount > 0) AS blocked`,
      ),
    );
    console.log(`demo savings: ${JSON.stringify(counts)} in ${seconds.toFixed(1)} s`);
    expect(counts!.accounts).toBeGreaterThan(300);
    expect(counts!.movements).toBeGreaterThan(1000);
    expect(counts).toMatchObject({ pending: 2, cancelled: 1, closed: 1, blocked: 1 });
    expect(counts!.requests).toBeGreaterThanOrEqual(3);

    const wajib = body<any>(await t.admin.get('/api/home/member-not-paid-wajib')).data;
    expect(wajib.totalElements).toBeGreaterThan(0);
    const pokok = body<any>(await t.admin.get('/api/home/member-not-paid-pokok')).data;
    expect(pokok.totalElements).toBeGreaterThan(0);
    const summary = body<any>(await t.admin.get('/api/home/saving-loan')).data.savings;
    expect(summary.totalEquity).toBeGreaterThan(0);
    expect(summary.trend.some((x: any) => x.deposits > 0)).toBe(true);
    const cashOut = body<any>(await t.admin.get('/api/home/request-cashing-out-online')).data;
    expect(cashOut.totalElements).toBeGreaterThan(0);
    const plans = body<any>(await t.admin.get('/api/report/saving-product/with-plan')).data;
    expect(plans.totalElements).toBeGreaterThan(0);
    const product = body<any>(await t.admin.get('/api/report/saving-product')).data;
    expect(product.reconciled).toBe(true);
    const bs = body<any>(await t.admin.get('/api/report/v2/balance-sheet')).data;
    expect(bs.balanced).toBe(true);
    await assertReconciled(t.tenantId);
  });
});
