/**
 * Paying out the holding accounts (penampung pokok / bunga): after a
 * withdrawal, a break, or interest released to the holding account, the money
 * waits there as open entries of the deposit; staff pay it out in cash or to
 * the member's savings. Each entry once (a second payout: NOTHING_TO_PAY; an
 * Idempotency-Key replay answers the first result); journals Dr holding, Cr
 * cash / savings control; a release whose interest was paid out can no longer
 * be cancelled. After every test the books reconcile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backdate, createDepositProduct, monthsAgo } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts, ledgerBalance } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

async function setup() {
  const t = await newTenant();
  current = t;
  const productId = await createDepositProduct(t);
  const m = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  return { t, productId, m };
}

async function place(t: TestTenant, b: Record<string, unknown>) {
  const res = await t.admin.post('/api/transaction/request-open-product-member', b);
  if (res.statusCode !== 200) throw new Error(`placement failed: ${res.body}`);
  return body<any>(res).data;
}

describe('holding accounts payout', () => {
  it('lists what waits, pays interest in cash and principal to savings, each entry once', async () => {
    const { t, productId, m } = await setup();
    const empty = await t.admin.get('/api/transaction/deposit/holding');
    expect(empty.statusCode).toBe(200);
    expect(body<any>(empty).data).toMatchObject({ content: [], totalPrincipal: 0, totalInterest: 0 });

    const a = await place(t, { memberId: m.id, productId, amount: 12_000_000, tenor: 3 });
    const start = monthsAgo(3);
    await backdate(t, a.deposit.id, start);
    const w = await t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: a.deposit.id });
    expect(w.statusCode).toBe(200);
    // 12,000,000 x 5 % / 12 = 50,000 a month, three months, under the tax-free amount.
    const h = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/holding`)).data;
    expect(h.open).toEqual({ principal: 12_000_000, interest: 150_000, total: 12_150_000 });
    expect(h.entries).toHaveLength(4);
    const list = body<any>(await t.admin.get('/api/transaction/deposit/holding', { search: 'siti' })).data;
    expect(list.content).toHaveLength(1);
    expect(list.content[0]).toMatchObject({ id: a.deposit.id, principal: 12_000_000, interest: 150_000, total: 12_150_000 });

    // Interest in cash (the admin's own cash account), under an Idempotency-Key.
    const key = { 'idempotency-key': `payout-${a.deposit.id}` };
    const cash = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'CASH', kinds: ['INTEREST'] }, key);
    expect(cash.statusCode).toBe(200);
    expect(body<any>(cash).data).toMatchObject({ method: 'CASH', principal: 0, interest: 150_000, amount: 150_000 });
    const replay = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'CASH', kinds: ['INTEREST'] }, key);
    expect(replay.statusCode).toBe(200);
    expect(body<any>(replay).data.id).toBe(body<any>(cash).data.id);
    const twice = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'CASH', kinds: ['INTEREST'] });
    expect([twice.statusCode, body(twice).errorCode]).toEqual([422, 'NOTHING_TO_PAY']);
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('0');

    // Principal to the member's savings (not someone else's).
    const p = await defaultProducts(t.tenantId);
    const s = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 100_000,
      }),
    ).data.account;
    const other = await createActiveMember(t.admin, { fullName: 'Budi Lain', gender: 'L' });
    const os = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: other.id,
        productId: p.voluntary,
        initialDeposit: 100_000,
      }),
    ).data.account;
    const wrong = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'SAVING', savingId: os.id });
    expect([wrong.statusCode, body(wrong).errorCode]).toEqual([422, 'PAYOUT_SAVING_INVALID']);
    const noSaving = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'SAVING' });
    expect(noSaving.statusCode).toBe(400);
    const sv = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'SAVING', savingId: s.id });
    expect(sv.statusCode).toBe(200);
    expect(body<any>(sv).data).toMatchObject({ method: 'SAVING', principal: 12_000_000, interest: 0, amount: 12_000_000 });
    const acc = body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts.find((x: any) => x.id === s.id);
    expect(acc.balance).toBe(12_100_000);
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('0');
    const after = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/holding`)).data;
    expect(after.open.total).toBe(0);
    expect(after.payouts).toHaveLength(2);
    expect(body<any>(await t.admin.get('/api/transaction/deposit/holding')).data.content).toHaveLength(0);
  });

  it('a break leaves principal less penalty to pay out; a paid-out release can no longer be cancelled', async () => {
    const { t, productId, m } = await setup();
    const a = await place(t, { memberId: m.id, productId, amount: 10_000_000, tenor: 12 });
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    const rel = body<any>(await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: start, toDate: monthsAgo(0) })).data;
    expect(rel.payments).toBe(1);
    const br = await t.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id });
    expect(body<any>(br).data).toMatchObject({ status: 'BROKEN', penalty: 100_000, payout: 9_900_000 });
    const h = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/holding`)).data;
    // 10,000,000 x 6 % / 12 = 50,000 interest to the interest holding account, 9,900,000 principal.
    expect(h.open).toEqual({ principal: 9_900_000, interest: 50_000, total: 9_950_000 });
    const pay = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/payout`, { method: 'CASH' });
    expect(body<any>(pay).data).toMatchObject({ amount: 9_950_000 });
    const cancel = await t.admin.post(`/api/interest-simulation/${rel.id}/cancel-release`, { reason: 'salah' });
    expect([cancel.statusCode, body(cancel).errorCode]).toEqual([422, 'RELEASE_NOT_CANCELLABLE']);
  });

  it('an agent or another cooperative cannot see the deposit; unknown deposits answer 404', async () => {
    const { t } = await setup();
    const res = await t.admin.post(`/api/transaction/deposit/${crypto.randomUUID()}/payout`, { method: 'CASH' });
    expect(res.statusCode).toBe(404);
    const other = await newTenant();
    const list = await other.admin.get('/api/transaction/deposit/holding');
    expect(body<any>(list).data.content).toEqual([]);
  });
});

describe('dashboard and report', () => {
  it('the savings summary includes the deposits (totals, maturing soon, holding); empty cooperatives answer 200 with zeros', async () => {
    const { t, productId, m } = await setup();
    const none = await t.admin.get('/api/home/saving-loan');
    expect(none.statusCode).toBe(200);
    expect(body<any>(none).data.deposits).toMatchObject({ running: 0, totalPrincipal: 0, maturingSoon: { count: 0, next: [] } });
    const rep = await t.admin.get('/api/report/deposit', { status: 'ACTIVE' });
    expect(rep.statusCode).toBe(200);
    expect(body<any>(rep).data).toMatchObject({ content: [], totalPrincipal: 0 });
    const a = await place(t, { memberId: m.id, productId, amount: 12_000_000, tenor: 1 });
    await place(t, { memberId: m.id, productId, amount: 5_000_000, tenor: 12 });
    const s = body<any>(await t.admin.get('/api/home/saving-loan')).data.deposits;
    expect(s).toMatchObject({
      running: 2,
      runningPrincipal: 17_000_000,
      totalPrincipal: 17_000_000,
      placedThisMonth: { count: 2, amount: 17_000_000 },
      holding: { principal: 0, interest: 0 },
    });
    // The 1-month deposit matures within 30 days.
    expect(s.maturingSoon).toMatchObject({ days: 30, count: 1, principal: 12_000_000 });
    expect(s.maturingSoon.next[0]).toMatchObject({ id: a.deposit.id, principal: 12_000_000 });
    const filtered = body<any>(await t.admin.get('/api/report/deposit', { status: 'ACTIVE', search: a.deposit.accountNumber })).data;
    expect(filtered.content).toHaveLength(1);
    const x = await t.admin.get('/api/report/deposit', { format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheet');
  });
});
