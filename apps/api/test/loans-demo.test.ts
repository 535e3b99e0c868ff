/**
 * The demo cooperative's loans: every module's demo data in order (as the
 * first start does), then loans in every state and the books reconciled
 * (the loan receivable = the running loans' remaining principal).
 */
import { describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { loadModules } from '../src/modules/index.ts';
import { body, newTenant } from './helpers.ts';
import './loans-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

describe('loans demo data', () => {
  it('gives the loan screens content and keeps the books balanced', { timeout: 300_000 }, async () => {
    const t = await newTenant({ name: 'Koperasi Demo Pinjaman' });
    const info = { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'Koperasi Demo Pinjaman', demo: false };
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, requestId: 'demo-seed' });
    for (const m of await loadModules()) if (m.seedDemo) await m.seedDemo(t.app.db, ctx, info);
    const list = body<any>(await t.admin.get('/api/transaction/product/loan/datatable', { limit: 100 })).data;
    const statuses = new Set(list.content.map((l: any) => l.status));
    expect([...statuses].sort()).toEqual(['APPROVED', 'PAID_OFF', 'REJECTED', 'RUNNING', 'WAITING_APPROVAL']);
    expect(body<any>(await t.admin.get('/api/home/unpaid-loan')).data.totalElements).toBeGreaterThan(0);
    expect(body<any>(await t.admin.get('/api/home/request-loan-online')).data.totalElements).toBe(1);
    await assertReconciled(t.tenantId);
  });
});
