/**
 * SHU through the API: settings validation, the calculation of a closed year against a hand-computed fixture,
 * distribution once (savings credited, journals posted), cancellation (everything reversed), permissions and
 * tenancy. After each money step the ledger balances and every savings control account equals its sub-ledger.
 *
 * Fixture (fiscal year 2025, 365 days): income 10.000.000 − expenses 2.000.000 = SHU 8.000.000.
 * Shares 40/20/25/5/5/2,5/2,5/0 → jasa modal 1.600.000, jasa usaha 2.000.000, reserve 3.200.000.
 *  Equity (pokok + wajib) at 31-12-2025: A 400.000, B 300.000, C 200.000 (A's wajib paid in 2026 does not count).
 *   A 1.600.000 × 4/9 = 711.111,11 → 711.111; B × 3/9 = 533.333; C × 2/9 = 355.555; remainder 1 → reserve.
 *  Jasa usaha basis: average daily voluntary savings: A 1.000.000 from 02-07 (183 days) = 501.369,86;
 *   B 1.000.000 all year = 1.000.000; total 1.501.369,86.
 *   A 2.000.000 × 501.369,86 / 1.501.369,86 = 667.883,9 → 667.883; B 1.332.116,1 → 1.332.116; remainder 1 → reserve.
 *  Gross A 1.378.994, B 1.865.449, C 355.555; tax 10%: 137.899, 186.545, 35.556; net 1.241.095, 1.678.904, 319.999.
 *  Reserve 3.200.000 + 2 = 3.200.002.
 */
import { dec } from '@koperasi/finance';
import { afterEach, describe, expect, it } from 'vitest';
import { distributeChunk, shuTuning, startDistribution } from '../src/modules/shu/shu.distribution.ts';
import { body } from './helpers.ts';
import { data, ledgerTenant, roleUser } from './ledger-helpers.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';
import { balanceOf, closeYear, fixture, SHARES, saveSettings, shuJournalCount, Y } from './shu-fixtures.ts';

describe('SHU settings', () => {
  it('answers defaults, refuses shares not totalling 100 with the message, refuses unknown accounts, saves and audits', async () => {
    const t = await ledgerTenant();
    const def = data(await t.admin.get('/api/shu/settings', { year: Y }));
    expect(def).toMatchObject({ year: Y, saved: false, sharesTotal: 100, taxPercent: 10, equityBasis: 'YEAR_END_BALANCE' });
    expect(def.accounts.MEMBER_PAYABLE).toBe(t.acc['20208']);

    const bad = await saveSettings(t, { shares: { ...SHARES, RESERVE: 39 } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      errorCode: 'SHU_SHARES_NOT_100',
      message: 'Total persentase pembagian SHU harus tepat 100% (sekarang 99%)',
    });
    const badEn = await t.admin.post('/api/shu/settings', { year: Y, shares: { ...SHARES, OTHER: 0.5 } }, { 'accept-language': 'en' });
    expect(body(badEn).message).toBe('The SHU allocation shares must total exactly 100% (now 100.5%)');

    const header = await saveSettings(t, { accounts: { RESERVE: t.acc['303'] } });
    expect(body(header)).toMatchObject({ code: 422, errorCode: 'SHU_ACCOUNT_INVALID' });
    const other = await ledgerTenant();
    const foreign = await saveSettings(t, { escrowCoaId: other.acc['20209'] });
    expect(body(foreign)).toMatchObject({ code: 422, errorCode: 'SHU_ACCOUNT_INVALID' });

    const okRes = await saveSettings(t, { taxPercent: 15, escrowCoaId: t.acc['20209'] });
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(body(okRes).message).toBe(`Pengaturan SHU tahun ${Y} berhasil disimpan`);
    expect(data(await t.admin.get('/api/shu/settings', { year: Y }))).toMatchObject({
      saved: true,
      taxPercent: 15,
      escrowCoaId: t.acc['20209'],
    });
    const audits = await t.tx((tx) => tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'shu_setting'`));
    expect(audits.map((r) => r.action)).toEqual(['shu.settings_create']);
  }, 120_000);
});

describe('SHU calculation, distribution and cancellation', () => {
  it('computes the fixture, distributes once, cancels, keeping the books reconciled', async () => {
    const { t, a, b, c, va, vb } = await fixture();
    expect((await saveSettings(t)).statusCode).toBe(200);

    const early = await t.admin.post('/api/shu/calculate', { year: Y });
    expect(body(early)).toMatchObject({ code: 422, errorCode: 'SHU_YEAR_NOT_CLOSED' });
    await closeYear(t);

    expect((await saveSettings(t)).statusCode).toBe(200);

    const calc = await t.admin.post('/api/shu/calculate', { year: Y });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(data(calc)).toMatchObject({
      status: 'CALCULATED',
      surplus: 8_000_000,
      memberCount: 3,
      allocations: {
        RESERVE: 3_200_002,
        MEMBER_EQUITY: 1_599_999,
        MEMBER_TRANSACTION: 1_999_999,
        MANAGEMENT: 400_000,
        EMPLOYEE: 400_000,
        EDUCATION: 200_000,
        SOCIAL: 200_000,
        OTHER: 0,
      },
      remainderToReserve: 2,
      totals: { equityBasis: 900_000, transactionBasis: 1_501_369.86, gross: 3_599_998, tax: 360_000, net: 3_239_998 },
    });
    const list = data(await t.admin.get('/api/shu/calculation/members', { year: Y, limit: 10 }));
    expect(list.totalElements).toBe(3);
    const by = Object.fromEntries(list.content.map((m: any) => [m.memberId, m]));
    expect(by[a.id]).toMatchObject({
      equityBasis: 400_000,
      transactionBasis: 501_369.86,
      equityShare: 711_111,
      transactionShare: 667_883,
      gross: 1_378_994,
      tax: 137_899,
      net: 1_241_095,
    });
    expect(by[b.id]).toMatchObject({
      equityBasis: 300_000,
      transactionBasis: 1_000_000,
      equityShare: 533_333,
      transactionShare: 1_332_116,
      net: 1_678_904,
    });
    expect(by[c.id]).toMatchObject({ equityBasis: 200_000, transactionBasis: 0, gross: 355_555, tax: 35_556, net: 319_999 });
    const searched = data(await t.admin.get('/api/shu/calculation/members', { year: Y, search: 'budi' }));
    expect(searched.content.map((m: any) => m.memberId)).toEqual([b.id]);
    const xlsx = await t.admin.get('/api/shu/calculation/members', { year: Y, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    // Distribute: twice posts once.
    const before = { a: await balanceOf(t, va.id), b: await balanceOf(t, vb.id) };
    const d1 = await t.admin.post('/api/shu/distribute', { year: Y });
    expect(d1.statusCode, d1.body).toBe(200);
    expect(data(d1)).toMatchObject({ status: 'DISTRIBUTED', payout: 'SAVINGS' });
    const journals = await shuJournalCount(t);
    expect(journals).toBe(2); // the allocation journal and one chunk
    const d2 = await t.admin.post('/api/shu/distribute', { year: Y });
    expect(data(d2)).toMatchObject({ status: 'DISTRIBUTED' });
    expect(await shuJournalCount(t)).toBe(journals);
    expect(await balanceOf(t, va.id)).toBe(dec(before.a).plus(1_241_095).toFixed(2));
    expect(await balanceOf(t, vb.id)).toBe(dec(before.b).plus(1_678_904).toFixed(2));
    expect((await ledgerBalance(t.tenantId, '30501')).toNumber()).toBe(0);
    expect((await ledgerBalance(t.tenantId, '30301')).toNumber()).toBe(3_200_002);
    expect((await ledgerBalance(t.tenantId, '20203')).toNumber()).toBe(400_000);
    expect((await ledgerBalance(t.tenantId, '20208')).toNumber()).toBe(319_999); // C has no voluntary savings: payable
    expect((await ledgerBalance(t.tenantId, '20202')).toNumber()).toBe(360_000);
    await assertReconciled(t.tenantId);
    const members = data(await t.admin.get('/api/shu/calculation/members', { year: Y }));
    expect(Object.fromEntries(members.content.map((m: any) => [m.memberId, m.status]))).toEqual({
      [a.id]: 'CREDITED',
      [b.id]: 'CREDITED',
      [c.id]: 'PAYABLE',
    });
    const slip = data(await t.admin.get(`/api/shu/slip/${a.id}`, { year: Y }));
    expect(slip).toMatchObject({
      year: Y,
      memberName: 'Ani Lestari',
      net: 1_241_095,
      status: 'CREDITED',
      netInWords: expect.stringMatching(/^Satu juta/),
    });
    const rep = await t.admin.get('/api/report/shu', { year: Y });
    expect(data(rep).allocationRows).toHaveLength(8);
    expect((await t.admin.get('/api/report/shu', { year: Y, format: 'xlsx' })).statusCode).toBe(200);
    expect(body(await t.admin.post('/api/shu/calculate', { year: Y }))).toMatchObject({ code: 409, errorCode: 'SHU_ALREADY_DISTRIBUTED' });
    expect(body(await saveSettings(t))).toMatchObject({ code: 409, errorCode: 'SHU_SETTINGS_LOCKED' });

    // Cancel: every share taken back, every journal reversed.
    const cancel = await t.admin.post('/api/shu/cancel', { year: Y, reason: 'Salah dasar perhitungan' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(data(cancel)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Salah dasar perhitungan' });
    expect(await balanceOf(t, va.id)).toBe(dec(before.a).toFixed(2));
    expect(await balanceOf(t, vb.id)).toBe(dec(before.b).toFixed(2));
    expect((await ledgerBalance(t.tenantId, '30501')).toNumber()).toBe(8_000_000);
    expect((await ledgerBalance(t.tenantId, '20208')).toNumber()).toBe(0);
    expect((await ledgerBalance(t.tenantId, '20202')).toNumber()).toBe(0);
    expect((await ledgerBalance(t.tenantId, '30301')).toNumber()).toBe(0);
    expect(await shuJournalCount(t)).toBe(4);
    await assertReconciled(t.tenantId);
    expect(body(await t.admin.post('/api/shu/cancel', { year: Y, reason: 'lagi' }))).toMatchObject({
      code: 422,
      errorCode: 'SHU_NOT_DISTRIBUTED',
    });
    const actions = await t.tx((tx) =>
      tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'shu.%' ORDER BY action`),
    );
    expect(actions.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'shu.calculate',
        'shu.distribute_start',
        'shu.distribute_chunk',
        'shu.distribute',
        'shu.cancel_start',
        'shu.cancel_chunk',
        'shu.cancel',
      ]),
    );

    // Recalculated and distributed again after the cancellation, then a member spends the share: cancel refused.
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    expect((await t.admin.post('/api/shu/distribute', { year: Y })).statusCode).toBe(200);
    const w = await t.admin.post('/api/transaction/withdraw', { memberSavingId: va.id, amount: 2_000_000 });
    expect(w.statusCode, w.body).toBe(200);
    const refusedCancel = await t.admin.post('/api/shu/cancel', { year: Y, reason: 'Terlambat' });
    expect(body(refusedCancel)).toMatchObject({ code: 422, errorCode: 'SHU_ALREADY_PAID_OUT' });
    await assertReconciled(t.tenantId);
  });

  it('refuses without the SHU permission (403) and answers another cooperative 404', async () => {
    const { t, a } = await fixture();
    await saveSettings(t);
    await closeYear(t);
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    const viewer = await roleUser(t, { permissions: { shu: { view: true, add: false, update: false, delete: false } } });
    expect((await viewer.get('/api/shu/calculation', { year: Y })).statusCode).toBe(200);
    expect((await viewer.post('/api/shu/calculate', { year: Y })).statusCode).toBe(403);
    expect((await viewer.post('/api/shu/distribute', { year: Y })).statusCode).toBe(403);
    expect((await viewer.post('/api/shu/settings', { year: Y, shares: SHARES })).statusCode).toBe(403);
    const nobody = await roleUser(t, { permissions: {} });
    expect((await nobody.get('/api/shu/settings', { year: Y })).statusCode).toBe(403);

    const other = await ledgerTenant();
    expect((await other.admin.get(`/api/shu/slip/${a.id}`, { year: Y })).statusCode).toBe(404);
    // Another cooperative's year is simply not calculated there: an empty answer, nothing of this one.
    const foreign = await other.admin.get('/api/shu/calculation', { year: Y });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toBeNull();
    expect((await other.admin.get('/api/report/shu', { year: Y })).json().data).toBeNull();
    expect((await other.admin.get('/api/report/shu', { year: Y, format: 'xlsx' })).statusCode).toBe(404);
    expect(body(await other.admin.post('/api/shu/distribute', { year: Y }))).toMatchObject({ code: 422, errorCode: 'SHU_NOT_CALCULATED' });
    expect(data(await t.admin.get('/api/shu/calculation', { year: Y })).status).toBe('CALCULATED');
  });
});

describe('SHU distribution in chunks', () => {
  afterEach(() => {
    shuTuning.chunkSize = 200;
  });

  it('resumes an interrupted distribution without crediting anyone twice, and two concurrent requests post once', async () => {
    const { t, va, vb } = await fixture();
    await saveSettings(t);
    await closeYear(t);
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    shuTuning.chunkSize = 1;
    const before = { a: await balanceOf(t, va.id), b: await balanceOf(t, vb.id) };
    // The process "dies" after the allocation journal and the first chunk (each committed on its own).
    await startDistribution(t.ctx, Y, 'SAVINGS', undefined);
    expect(await distributeChunk(t.ctx, Y)).toBe(true);
    // The screen's progress: C (no voluntary saving) left payable at the start, A credited, B pending.
    expect(data(await t.admin.get('/api/shu/calculation', { year: Y }))).toMatchObject({
      status: 'DISTRIBUTING',
      progress: { done: 2, total: 3 },
    });
    expect(await shuJournalCount(t)).toBe(2);
    await assertReconciled(t.tenantId);
    // Two requests resume it at once: the calculation row serialises the chunks.
    const [r1, r2] = await Promise.all([
      t.admin.post('/api/shu/distribute', { year: Y }),
      t.admin.post('/api/shu/distribute', { year: Y }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(data(r1).status).toBe('DISTRIBUTED');
    expect(data(r2).status).toBe('DISTRIBUTED');
    expect(data(await t.admin.get('/api/shu/calculation', { year: Y })).progress).toBeNull();
    expect(await shuJournalCount(t)).toBe(3); // allocation + one chunk per credited member (A, B)
    expect(await balanceOf(t, va.id)).toBe(dec(before.a).plus(1_241_095).toFixed(2));
    expect(await balanceOf(t, vb.id)).toBe(dec(before.b).plus(1_678_904).toFixed(2));
    await assertReconciled(t.tenantId);
    // Cancelling walks the chunks back one by one.
    expect((await t.admin.post('/api/shu/cancel', { year: Y, reason: 'Uji pembatalan' })).statusCode).toBe(200);
    expect(await shuJournalCount(t)).toBe(6);
    expect(await balanceOf(t, va.id)).toBe(dec(before.a).toFixed(2));
    await assertReconciled(t.tenantId);
  });
});
