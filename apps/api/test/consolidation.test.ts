/**
 * Consolidated interest release (/api/consolidation/*, docs/interest.md "Consolidation"): process gathers the
 * period's computed interest of every product and branch into one batch; review and datatable per member with
 * totals; update of one line with a reason (audited); release posts the lines once (the PP 15/2009 rule of
 * interest_tax_withhold), resumable; the refusals: consolidating twice, an overlapping period, update and cancel
 * after the release, a cancelled batch released. After every test the ledger balances and every control account
 * equals its sub-ledger (reconcile.ts).
 *
 * Fixture (interest-fixtures.ts): April 2026, HARIAN, 3 %: 5,753.42 per account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { aprilAccount, balanceOf, END, key, movementsOf, START, voluntaryProduct } from './interest-fixtures.ts';
import { createBranch, setConfig } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

async function setup() {
  const t = await newTenant();
  current = t;
  const branchA = await createBranch(t, 'Cabang Utara', 'UTR');
  const branchB = await createBranch(t, 'Cabang Selatan', 'SLT');
  const p1 = await voluntaryProduct(t, { monthlyAdminFee: 2500 });
  const p2 = await voluntaryProduct(t, { baseRate: 6 });
  const a1 = await aprilAccount(t, p1, { name: 'Ani Rahma', branchId: branchA });
  const a2 = await aprilAccount(t, p2, { memberId: a1.memberId });
  const b1 = await aprilAccount(t, p1, { name: 'Budi Santoso', branchId: branchB });
  return { t, p1, p2, a1, a2, b1, branchA, branchB };
}

const process = (t: TestTenant, b: Record<string, unknown> = {}) =>
  t.admin.post('/api/consolidation/process', { startDate: START, endDate: END, ...b }, key());

describe('process, review, datatable', () => {
  it('gathers every product and branch into one batch, per member with totals; consolidating twice is refused', async () => {
    const { t, a1, b1 } = await setup();
    const r = await process(t);
    expect(r.statusCode, r.body).toBe(200);
    const batch = body<any>(r).data;
    // 2 x 5,753.42 (3 %) + 11,506.85 (6 %: 140,000,000 x 6 % / 365 = 23,013.70 / 2 → 11,506.85)
    expect(batch).toMatchObject({ status: 'PROCESSED', lines: 3, members: 2, totalAdminFee: 5000 });
    expect(batch.totalGross).toBe(23013.69);

    const review = body<any>(await t.admin.get('/api/consolidation/review', { consolidationId: batch.id })).data;
    expect(review.byProduct).toHaveLength(2);
    expect(review.byBranch.map((b: any) => b.name).sort()).toEqual(['Cabang Selatan', 'Cabang Utara']);
    expect(review.totalTax).toBe(0);

    const dt = body<any>(await t.admin.get('/api/consolidation/datatable', { consolidationId: batch.id })).data;
    expect(dt.totalElements).toBe(2);
    const ani = dt.content.find((m: any) => m.memberId === a1.memberId);
    expect(ani).toMatchObject({ accounts: 2, branchName: 'Cabang Utara', adminFee: 2500 });
    expect(ani.gross).toBeCloseTo(5753.42 + 11506.85, 2);
    expect(dt.content.find((m: any) => m.memberId === b1.memberId)).toMatchObject({ accounts: 1, gross: 5753.42 });
    const x = await t.admin.get('/api/consolidation/datatable', { consolidationId: batch.id, format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');

    const twice = await process(t);
    expect([twice.statusCode, body(twice).errorCode]).toEqual([409, 'CONSOLIDATION_EXISTS']);
    const overlap = await process(t, { startDate: '2026-04-15', endDate: '2026-05-15' });
    expect([overlap.statusCode, body(overlap).errorCode]).toEqual([409, 'CONSOLIDATION_EXISTS']);
  });

  it('one branch only; an empty period, a future period and bad dates are refused', async () => {
    const { t, branchB, b1 } = await setup();
    const r = await process(t, { branchId: branchB });
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(await t.admin.get(`/api/consolidation/${body<any>(r).data.id}/detail`)).data;
    expect(d.details.map((l: any) => l.savingId)).toEqual([b1.savingId]);
    const empty = await process(t, { startDate: '2025-01-01', endDate: '2025-01-31' });
    expect([empty.statusCode, body(empty).errorCode]).toEqual([422, 'CONSOLIDATION_EMPTY']);
    const future = await process(t, { startDate: '2099-01-01', endDate: '2099-01-31' });
    expect([future.statusCode, body(future).errorCode]).toEqual([422, 'RELEASE_FUTURE']);
    const bad = await process(t, { startDate: '2026-04-30', endDate: '2026-04-01' });
    expect([bad.statusCode, body(bad).errorCode]).toEqual([422, 'PERIOD_INVALID']);
    const missing = await t.admin.post('/api/consolidation/process', { startDate: START }, key());
    expect(missing.statusCode).toBe(400);
  });
});

describe('update, release, cancel', () => {
  it('a line adjusted with a reason (audited) is released with its figure, once; update and cancel after the release are refused', async () => {
    const { t, a1, a2, b1 } = await setup();
    await setConfig(t, 'interestTax', { taxFreeAmount: 10000, ratePct: 10, basis: 'MEMBER' });
    const batch = body<any>(await process(t)).data;
    const detail = body<any>(await t.admin.get(`/api/consolidation/${batch.id}/detail`)).data;
    const line = detail.details.find((l: any) => l.savingId === b1.savingId);

    const noReason = await t.admin.post(`/api/consolidation/${line.id}/update`, { gross: 6000 }, key());
    expect(noReason.statusCode).toBe(400);
    const negative = await t.admin.post(`/api/consolidation/${line.id}/update`, { gross: -1, reason: 'x' }, key());
    expect(negative.statusCode).toBe(400);
    const u = await t.admin.post(`/api/consolidation/${line.id}/update`, { gross: 12000, reason: 'Koreksi saldo rata-rata' }, key());
    expect(u.statusCode, u.body).toBe(200);
    // 12,000 is above the tax-free 10,000: the whole 12,000 taxed at 10 % = 1,200 (estimated until released).
    expect(body<any>(u).data).toMatchObject({
      gross: 12000,
      computedGross: 5753.42,
      adjusted: true,
      reason: 'Koreksi saldo rata-rata',
      tax: 1200,
    });
    const one = body<any>(await t.admin.get(`/api/consolidation/${line.id}/detail`)).data;
    expect(one).toMatchObject({ id: line.id, gross: 12000, batch: { id: batch.id } });
    const db = await testDb();
    const log = await db.owner((tx) =>
      tx.one<{ before: any; after: any }>(
        `SELECT before, after FROM audit_log WHERE tenant_id = $1 AND action = 'interest.consolidation_update' AND entity_id = $2`,
        [t.tenantId, line.id],
      ),
    );
    expect(log!.before.gross).toBe(5753.42);
    expect(log!.after).toMatchObject({ gross: 12000, reason: 'Koreksi saldo rata-rata' });

    const rel = await t.admin.post(`/api/consolidation/${batch.id}/release`, { chunkSize: 2 });
    expect(rel.statusCode, rel.body).toBe(200);
    const released = body<any>(rel).data;
    expect(released).toMatchObject({ status: 'RELEASED', posted: 3, skipped: 0, releaseStatus: 'RELEASED' });
    // Budi: 3,000,000 + 12,000 - 1,200 tax - 2,500 admin fee.
    expect(await balanceOf(t, b1.savingId)).toBe('3008300.00');
    expect(await movementsOf(t, b1.savingId, END)).toEqual([
      { kind: 'TOPUP_INTEREST', activity: 'INTEREST', amount: '12000.00', status: 'POSTED' },
      { kind: 'WITHDRAW_TAX', activity: 'TAX', amount: '1200.00', status: 'POSTED' },
      { kind: 'WITHDRAW', activity: 'ADMIN_FEE', amount: '2500.00', status: 'POSTED' },
    ]);
    // Ani's two accounts share the month: 5,753.42 + 11,506.85 = 17,260.27, taxed 1,726.03 in all.
    const ani = await db.owner((tx) =>
      tx.one<{ gross: string; tax: string }>(
        `SELECT gross::text, tax::text FROM interest_tax_month WHERE tenant_id = $1 AND subject_id = $2 AND month = '2026-04-01'`,
        [t.tenantId, a1.memberId],
      ),
    );
    expect(ani).toEqual({ gross: '17260.27', tax: '1726.03' });
    expect(Number(await balanceOf(t, a1.savingId)) + Number(await balanceOf(t, a2.savingId))).toBeCloseTo(
      6_000_000 + 17260.27 - 1726.03 - 2500,
      2,
    );
    await assertReconciled(t.tenantId);

    // Twice: nothing more posted.
    const again = body<any>(await t.admin.post(`/api/consolidation/${batch.id}/release`, {})).data;
    expect(again).toMatchObject({ status: 'RELEASED', posted: 3 });
    expect(await balanceOf(t, b1.savingId)).toBe('3008300.00');
    // The ordinary release of the same period pays nobody again (once per account and period).
    const ordinary = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END });
    expect(body<any>(ordinary).data).toMatchObject({ accounts: 0 });

    const late = await t.admin.post(`/api/consolidation/${line.id}/update`, { gross: 1, reason: 'terlambat' }, key());
    expect([late.statusCode, body(late).errorCode]).toEqual([422, 'CONSOLIDATION_NOT_EDITABLE']);
    const cancel = await t.admin.post(`/api/consolidation/${batch.id}/cancel`, { reason: 'x' }, key());
    expect([cancel.statusCode, body(cancel).errorCode]).toEqual([422, 'CONSOLIDATION_NOT_CANCELLABLE']);

    const dt = body<any>(await t.admin.get('/api/consolidation/datatable', { consolidationId: batch.id })).data;
    expect(dt.content.find((m: any) => m.memberId === b1.memberId)).toMatchObject({ gross: 12000, tax: 1200, adminFee: 2500, net: 8300 });
    // The reports show it as a savings interest release; cancelling that release takes everything back.
    const rep = body<any>(await t.admin.get(`/api/report/release-interest/${released.releaseId}/detail`)).data;
    expect(rep.details).toHaveLength(3);
    const back = await t.admin.post(`/api/interest-simulation/${released.releaseId}/cancel-release`, { reason: 'Salah' }, key());
    expect(back.statusCode, back.body).toBe(200);
    expect(await balanceOf(t, b1.savingId)).toBe('3000000.00');
    expect(body<any>(await t.admin.get(`/api/consolidation/${batch.id}/detail`)).data.releaseStatus).toBe('CANCELLED');
  });

  it('cancel before the release; a cancelled batch is neither released nor cancelled again, and the period can be consolidated again', async () => {
    const { t, b1 } = await setup();
    const batch = body<any>(await process(t)).data;
    const c = await t.admin.post(`/api/consolidation/${batch.id}/cancel`, { reason: 'Periode salah' }, key());
    expect(c.statusCode, c.body).toBe(200);
    expect(body<any>(c).data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Periode salah' });
    const rel = await t.admin.post(`/api/consolidation/${batch.id}/release`, {});
    expect([rel.statusCode, body(rel).errorCode]).toEqual([409, 'CONSOLIDATION_CANCELLED']);
    const twice = await t.admin.post(`/api/consolidation/${batch.id}/cancel`, {}, key());
    expect([twice.statusCode, body(twice).errorCode]).toEqual([409, 'CONSOLIDATION_CANCELLED']);
    expect(await balanceOf(t, b1.savingId)).toBe('3000000.00');
    const again = await process(t);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a release killed after its first chunk resumes from the cursor, each account paid once', async () => {
    const { t } = await setup();
    const batch = body<any>(await process(t)).data;
    const { releaseBatch } = await import('../src/modules/consolidation/consolidation.service.ts');
    const { systemCtx } = await import('../src/lib/context.ts');
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    const kill = {
      afterChunk: () => {
        throw new Error('killed');
      },
    };
    await expect(releaseBatch(ctx, batch.id, 1, kill)).rejects.toThrow('killed');
    const mid = body<any>(await t.admin.get(`/api/consolidation/${batch.id}/detail`)).data;
    expect(mid).toMatchObject({ status: 'RELEASING', posted: 1 });
    await assertReconciled(t.tenantId);
    const done = body<any>(await t.admin.post(`/api/consolidation/${batch.id}/release`, { chunkSize: 1 })).data;
    expect(done).toMatchObject({ status: 'RELEASED', posted: 3, skipped: 0 });
    const db = await testDb();
    const n = await db.owner((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM saving_interest WHERE tenant_id = $1 AND status = 'POSTED'`, [t.tenantId]),
    );
    expect(n!.n).toBe(3);
  });

  it('permissions and another cooperative', async () => {
    const { t } = await setup();
    const batch = body<any>(await process(t)).data;
    const other = await newTenant();
    expect((await other.admin.get(`/api/consolidation/${batch.id}/detail`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/consolidation/${batch.id}/cancel`, {}, key())).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/api/consolidation/review' });
    expect(anon.statusCode).toBe(401);
  });
});
