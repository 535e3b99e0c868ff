/**
 * Daily accrual of deposit interest (docs/deposits.md "Daily accrual"): every day of a month accrued (one journal
 * per cooperative and day: Dr interest expense, Cr interest payable; a day accrued twice posts once), then the
 * month released: interest payable is back to zero and the interest expense equals the interest paid; cancelling
 * the release puts the accrued interest back into interest payable, releasing again settles it again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { accrueDay, accrueThrough } from '../src/modules/deposits/deposits.accrual.ts';
import { addDays } from '../src/modules/ledger/dates.ts';
import { backdate, createDepositProduct, monthsAgo, today } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

describe('daily accrual of deposit interest', () => {
  it('accrual of a whole month then the release: interest payable back to 0, expense = interest paid; cancel restores the accrual', async () => {
    const t = await newTenant();
    current = t;
    const productId = await createDepositProduct(t);
    const m = await createActiveMember(t.admin, { fullName: 'Sri Wahyuni', gender: 'P' });
    const ids: string[] = [];
    for (const amount of [60_000_000, 12_345_678]) {
      const res = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, amount, tenor: 12 });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(body<any>(res).data.deposit.id);
    }
    const start = monthsAgo(1);
    for (const id of ids) await backdate(t, id, start);
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    // Every day of the period (the payment day today excluded): the last day completes the month's interest.
    const first = await accrueDay(ctx, start);
    expect(first.deposits).toBe(2);
    expect(await accrueDay(ctx, start)).toEqual(first);
    const rest = await accrueThrough(t.app.db, t.tenantId, addDays(today(), -1));
    expect(rest[0].day).toBe(addDays(start, 1));
    // 60,000,000 x 6 % / 12 = 300,000.00; 12,345,678 x 6 % / 12 = 61,728.39.
    const gross = '361728.39';
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe(gross);
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe(gross);
    const journals = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM journal WHERE tenant_id = app_tenant() AND reference_code LIKE 'AKRUAL-%'`),
    );
    expect(journals!.n).toBe(rest.length + 1);

    const r = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: today() });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data).toMatchObject({ payments: 2, totalGross: 361728.39 });
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe(gross);
    // The paid period accrues no more.
    expect((await accrueThrough(t.app.db, t.tenantId, addDays(today(), -1))).length).toBe(0);

    const c = await t.admin.post(`/api/interest-simulation/${body<any>(r).data.id}/cancel-release`, { reason: 'Uji akrual' });
    expect(c.statusCode, c.body).toBe(200);
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe(gross);
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe(gross);
    const again = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: today() });
    expect(body<any>(again).data).toMatchObject({ payments: 2, totalGross: 361728.39 });
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe(gross);
  });

  it('a period paid before its last day accrued: the release takes the rest from interest expense', async () => {
    const t = await newTenant();
    current = t;
    const productId = await createDepositProduct(t);
    const m = await createActiveMember(t.admin, { fullName: 'Agus Salim', gender: 'L' });
    const res = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId,
      amount: 60_000_000,
      tenor: 12,
    });
    const id = body<any>(res).data.deposit.id;
    const start = monthsAgo(1);
    await backdate(t, id, start);
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    for (let d = start; d < addDays(start, 10); d = addDays(d, 1)) await accrueDay(ctx, d);
    const accrued = Number(await ledgerBalance(t.tenantId, '20201'));
    expect(accrued).toBeGreaterThan(0);
    expect(accrued).toBeLessThan(300_000);
    const r = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: today() });
    expect(body<any>(r).data).toMatchObject({ payments: 1, totalGross: 300000 });
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe('300000');
  });

  it('a deposit broken mid-period: the interest accrued for the running period goes back (payable 0, expense 0)', async () => {
    const t = await newTenant();
    current = t;
    const productId = await createDepositProduct(t);
    const m = await createActiveMember(t.admin, { fullName: 'Rina Marlina', gender: 'P' });
    const res = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId,
      amount: 24_000_000,
      tenor: 12,
    });
    const id = body<any>(res).data.deposit.id;
    const start = addDays(today(), -12);
    await backdate(t, id, start);
    await accrueThrough(t.app.db, t.tenantId, start);
    await accrueThrough(t.app.db, t.tenantId, addDays(today(), -1));
    expect(Number(await ledgerBalance(t.tenantId, '20201'))).toBeGreaterThan(0);
    const r = await t.admin.post('/api/transaction/deposit/break', { accountProductId: id, reason: 'Uji akrual' });
    expect(r.statusCode, r.body).toBe(200);
    expect(String(await ledgerBalance(t.tenantId, '20201'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe('0');
  });
});
