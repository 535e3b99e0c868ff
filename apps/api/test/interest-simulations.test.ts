/**
 * The profit-sharing and deposit-profit simulations through the API
 * (docs/interest.md): hand-computed shares and interest, the shares adding up
 * exactly to the amount, the PP 15/2009 tax above the tax-free amount, totals
 * and Excel. Nothing is posted (the ledger stays as it was).
 *
 * Profit sharing fixture (April 2026): Andi holds Rp 1,000,000 and Sari
 * Rp 2,000,000 in voluntary savings all month. Rp 100 shared: Andi
 * 10,000 sen x 1/3 = 3,333.33 -> 3,333; Sari 6,666.67 -> 6,666; the sen left
 * goes to the largest fraction (Sari): 33.33 and 66.67.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { simulationChunk } from '../src/modules/interest/interest.simulation.ts';
import { addDays } from '../src/modules/ledger/dates.ts';
import { createDepositProduct, today } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

const START = '2026-04-01';
const END = '2026-04-30';

async function savingsFixture() {
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
    name: 'Sukarela Bagi Hasil',
    baseRate: 3,
    balanceBasis: 'RATA_RATA',
    effectiveDate: '2020-01-01',
    glAccounts: gl,
  });
  expect(p.statusCode, p.body).toBe(200);
  const productId = body<{ id: string }>(p).data.id;
  const members: Array<{ m: { id: string }; s: { id: string } }> = [];
  for (const [fullName, amount] of [
    ['Andi Wijaya', 1_000_000],
    ['Sari Dewi', 2_000_000],
  ] as const) {
    const m = await createActiveMember(t.admin, { fullName, gender: 'L' });
    const o = await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, initialDeposit: amount });
    expect(o.statusCode, o.body).toBe(200);
    members.push({ m, s: body<any>(o).data.account as { id: string } });
  }
  const db = await testDb();
  await db.owner(async (tx) => {
    await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND product_id = $2`, [t.tenantId, productId]);
    await tx.exec(`UPDATE member_transaction SET transaction_date = '2026-03-20' WHERE tenant_id = $1 AND saving_id = ANY($2::uuid[])`, [
      t.tenantId,
      `{${members.map((x) => x.s.id).join(',')}}`,
    ]);
  });
  return { t, productId, members };
}

const get = async (t: TestTenant, path: string, q: Record<string, unknown>) => {
  const r = await t.admin.get(`/api/interest-simulation/${path}`, q);
  expect(r.statusCode, r.body).toBe(200);
  return body<any>(r).data;
};

describe('saving-member-profit-sharing', () => {
  it('shares the amount in proportion to the basis balances, to the sen, adding up exactly', async () => {
    const { t, productId } = await savingsFixture();
    const d = await get(t, 'saving-member-profit-sharing', { start: START, end: END, productId, profitSharing: 100 });
    expect(d.totalElements).toBe(2);
    const by = Object.fromEntries(d.content.map((r: any) => [r.memberName, r]));
    expect(by['Andi Wijaya']).toMatchObject({ gross: 33.33, tax: 0, adminFee: 0, net: 33.33, averageBalance: 1_000_000 });
    expect(by['Sari Dewi']).toMatchObject({ gross: 66.67, tax: 0, net: 66.67, averageBalance: 2_000_000 });
    expect(d.totalGross).toBe(100);
    expect(d.profitSharing).toBe(100);
  });

  it('taxes a share above the tax-free amount (Rp 3,000,000: Sari 2,000,000 x 10 % = 200,000) and exports Excel', async () => {
    const { t, productId } = await savingsFixture();
    const d = await get(t, 'saving-member-profit-sharing', { start: START, end: END, productId, profitSharing: 3_000_000 });
    const by = Object.fromEntries(d.content.map((r: any) => [r.memberName, r]));
    // Andi 1,000,000 > 240,000 -> 100,000 tax; Sari 2,000,000 -> 200,000.
    expect(by['Andi Wijaya']).toMatchObject({ gross: 1_000_000, tax: 100_000, net: 900_000 });
    expect(by['Sari Dewi']).toMatchObject({ gross: 2_000_000, tax: 200_000, net: 1_800_000 });
    expect([d.totalGross, d.totalTax, d.totalNet]).toEqual([3_000_000, 300_000, 2_700_000]);
    const x = await t.admin.get('/api/interest-simulation/saving-member-profit-sharing', {
      start: START,
      end: END,
      productId,
      profitSharing: 3_000_000,
      format: 'xlsx',
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses a missing amount with the field named', async () => {
    const { t, productId } = await savingsFixture();
    const r = await t.admin.get('/api/interest-simulation/saving-member-profit-sharing', { start: START, end: END, productId });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'PROFIT_SHARING_REQUIRED']);
  });
});

describe('simulations over many accounts', () => {
  it('answer the same read one account at a time as in one chunk (accounts read, computed, taxed and reduced chunk by chunk)', async () => {
    const { t, productId, members } = await savingsFixture();
    // A member with two accounts: the tax is cumulative over both, whichever batches they fall in.
    const o = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: members[0].m.id,
      productId,
      initialDeposit: 500_000,
    });
    expect(o.statusCode, o.body).toBe(200);
    const second = body<any>(o).data.account as { id: string };
    await (await testDb()).owner(async (tx) => {
      await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, second.id]);
      await tx.exec(`UPDATE member_transaction SET transaction_date = '2026-03-20' WHERE tenant_id = $1 AND saving_id = $2`, [
        t.tenantId,
        second.id,
      ]);
    });
    const both = async () => [
      await get(t, 'saving-member-baserate', { start: START, end: END, productId, baseRate: 6 }),
      await get(t, 'saving-member-profit-sharing', { start: START, end: END, productId, profitSharing: 3_000_000 }),
    ];
    const whole = await both();
    const size = simulationChunk.size;
    simulationChunk.size = 1;
    try {
      expect(await both()).toEqual(whole);
    } finally {
      simulationChunk.size = size;
    }
    expect(whole[0].totalElements).toBe(2);
    expect(whole[0].totalGross).toBeGreaterThan(0);
    expect(whole[1].totalGross).toBe(3_000_000);
    // Andi's 1,500,000 of 3,500,000 shares 1,285,714.29, taxed as one month's interest of one member (10 %).
    const andi = whole[1].content.find((r: any) => r.memberName === 'Andi Wijaya');
    expect(andi).toMatchObject({ accounts: 2, gross: 1_285_714.29, tax: 128_571.43 });
  });
});

describe('simulation periods', () => {
  it('refuses a period over 12 months with what to do (every account’s every day is computed)', async () => {
    const t = await newTenant();
    current = t;
    for (const path of ['saving-member-baserate', 'saving-member-profit-sharing', 'saving-member-profit-deposit']) {
      const r = await t.admin.get(`/api/interest-simulation/${path}`, { start: '1900-01-01', end: '2026-10-31', profitSharing: 1000 });
      expect([r.statusCode, body(r).errorCode], path).toEqual([422, 'PERIOD_TOO_LONG']);
    }
    const year = await t.admin.get('/api/interest-simulation/saving-member-baserate', { start: '2025-11-01', end: '2026-10-31' });
    expect(year.statusCode).toBe(200);
    const over = await t.admin.get('/api/interest-simulation/saving-member-baserate', { start: '2025-11-01', end: '2026-11-01' });
    expect(body(over).message).toBe('Periode paling panjang 12 bulan; persempit tanggal awal dan akhirnya.');
  });
});

describe('saving-member-profit-deposit', () => {
  it('uses interestTwelveMonth for a 12-month deposit over the days of the period, with the tax above the threshold', async () => {
    const t = await newTenant();
    current = t;
    const productId = await createDepositProduct(t);
    const m = await createActiveMember(t.admin, { fullName: 'Budi Santoso', gender: 'L' });
    const o = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId,
      amount: 10_000_000,
      tenor: 12,
    });
    expect(o.statusCode, o.body).toBe(200);
    const start = today();
    const end = addDays(start, 29);
    // The product's own 12-month rate (6 %): 10,000,000 x 6 % x 30 / 365 = 49,315.07, not taxed.
    const own = await get(t, 'saving-member-profit-deposit', { start, end });
    expect(own.content[0]).toMatchObject({ memberId: m.id, accounts: 1, gross: 49_315.07, tax: 0, net: 49_315.07 });
    // interestTwelveMonth 12 %: 98,630.14; interestThreeMonth does not apply to a 12-month deposit.
    const at12 = await get(t, 'saving-member-profit-deposit', { start, end, interestTwelveMonth: 12, interestThreeMonth: 1 });
    expect(at12.content[0].gross).toBe(98_630.14);
    // 100 % a year: 10,000,000 x 30 / 365 = 821,917.81 > 240,000 -> tax 82,191.78.
    const high = await get(t, 'saving-member-profit-deposit', { start, end, interestTwelveMonth: 100 });
    expect(high.content[0]).toMatchObject({ gross: 821_917.81, tax: 82_191.78, net: 739_726.03 });
    expect(high.totalTax).toBe(82_191.78);
  });
});

describe('a release chunk of several accounts (the set-based write)', () => {
  it('posts one journal for the chunk, each account its movements and row; the cancellation reverses the journal once', async () => {
    const { t, productId, members } = await savingsFixture();
    // RATA_RATA 3 %, 30 days: Andi 1,000,000 -> 2,465.75; Sari 2,000,000 -> 4,931.51.
    const r = await t.admin.post('/api/interest-simulation/saving/release', { startDate: START, endDate: END, productId });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data).toMatchObject({ accounts: 2, chunks: 1, totalGross: 7397.26, totalTax: 0 });
    const db = await testDb();
    const rows = await db.owner((tx) =>
      tx.query<{ saving_id: string; gross: string; journal_id: string }>(
        `SELECT saving_id, gross::text, journal_id FROM saving_interest WHERE tenant_id = $1 ORDER BY gross`,
        [t.tenantId],
      ),
    );
    expect(rows.map((x) => x.gross)).toEqual(['2465.75', '4931.51']);
    expect(new Set(rows.map((x) => x.journal_id)).size).toBe(1);
    const moves = await db.owner((tx) =>
      tx.query<{ saving_id: string; kind: string; amount: string; balance_after: string; journal_id: string }>(
        `SELECT saving_id, kind, amount::text, balance_after::text, journal_id FROM member_transaction
         WHERE tenant_id = $1 AND kind = 'TOPUP_INTEREST' ORDER BY amount`,
        [t.tenantId],
      ),
    );
    expect(moves.map((m) => [m.amount, m.balance_after, m.journal_id])).toEqual([
      ['2465.75', '1002465.75', rows[0].journal_id],
      ['4931.51', '2004931.51', rows[0].journal_id],
    ]);
    const c = await t.admin.post(
      `/api/interest-simulation/${body<any>(r).data.id}/cancel-release`,
      { reason: 'Uji' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(c.statusCode, c.body).toBe(200);
    const reversals = await db.owner((tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal WHERE tenant_id = $1 AND reversal_of_id = $2', [
        t.tenantId,
        rows[0].journal_id,
      ]),
    );
    expect(reversals!.n).toBe(1);
    const balances = await db.owner((tx) =>
      tx.query<{ b: string }>(
        'SELECT balance::text AS b FROM member_saving WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY balance',
        [t.tenantId, `{${members.map((x) => x.s.id).join(',')}}`],
      ),
    );
    expect(balances.map((x) => x.b)).toEqual(['1000000.00', '2000000.00']);
  });
});
