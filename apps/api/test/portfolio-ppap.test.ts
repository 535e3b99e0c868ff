/**
 * Loan loss provision (PPAP) against hand-computed figures (fixture in
 * portfolio-fixtures.ts; default percents LANCAR 0.5, KURANG LANCAR 10,
 * DIRAGUKAN 50, MACET 100):
 * - 2026-03-31: A 0 days LANCAR 10.000.000 -> 50.000; B 49 days (02-10 ->
 *   03-31) KURANG LANCAR 12.000.000 -> 1.200.000; total 1.250.000: top-up
 *   Dr Beban Penyisihan Piutang / Cr Penyisihan Piutang 1.250.000.
 * - 2026-05-31: A 51 days (04-10) KL 10.000.000 -> 1.000.000; B 110 days
 *   DIRAGUKAN 12.000.000 -> 6.000.000; C LANCAR 12.000.000 -> 60.000; total
 *   7.060.000, allowance 1.250.000 -> top-up 5.810.000.
 * - 2026-06-30: A 81 KL, B 140 D, C 29 LANCAR: 7.060.000 again -> nothing posted.
 * - 2026-07-31 with DIRAGUKAN at 25 %: A 112 D, B 171 D (22.000.000 x 25 % =
 *   5.500.000), C 60 days KL 12.000.000 -> 1.200.000; total 6.700.000 ->
 *   release 360.000 (Dr allowance / Cr expense).
 */
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { data, portfolioFixture } from './portfolio-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

describe('loan loss provision (PPAP)', () => {
  it('computes, posts once a month (top-up, nothing, release), refuses out of order and cancels by reversal', async () => {
    const { s, a, b } = await portfolioFixture();
    const admin = s.t.admin;
    const march = data(await admin.get('/api/report/loan/ppap', { date: '2026-03-31' }));
    expect(march.grades).toEqual([
      { grade: 'LANCAR', percent: 0.5, loanCount: 1, outstanding: 10_000_000, provision: 50_000 },
      { grade: 'KURANG LANCAR', percent: 10, loanCount: 1, outstanding: 12_000_000, provision: 1_200_000 },
      { grade: 'DIRAGUKAN', percent: 50, loanCount: 0, outstanding: 0, provision: 0 },
      { grade: 'MACET', percent: 100, loanCount: 0, outstanding: 0, provision: 0 },
    ]);
    expect(march.total).toEqual({ loanCount: 2, outstanding: 22_000_000, provision: 1_250_000 });
    expect(march).toMatchObject({ allowanceBalance: 0, difference: 1_250_000 });
    expect(march.loans.find((l: any) => l.loanId === b.id)).toMatchObject({
      daysLate: 49,
      collectability: 'KURANG LANCAR',
      provision: 1_200_000,
    });

    const p3 = data(await admin.post('/api/loan/ppap', { period: '2026-03' }));
    expect(p3).toMatchObject({
      period: '2026-03',
      asOf: '2026-03-31',
      required: 1_250_000,
      balanceBefore: 0,
      amount: 1_250_000,
      direction: 'TOP_UP',
    });
    expect((await ledgerBalance(s.t.tenantId, '10205')).toNumber()).toBe(1_250_000);
    expect((await ledgerBalance(s.t.tenantId, '50207')).toNumber()).toBe(1_250_000);
    const j = data(await admin.get(`/api/journal/${p3.journalId}/detail`));
    expect(j).toMatchObject({ date: '2026-03-31', isAdjustment: true });
    expect(j.lines.map((l: any) => [l.coaCode, Number(l.debit), Number(l.credit)])).toEqual([
      ['50207', 1_250_000, 0],
      ['10205', 0, 1_250_000],
    ]);

    // Exactly once per month.
    const again = await admin.post('/api/loan/ppap', { period: '2026-03' });
    expect(again.statusCode).toBe(409);
    expect(body(again).errorCode).toBe('PROVISION_ALREADY_POSTED');

    const p5 = data(await admin.post('/api/loan/ppap', { period: '2026-05' }));
    expect(p5).toMatchObject({ required: 7_060_000, balanceBefore: 1_250_000, amount: 5_810_000, direction: 'TOP_UP' });
    expect((await ledgerBalance(s.t.tenantId, '10205')).toNumber()).toBe(7_060_000);
    expect(body(await admin.post('/api/loan/ppap', { period: '2026-04' })).errorCode).toBe('PROVISION_LATER_POSTED');
    expect(body(await admin.post(`/api/loan/ppap/${p3.id}/cancel`, { reason: 'salah' })).errorCode).toBe('PROVISION_NOT_LATEST');

    // Cancel the latest: the reversal brings the allowance back; the month may be posted again.
    const c5 = data(await admin.post(`/api/loan/ppap/${p5.id}/cancel`, { reason: 'Koreksi data tunggakan' }));
    expect(c5).toMatchObject({ status: 'CANCELLED', cancelReason: 'Koreksi data tunggakan' });
    expect(c5.reversalJournalId).toBeTruthy();
    expect((await ledgerBalance(s.t.tenantId, '10205')).toNumber()).toBe(1_250_000);
    expect(data(await admin.post('/api/loan/ppap', { period: '2026-05' }))).toMatchObject({ amount: 5_810_000 });

    const p6 = data(await admin.post('/api/loan/ppap', { period: '2026-06' }));
    expect(p6).toMatchObject({ required: 7_060_000, amount: 0, direction: 'NONE', journalId: null });

    const pct = await admin.patch('/api/tenant/collectability', { items: [{ grade: 'DIRAGUKAN', allowancePercent: 25 }] });
    expect(pct.statusCode, pct.body).toBe(200);
    const p7 = data(await admin.post('/api/loan/ppap', { period: '2026-07' }));
    expect(p7).toMatchObject({ required: 6_700_000, balanceBefore: 7_060_000, amount: -360_000, direction: 'RELEASE' });
    expect((await ledgerBalance(s.t.tenantId, '10205')).toNumber()).toBe(6_700_000);
    expect((await ledgerBalance(s.t.tenantId, '50207')).toNumber()).toBe(6_700_000);

    const list = data(await admin.get('/api/loan/ppap'));
    expect(list.map((p: any) => [p.period, p.status])).toEqual([
      ['2026-07', 'POSTED'],
      ['2026-06', 'POSTED'],
      ['2026-05', 'POSTED'],
      ['2026-05', 'CANCELLED'],
      ['2026-03', 'POSTED'],
    ]);
    // Filters: product and branch narrow the figures (no difference shown for a part of the portfolio).
    const one = data(await admin.get('/api/report/loan/ppap', { date: '2026-03-31', productId: s.productId }));
    expect(one).toMatchObject({ difference: null, total: { provision: 1_250_000 } });
    expect(a.id).toBeTruthy();
    await assertReconciled(s.t.tenantId);
  });

  it('refuses a month not ended, a bad period, and answers Excel', async () => {
    const { s } = await portfolioFixture();
    const future = await s.t.admin.post('/api/loan/ppap', { period: '2099-01' });
    expect(future.statusCode).toBe(422);
    expect(body(future).errorCode).toBe('PERIOD_NOT_ENDED');
    const bad = await s.t.admin.post('/api/loan/ppap', { period: '2026-13' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).status).toBe(false);
    const x = await s.t.admin.get('/api/report/loan/ppap', { date: '2026-03-31', format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
  });
});
