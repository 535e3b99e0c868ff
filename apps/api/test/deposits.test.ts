/**
 * Term deposits through the API: product terms and GL mapping, placement from
 * cash and from savings, the monthly release with the PP 15/2009 tax rule on
 * both sides of the threshold, release twice posting once, cancellation,
 * rollover, withdrawal at maturity, early break with penalty and approval.
 * After every test the deposit control account equals the sum of principals
 * and the ledger balances.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backdate, createDepositProduct, monthsAgo, today } from './deposits-fixtures.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts, ledgerBalance } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

async function setup(productOver: Record<string, unknown> = {}) {
  const t = await newTenant();
  current = t;
  const productId = await createDepositProduct(t, productOver);
  const m = await createActiveMember(t.admin, { fullName: 'Budi Santoso', gender: 'L' });
  return { t, productId, m };
}

async function place(t: TestTenant, b: Record<string, unknown>) {
  const res = await t.admin.post('/api/transaction/request-open-product-member', b);
  if (res.statusCode !== 200) throw new Error(`placement failed: ${res.body}`);
  return body<any>(res).data;
}

async function release(t: TestTenant, fromDate: string, toDate: string) {
  const res = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate, toDate });
  if (res.statusCode !== 200) throw new Error(`release failed: ${res.body}`);
  return body<any>(res).data;
}

describe('placement', () => {
  it('places from cash: numbered certificate, rate of the tenor, maturity, journal Dr cash Cr deposit control', async () => {
    const { t, productId, m } = await setup();
    const r = await place(t, { memberId: m.id, productId, amount: 10_000_000, tenor: 12 });
    expect(r.status).toBe('OPENED');
    expect(r.deposit).toMatchObject({
      status: 'ACTIVE',
      principal: 10_000_000,
      tenor: 12,
      rate: 6,
      rollover: 'NONE',
      interestDestination: 'HOLDING',
    });
    expect(r.deposit.certificateNumber).toMatch(/^BLY\/\d{4}\/000001$/);
    expect(r.deposit.maturityDate).toBe(monthsAgo(-12));
    expect(r.projection).toHaveLength(12);
    expect(r.projection[0]).toMatchObject({ gross: 50000, tax: 0, net: 50000 });
    expect(String(await ledgerBalance(t.tenantId, '20102'))).toBe('10000000');
    expect(String(await ledgerBalance(t.tenantId, '10101'))).toBe('10000000');
  });
});

describe('placement rules', () => {
  it('refuses what the product does not allow, each with its message', async () => {
    const { t, productId, m } = await setup({ rate24Month: 0 });
    const post = (b: Record<string, unknown>) =>
      t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId, ...b });
    let r = await post({ amount: 10_000_000, tenor: 24 });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'TENOR_NOT_OFFERED']);
    expect(body(r).message).toMatch(/tidak menawarkan jangka waktu 24 bulan/);
    r = await post({ amount: 10_000_000, tenor: 2 });
    expect(r.statusCode).toBe(400);
    expect(body(r).message).toMatch(/1, 3, 6, 12 atau 24/);
    r = await post({ amount: 999_999.99, tenor: 3 });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'AMOUNT_BELOW_MIN']);
    expect(body(r).message).toBe('Nominal deposito minimal Rp 1.000.000');
    r = await post({ amount: 1_000_000_000.01, tenor: 3 });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'AMOUNT_ABOVE_MAX']);
    r = await post({ amount: 5_000_000, tenor: 3, interestDestination: 'SAVING' });
    expect([r.statusCode, body(r).errorCode]).toEqual([400, 'INTEREST_SAVING_REQUIRED']);
    const other = await createActiveMember(t.admin, { fullName: 'Lain Orang' });
    const p = await defaultProducts(t.tenantId);
    const otherSaving = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: other.id,
        productId: p.voluntary,
        initialDeposit: 100000,
      }),
    ).data.account;
    r = await post({ amount: 5_000_000, tenor: 3, interestSavingId: otherSaving.id });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'INTEREST_SAVING_INVALID']);
    r = await post({ amount: 5_000_000, tenor: 3, sourceSavingId: otherSaving.id });
    expect([r.statusCode, body(r).errorCode]).toEqual([422, 'SOURCE_SAVING_INVALID']);
    const en = await t.admin.post(
      '/api/transaction/request-open-product-member',
      { memberId: m.id, productId, amount: 5, tenor: 3 },
      { 'accept-language': 'en' },
    );
    expect(body(en).message).toBe('The deposit amount must be at least Rp 1,000,000');
  });

  it('places from a savings account with the savings rules (balance, journal Dr savings control Cr deposit control)', async () => {
    const { t, productId, m } = await setup();
    const p = await defaultProducts(t.tenantId);
    const s = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 20_000_000,
      }),
    ).data.account;
    const short = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId,
      amount: 19_995_000,
      tenor: 3,
      sourceSavingId: s.id,
    });
    expect([short.statusCode, body(short).errorCode]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    const r = await place(t, { memberId: m.id, productId, amount: 15_000_000, tenor: 3, sourceSavingId: s.id, interestSavingId: s.id });
    expect(r.deposit).toMatchObject({
      funding: 'SAVING',
      interestDestination: 'SAVING',
      interestSavingNumber: s.accountNumber,
      principal: 15_000_000,
    });
    const acc = body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts.find((a: any) => a.id === s.id);
    expect(acc.balance).toBe(5_000_000);
    expect(String(await ledgerBalance(t.tenantId, '20101'))).toBe('5000000');
    expect(String(await ledgerBalance(t.tenantId, '20102'))).toBe('15000000');
    const detail = body<any>(await t.admin.get(`/api/member/${m.id}/detail`)).data;
    expect(detail.summary).toMatchObject({ countDeposit: 1, amountDeposit: 15_000_000 });
  });
});

describe('interest release', () => {
  it('taxes nothing at exactly the tax-free amount and the whole amount one sen above it', async () => {
    const { t, productId, m } = await setup();
    const m2 = await createActiveMember(t.admin, { fullName: 'Sri Wahyuni', gender: 'P' });
    // 6 % a year, monthly: 48,000,000 pays 240,000.00; 48,000,002 pays 240,000.01.
    const a = await place(t, { memberId: m.id, productId, amount: 48_000_000, tenor: 12 });
    const b = await place(t, { memberId: m2.id, productId, amount: 48_000_002, tenor: 12 });
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    await backdate(t, b.deposit.id, start);
    const r = await release(t, start, today());
    expect(r).toMatchObject({ status: 'RELEASED', payments: 2, totalGross: 480000.01, totalTax: 24000, totalNet: 456000.01 });
    const sa = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/detail-setup-interest`)).data;
    expect(sa.history).toEqual([expect.objectContaining({ gross: 240000, tax: 0, net: 240000 })]);
    const sb = body<any>(await t.admin.get(`/api/transaction/deposit/${b.deposit.id}/detail-setup-interest`)).data;
    expect(sb.history).toEqual([expect.objectContaining({ gross: 240000.01, tax: 24000, net: 216000.01 })]);
    expect(String(await ledgerBalance(t.tenantId, '20202'))).toBe('24000');
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('456000.01');
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe('480000.01');
    // The tax is its own WITHDRAW_TAX movement.
    const mut = body<any>(await t.admin.get(`/api/transaction/product/${b.deposit.id}/detail-mutation-deposit`)).data.content;
    expect(mut.map((x: any) => [x.kind, x.activity, x.amount])).toEqual([
      ['TOPUP', 'PLACEMENT', 48000002],
      ['TOPUP_INTEREST', 'INTEREST', 240000.01],
      ['WITHDRAW_TAX', 'TAX', 24000],
    ]);
  });

  it("counts a member's interest of the month together: the second posting withholds the difference", async () => {
    const { t, productId, m } = await setup();
    // 40,000,000 -> 200,000 a month (untaxed alone); 20,000,000 -> 100,000: the month's 300,000 is taxed 30,000.
    const a = await place(t, { memberId: m.id, productId, amount: 40_000_000, tenor: 12 });
    const b = await place(t, { memberId: m.id, productId, amount: 20_000_000, tenor: 12 });
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    await backdate(t, b.deposit.id, start);
    const r = await release(t, start, today());
    expect(r).toMatchObject({ payments: 2, totalGross: 300000, totalTax: 30000 });
    const rows = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ gross: string; tax: string }>(
        `SELECT gross::text, tax::text FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED' ORDER BY deposit_id`,
      ),
    );
    // Whichever posts second withholds the whole month's tax (30,000), the first none.
    expect(rows.map((x) => x.tax).sort()).toEqual(['0.00', '30000.00']);
  });

  it("with the ACCOUNT basis each deposit is taxed alone, at the product's amount and rate", async () => {
    const { t, productId, m } = await setup({ taxFreeInterestAmount: 150000, interestTax: 20 });
    const cfg = await t.admin.post('/api/configuration', { interestTax: { basis: 'ACCOUNT' } });
    expect(cfg.statusCode).toBe(200);
    // 40,000,000 -> 200,000 (above the product's 150,000: 20 % = 40,000); 20,000,000 -> 100,000 (untaxed alone).
    const a = await place(t, { memberId: m.id, productId, amount: 40_000_000, tenor: 12 });
    const b = await place(t, { memberId: m.id, productId, amount: 20_000_000, tenor: 12 });
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    await backdate(t, b.deposit.id, start);
    const r = await release(t, start, today());
    expect(r).toMatchObject({ payments: 2, totalGross: 300000, totalTax: 40000, totalNet: 260000 });
  });

  it('release twice for the same month posts once; a stopped run resumes from its cursor', async () => {
    const { t, productId, m } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await place(t, { memberId: m.id, productId, amount: 10_000_000, tenor: 6 })).deposit.id);
    const start = monthsAgo(1);
    for (const id of ids) await backdate(t, id, start);
    // A run killed after its first chunk (chunk of one deposit).
    const { release: run } = await import('../src/modules/deposits/deposits.service.ts');
    const { systemCtx } = await import('../src/lib/context.ts');
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    await expect(
      run(
        ctx,
        { fromDate: start, toDate: today(), chunkSize: 1 },
        {
          afterChunk: () => {
            throw new Error('killed');
          },
        },
      ),
    ).rejects.toThrow('killed');
    const list = body<any>(await t.admin.get('/api/interest-simulation/deposit/releases')).data.content;
    expect(list[0]).toMatchObject({ status: 'RUNNING', payments: 1, chunks: 1 });
    const resumed = await release(t, start, today());
    expect(resumed).toMatchObject({ id: list[0].id, status: 'RELEASED', payments: 3, deposits: 3 });
    const again = await release(t, start, today());
    expect(again).toMatchObject({ status: 'RELEASED', payments: 0, totalGross: 0 });
    // 10,000,000 x 5.5 % / 12 = 45,833.33 each.
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe('137499.99');
    const rows = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED'`),
    );
    expect(rows[0].n).toBe(3);
  });

  it('requires from and to dates', async () => {
    const { t } = await setup();
    const r = await t.admin.post('/api/interest-simulation/deposit/release', { toDate: today() });
    expect(r.statusCode).toBe(400);
    expect(body(r).message).toMatch(/Tanggal dari dan sampai wajib diisi/);
    const f = await t.admin.post('/api/interest-simulation/deposit/release', { fromDate: monthsAgo(-1), toDate: monthsAgo(-2) });
    expect([f.statusCode, body(f).errorCode]).toEqual([422, 'RELEASE_FUTURE']);
  });

  it('credits a savings account and cancels: journals reversed, savings and tax base restored; released again afterwards', async () => {
    const { t, productId, m } = await setup();
    const p = await defaultProducts(t.tenantId);
    const s = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 100000,
      }),
    ).data.account;
    const a = await place(t, { memberId: m.id, productId, amount: 60_000_000, tenor: 12, interestSavingId: s.id });
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    const r = await release(t, start, today());
    expect(r).toMatchObject({ totalGross: 300000, totalTax: 30000, totalNet: 270000 });
    const bal = async () =>
      body<any>(await t.admin.get(`/api/member/${m.id}/saving-product`)).data.accounts.find((x: any) => x.id === s.id).balance;
    expect(await bal()).toBe(370000);
    const c = await t.admin.post(`/api/interest-simulation/${r.id}/cancel-release`, { reason: 'Salah tanggal' });
    expect(c.statusCode).toBe(200);
    expect(body<any>(c).data.status).toBe('CANCELLED');
    expect(await bal()).toBe(100000);
    expect(String(await ledgerBalance(t.tenantId, '50102'))).toBe('0');
    expect(String(await ledgerBalance(t.tenantId, '20202'))).toBe('0');
    const twice = await t.admin.post(`/api/interest-simulation/${r.id}/cancel-release`, { reason: 'lagi' });
    expect([twice.statusCode, body(twice).errorCode]).toEqual([409, 'RELEASE_CANCELLED']);
    const again = await release(t, start, today());
    expect(again).toMatchObject({ payments: 1, totalTax: 30000 });
    expect(await bal()).toBe(370000);
  });

  it('refuses to cancel a release whose month is closed', async () => {
    const { t, productId, m } = await setup();
    const a = await place(t, { memberId: m.id, productId, amount: 10_000_000, tenor: 12 });
    const start = monthsAgo(2);
    await backdate(t, a.deposit.id, start);
    const first = monthsAgo(1);
    const r = await release(t, start, first);
    expect(r.payments).toBe(1);
    const close = await t.admin.post('/api/ledger/period/close', { periode: first.slice(0, 7) });
    expect(close.statusCode).toBe(200);
    const c = await t.admin.post(`/api/interest-simulation/${r.id}/cancel-release`, { reason: 'x' });
    expect([c.statusCode, body(c).errorCode]).toEqual([422, 'PERIOD_CLOSED']);
  });
});

describe('maturity', () => {
  it('rolls over at the rate in force on the maturity day; principal and interest joins the principal', async () => {
    const { t, productId, m } = await setup({ autoRollover: true, rolloverType: 'PRINCIPAL_INTEREST' });
    const a = await place(t, { memberId: m.id, productId, amount: 48_000_000, tenor: 1 });
    expect(a.deposit.rollover).toBe('PRINCIPAL_INTEREST');
    const start = monthsAgo(1);
    await backdate(t, a.deposit.id, start);
    // The product's 1-month rate changes from today: the renewal takes it.
    const patch = await t.admin.patch('/api/product', { id: productId, rate1Month: 4.5 });
    expect(patch.statusCode).toBe(200);
    await release(t, start, today());
    const d = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/detail`)).data;
    // 48,000,000 x 4 % / 12 = 160,000 (under the threshold) rolled in.
    expect(d).toMatchObject({ status: 'ACTIVE', termNo: 2, rate: 4.5, principal: 48_160_000, startDate: today(), interestPaid: 160000 });
    expect(String(await ledgerBalance(t.tenantId, '20102'))).toBe('48160000');
  });

  it('matures without rollover and is withdrawn to the holding accounts; not before maturity', async () => {
    const { t, productId, m } = await setup();
    const a = await place(t, { memberId: m.id, productId, amount: 12_000_000, tenor: 3 });
    const early = await t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: a.deposit.id });
    expect([early.statusCode, body(early).errorCode]).toEqual([422, 'DEPOSIT_NOT_MATURED']);
    const start = monthsAgo(3);
    await backdate(t, a.deposit.id, start);
    await release(t, start, monthsAgo(1));
    // The last two periods are not released yet: the withdrawal pays them to the interest holding account.
    const w = await t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: a.deposit.id });
    expect(w.statusCode).toBe(200);
    // 12,000,000 x 5 % / 12 = 50,000 a month, three months.
    expect(body<any>(w).data.deposit).toMatchObject({ status: 'WITHDRAWN', principal: 0, interestPaid: 150000 });
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('12000000');
    expect(String(await ledgerBalance(t.tenantId, '20214'))).toBe('150000');
    expect(String(await ledgerBalance(t.tenantId, '20102'))).toBe('0');
    const again = await t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: a.deposit.id });
    expect([again.statusCode, body(again).errorCode]).toEqual([422, 'DEPOSIT_CLOSED']);
  });
});

describe('early break', () => {
  it('takes the penalty (percent of the principal) to penalty income and the rest to the principal holding account', async () => {
    const { t, productId, m } = await setup();
    const a = await place(t, { memberId: m.id, productId, amount: 10_000_000, tenor: 12 });
    const over = await t.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id, pinaltyBreak: 10_000_000.01 });
    expect([over.statusCode, body(over).errorCode]).toEqual([422, 'PENALTY_ABOVE_PRINCIPAL']);
    const r = await t.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id, reason: 'Kebutuhan mendesak' });
    expect(r.statusCode).toBe(200);
    expect(body<any>(r).data).toMatchObject({ status: 'BROKEN', penalty: 100000, payout: 9_900_000 });
    expect(String(await ledgerBalance(t.tenantId, '40107'))).toBe('100000');
    expect(String(await ledgerBalance(t.tenantId, '20213'))).toBe('9900000');
    expect(String(await ledgerBalance(t.tenantId, '20102'))).toBe('0');
  });

  it('claws back a percent of the interest paid, after approval by another user', async () => {
    const { t, productId, m } = await setup({ penaltyBasis: 'INTEREST', earlyWithdrawalPenalty: 50, breakNeedsApproval: true });
    const a = await place(t, { memberId: m.id, productId, amount: 24_000_000, tenor: 12 });
    const start = monthsAgo(2);
    await backdate(t, a.deposit.id, start);
    await release(t, start, today());
    const r = await t.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id });
    // Interest paid 2 x 120,000 = 240,000: penalty 50 % = 120,000.
    expect(body<any>(r).data).toMatchObject({ status: 'WAITING_APPROVAL', penalty: 120000 });
    const self = await t.admin.post(`/api/transaction/deposit/${a.deposit.id}/break-approval`, { status: 'APPROVED' });
    expect([self.statusCode, body(self).errorCode]).toEqual([422, 'BREAK_SELF_APPROVAL']);
    const dup = await t.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id });
    expect([dup.statusCode, body(dup).errorCode]).toEqual([409, 'BREAK_PENDING']);
    const { roleUser } = await import('./ledger-helpers.ts');
    const manager = await roleUser(t, { permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });
    const ok = await manager.post(`/api/transaction/deposit/${a.deposit.id}/break-approval`, { status: 'APPROVED' });
    expect(ok.statusCode).toBe(200);
    expect(body<any>(ok).data).toMatchObject({ status: 'BROKEN', penalty: 120000, payout: 23_880_000 });
    expect(String(await ledgerBalance(t.tenantId, '40107'))).toBe('120000');
  });
});

describe('position, lists, reports, access', () => {
  it('changes the position, lists deposits, potential interest, report (Excel), and keeps tenants and roles apart', async () => {
    const { t, productId, m } = await setup();
    const a = await place(t, { memberId: m.id, productId, amount: 60_000_000, tenor: 3 });
    const p = await defaultProducts(t.tenantId);
    const s = body<any>(await t.admin.post('/api/transaction/request-open-product-member', { memberId: m.id, productId: p.voluntary })).data
      .account;
    const pos = await t.admin.patch(`/api/transaction/deposit/${a.deposit.id}/deposit-position`, {
      interestSavingId: s.id,
      rollover: 'PRINCIPAL',
    });
    expect(pos.statusCode).toBe(200);
    expect(body<any>(pos).data).toMatchObject({ interestDestination: 'SAVING', interestSavingId: s.id, rollover: 'PRINCIPAL' });
    const list = body<any>(await t.admin.get('/api/transaction/deposit/datatable', { memberId: m.id })).data;
    expect(list).toMatchObject({ totalElements: 1, totalPrincipal: 60_000_000 });
    const pot = body<any>(
      await t.admin.get('/api/transaction/deposit/v2/potential-interest', { startDate: today(), endDate: monthsAgo(-3) }),
    ).data;
    // 60,000,000 x 5 % / 12 = 250,000 a month (above 240,000: taxed whole, 25,000).
    expect(pot).toMatchObject({ totalElements: 1, totalGross: 750000, totalTax: 75000, totalNet: 675000 });
    expect(pot.content[0]).toMatchObject({ periods: 3, gross: 750000 });
    const rep = body<any>(await t.admin.get('/api/report/deposit')).data;
    expect(rep).toMatchObject({ totalElements: 1, totalPrincipal: 60_000_000 });
    const xlsx = await t.admin.get('/api/report/deposit', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const cert = body<any>(await t.admin.get(`/api/transaction/deposit/${a.deposit.id}/certificate`)).data;
    expect(cert).toMatchObject({ amountInWords: 'Enam puluh juta rupiah', tenor: 3, member: { name: 'Budi Santoso' } });
    const proj = body<any>(await t.admin.get('/api/transaction/deposit/projection', { productId, amount: 60_000_000, tenor: 3 })).data;
    expect(proj).toMatchObject({ rate: 5, totalGross: 750000, totalTax: 75000, totalNet: 675000 });

    const other = await newTenant();
    const nf = await other.admin.get(`/api/transaction/deposit/${a.deposit.id}/detail-setup-interest`);
    expect(nf.statusCode).toBe(404);
    const nf2 = await other.admin.post('/api/transaction/deposit/break', { accountProductId: a.deposit.id });
    expect(nf2.statusCode).toBe(404);
    const { roleUser } = await import('./ledger-helpers.ts');
    const teller = await roleUser(t, 'TELLER');
    const rel = await teller.post('/api/interest-simulation/deposit/release', { fromDate: today(), toDate: today() });
    expect(rel.statusCode).toBe(403);
  });
});
