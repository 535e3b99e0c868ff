/**
 * Savings interest through the API (docs/interest.md): the base-rate
 * simulation per member on each balance basis against a hand-computed fixture,
 * the release (interest, tax, admin fee, journals), the PP 15/2009 threshold
 * shared with the month's deposit interest, release twice posting once, the
 * cancellation reversing everything. After every test the ledger balances and
 * the savings control accounts equal the sub-ledger (reconcile.ts).
 *
 * Fixture (April 2026, 30 days): an account opened before April with
 * Rp 1,000,000; Rp 2,000,000 more on 11 April (days 1-10 at 1,000,000, days
 * 11-30 at 3,000,000), jasa 3 % a year.
 *  - HARIAN / RATA_RATA: 70,000,000 balance-days x 3 % / 365 = 5,753.42
 *  - TERENDAH: 1,000,000 x 3 % x 30 / 365 = 2,465.75
 */
import { afterEach, describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { createActiveMember, setConfig } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

const START = '2026-04-01';
const END = '2026-04-30';

async function setup(terms: Record<string, unknown>) {
  const t = await newTenant();
  current = t;
  const gl = Object.fromEntries(
    body<Array<{ role: string; coaId: string }>>(
      await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING', savingType: 'VOLUNTARY' }),
    ).data.map((r) => [r.role, r.coaId]),
  );
  const p = await t.admin.post('/api/product', {
    kind: 'SAVING',
    savingType: 'VOLUNTARY',
    name: `Sukarela Jasa ${Math.random().toString(36).slice(2, 7)}`,
    baseRate: 3,
    effectiveDate: '2020-01-01',
    glAccounts: gl,
    ...terms,
  });
  if (p.statusCode !== 200) throw new Error(`product failed: ${p.body}`);
  const productId = body<{ id: string }>(p).data.id;
  const m = await createActiveMember(t.admin, { fullName: 'Dewi Lestari', gender: 'P' });
  const o = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, initialDeposit: 1_000_000 });
  if (o.statusCode !== 200) throw new Error(`open failed: ${o.body}`);
  const s = body<any>(o).data.account as { id: string; accountNumber: string };
  const top = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 2_000_000 });
  expect(top.statusCode).toBe(200);
  // The history of the fixture: opening in March, the second deposit on 11 April.
  const db = await testDb();
  await db.owner(async (tx) => {
    await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, s.id]);
    await tx.exec(
      `UPDATE member_transaction SET transaction_date = CASE WHEN balance_after = 1000000 THEN '2026-03-20'::date ELSE '2026-04-11'::date END
       WHERE tenant_id = $1 AND saving_id = $2`,
      [t.tenantId, s.id],
    );
  });
  return { t, productId, m, s };
}

const simulate = async (t: TestTenant, q: Record<string, unknown>) => {
  const r = await t.admin.get('/api/interest-simulation/saving-member-baserate', { start: START, end: END, ...q });
  expect(r.statusCode, r.body).toBe(200);
  return body<any>(r).data;
};
const release = async (t: TestTenant, b: Record<string, unknown>) => {
  const r = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END, ...b });
  expect(r.statusCode, r.body).toBe(200);
  return body<any>(r).data;
};
const balanceOf = async (t: TestTenant, id: string) => {
  const db = await testDb();
  return db.owner(async (tx) =>
    String(
      (await tx.one<{ balance: string }>('SELECT balance::text AS balance FROM member_saving WHERE tenant_id = $1 AND id = $2', [
        t.tenantId,
        id,
      ]))!.balance,
    ),
  );
};

describe('simulation per balance basis', () => {
  it.each([
    ['HARIAN', 5753.42],
    ['RATA_RATA', 5753.42],
    ['TERENDAH', 2465.75],
  ])('%s pays the hand-computed interest', async (basis, gross) => {
    const { t, productId, m } = await setup({ balanceBasis: basis, monthlyAdminFee: 2500 });
    const d = await simulate(t, { productId });
    expect(d.totalElements).toBe(1);
    expect(d.content[0]).toMatchObject({ memberId: m.id, accounts: 1, gross, tax: 0, adminFee: 2500 });
    expect(d.content[0].net).toBeCloseTo(gross - 2500, 2);
    expect(d.totalGross).toBe(gross);
  });

  it('the min balance and base rate of the query override the product (min 1,500,000: 60,000,000 x 6 % / 365 = 9,863.01)', async () => {
    const { t, productId } = await setup({ balanceBasis: 'HARIAN' });
    const d = await simulate(t, { productId, minBalance: 1_500_000, baseRate: 6 });
    expect(d.content[0].gross).toBe(9863.01);
    const x = await t.admin.get('/api/interest-simulation/saving-member-baserate', { start: START, end: END, productId, format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('period dates or a product are required', async () => {
    const t = await newTenant();
    const r = await t.admin.post('/api/interest-simulation/saving/release', {});
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'PERIOD_REQUIRED']);
  });
});

describe('release', () => {
  it('posts interest, tax and admin fee with the journal, once even when called twice; cancel reverses everything', async () => {
    const { t, productId, s } = await setup({ balanceBasis: 'HARIAN', monthlyAdminFee: 2500 });
    // Threshold Rp 5,000 so the interest is taxed: 5,753.42 x 10 % = 575.34.
    await setConfig(t, 'interestTax', { taxFreeAmount: 5000, ratePct: 10, basis: 'MEMBER' });
    const r1 = await release(t, { productId, chunkSize: 1 });
    expect(r1).toMatchObject({ status: 'RELEASED', accounts: 1, totalGross: 5753.42, totalTax: 575.34, totalAdminFee: 2500 });
    expect(r1.totalNet).toBeCloseTo(5753.42 - 575.34 - 2500, 2);
    expect(await balanceOf(t, s.id)).toBe('3002678.08');
    const r2 = await release(t, { productId });
    expect(r2.id).not.toBe(r1.id);
    expect(r2).toMatchObject({ status: 'RELEASED', accounts: 0, totalGross: 0 });
    expect(await balanceOf(t, s.id)).toBe('3002678.08');
    const db = await testDb();
    const kinds = await db.owner((tx) =>
      tx.query<{ kind: string; activity: string; amount: string }>(
        `SELECT kind, activity, amount::text FROM member_transaction WHERE tenant_id = $1 AND saving_id = $2 AND transaction_date = $3 ORDER BY seq`,
        [t.tenantId, s.id, END],
      ),
    );
    expect(kinds).toEqual([
      { kind: 'TOPUP_INTEREST', activity: 'INTEREST', amount: '5753.42' },
      { kind: 'WITHDRAW_TAX', activity: 'TAX', amount: '575.34' },
      { kind: 'WITHDRAW', activity: 'ADMIN_FEE', amount: '2500.00' },
    ]);
    await assertReconciled(t.tenantId);

    const c = await t.admin.post(
      `/api/interest-simulation/${r1.id}/cancel-release`,
      { reason: 'Salah tarif' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(c.statusCode, c.body).toBe(200);
    expect(body<any>(c).data).toMatchObject({ status: 'CANCELLED', kind: 'SAVING' });
    expect(await balanceOf(t, s.id)).toBe('3000000.00');
    const month = await db.owner((tx) =>
      tx.one<{ gross: string; tax: string }>(
        `SELECT gross::text, tax::text FROM interest_tax_month WHERE tenant_id = $1 AND month = '2026-04-01'`,
        [t.tenantId],
      ),
    );
    expect(month).toEqual({ gross: '0.00', tax: '0.00' });
    const again = await t.admin.post(`/api/interest-simulation/${r1.id}/cancel-release`, {}, { 'idempotency-key': crypto.randomUUID() });
    expect([again.statusCode, body(again).errorCode]).toEqual([409, 'RELEASE_CANCELLED']);
    // After the cancellation the period can be released again, once.
    const r3 = await release(t, { productId });
    expect(r3).toMatchObject({ accounts: 1, totalGross: 5753.42 });
  });

  it('shares the month tax threshold with the deposit interest already posted to the member', async () => {
    const { t, productId, m } = await setup({ balanceBasis: 'HARIAN' });
    await setConfig(t, 'interestTax', { taxFreeAmount: 5000, ratePct: 10, basis: 'MEMBER' });
    // Without prior interest the simulation taxes 5,753.42 alone: 575.34.
    expect((await simulate(t, { productId })).content[0].tax).toBe(575.34);
    // The member already received Rp 3,000 of deposit interest in April (below the threshold, no tax): the month's
    // total 8,753.42 is taxed 875.34, all withheld from the savings interest.
    const db = await testDb();
    await db.owner((tx) =>
      tx.exec(`INSERT INTO interest_tax_month (tenant_id, subject_id, month, gross, tax) VALUES ($1, $2, '2026-04-01', 3000, 0)`, [
        t.tenantId,
        m.id,
      ]),
    );
    expect((await simulate(t, { productId })).content[0].tax).toBe(875.34);
    const r = await release(t, { productId });
    expect(r).toMatchObject({ totalGross: 5753.42, totalTax: 875.34 });
    const month = await db.owner((tx) =>
      tx.one<{ gross: string; tax: string }>(
        `SELECT gross::text, tax::text FROM interest_tax_month WHERE tenant_id = $1 AND subject_id = $2`,
        [t.tenantId, m.id],
      ),
    );
    expect(month).toEqual({ gross: '8753.42', tax: '875.34' });
  });
});

describe('reports', () => {
  it('saving-member-interest, release-interest, its detail and per period show the release (and Excel)', async () => {
    const { t, productId, s } = await setup({ balanceBasis: 'TERENDAH', monthlyAdminFee: 1000 });
    const r = await release(t, { productId });
    const mi = body<any>(await t.admin.get('/api/report/saving-member-interest', { startDate: START, endDate: END })).data;
    expect(mi.totalElements).toBe(1);
    expect(mi.content[0]).toMatchObject({
      accountNumber: s.accountNumber,
      gross: 2465.75,
      tax: 0,
      adminFee: 1000,
      net: 1465.75,
      basis: 'TERENDAH',
    });
    expect(mi.totalNet).toBe(1465.75);
    // A search counts through the member and the account (the count without one reads the interest rows alone).
    const found = body<any>(await t.admin.get('/api/report/saving-member-interest', { search: s.accountNumber })).data;
    expect([found.totalElements, found.totalNet, found.content.length]).toEqual([1, 1465.75, 1]);
    const none = body<any>(await t.admin.get('/api/report/saving-member-interest', { search: 'tidak-ada-anggota-ini' })).data;
    expect([none.totalElements, none.totalNet, none.content]).toEqual([0, 0, []]);
    const list = body<any>(await t.admin.get('/api/report/release-interest', {})).data;
    expect(list.content[0]).toMatchObject({ id: r.id, kind: 'SAVING', status: 'RELEASED', items: 1, totalGross: 2465.75 });
    const detail = body<any>(await t.admin.get(`/api/report/release-interest/${r.id}/detail`)).data;
    expect(detail.details).toHaveLength(1);
    expect(detail.details[0]).toMatchObject({ accountNumber: s.accountNumber, net: 1465.75, status: 'POSTED' });
    const per = body<any>(await t.admin.get('/api/report/v2/release-interest-periode', { startDate: START, endDate: END })).data;
    expect(per).toEqual([
      { periode: '2026-04', kind: 'SAVING', items: 1, totalGross: 2465.75, totalTax: 0, totalAdminFee: 1000, totalNet: 1465.75 },
    ]);
    for (const path of ['/api/report/saving-member-interest', '/api/report/release-interest', '/api/report/v2/release-interest-periode']) {
      const x = await t.admin.get(path, { format: 'xlsx' });
      expect(x.statusCode, path).toBe(200);
      expect(x.headers['content-type']).toContain('spreadsheetml');
    }
    const missing = await t.admin.get(`/api/report/release-interest/${crypto.randomUUID()}/detail`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('release resumes and closed periods', () => {
  it('a run killed after its first chunk resumes from the cursor, each account paid once; cancel refused once April is closed', async () => {
    const { t, productId, m } = await setup({ balanceBasis: 'HARIAN' });
    // A second account: Rp 365,000 all April -> 365,000 x 3 % x 30 / 365 = 900.00.
    const o = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, initialDeposit: 365_000 });
    const s2 = body<any>(o).data.account as { id: string };
    const db = await testDb();
    await db.owner(async (tx) => {
      await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, s2.id]);
      await tx.exec(`UPDATE member_transaction SET transaction_date = '2026-03-20' WHERE tenant_id = $1 AND saving_id = $2`, [
        t.tenantId,
        s2.id,
      ]);
    });
    const { releaseSavings } = await import('../src/modules/interest/interest.service.ts');
    const { systemCtx } = await import('../src/lib/context.ts');
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    const kill = {
      afterChunk: () => {
        throw new Error('killed');
      },
    };
    await expect(releaseSavings(ctx, { startDate: START, endDate: END, productId, chunkSize: 1 }, kill)).rejects.toThrow('killed');
    const list = body<any>(await t.admin.get('/api/report/release-interest', {})).data.content;
    expect(list[0]).toMatchObject({ status: 'RUNNING', items: 1 });
    const screen = body<any>(await t.admin.get('/api/interest-simulation/saving/releases', {})).data;
    expect(screen.content[0]).toMatchObject({ id: list[0].id, kind: 'SAVING', status: 'RUNNING', accounts: 1 });
    const resumed = await release(t, { productId, chunkSize: 1 });
    expect(resumed).toMatchObject({ id: list[0].id, status: 'RELEASED', accounts: 2, totalGross: 6653.42 });
    expect((await release(t, { productId })).accounts).toBe(0);
    const rows = await db.owner((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM saving_interest WHERE tenant_id = $1 AND status = 'POSTED'`, [t.tenantId]),
    );
    expect(rows!.n).toBe(2);
    const close = await t.admin.post('/api/ledger/period/close', { periode: '2026-04' });
    expect(close.statusCode, close.body).toBe(200);
    const c = await t.admin.post(`/api/interest-simulation/${resumed.id}/cancel-release`, { reason: 'x' });
    expect([c.statusCode, body(c).errorCode]).toEqual([422, 'PERIOD_CLOSED']);
  });
});
