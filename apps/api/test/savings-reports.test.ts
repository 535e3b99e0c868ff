/**
 * The saving reports under /api/report: figures on a small known history,
 * filters, the reconciliation of member balances with the ledger, Excel
 * downloads, permissions.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bulkDeposits } from './bulk-deposits.ts';
import { body, newTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

async function scenario() {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const glRes = await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING', savingType: 'PLAN' });
  const gl = Object.fromEntries(body<Array<{ role: string; coaId: string }>>(glRes).data.map((r) => [r.role, r.coaId]));
  const plan = body<any>(
    await t.admin.post('/api/product', {
      kind: 'SAVING',
      savingType: 'PLAN',
      name: 'Tabungan Qurban',
      planMonthlyAmount: 250000,
      planTargetBalance: 3000000,
      planTargetMonths: 12,
      glAccounts: gl,
    }),
  ).data;
  const a = await createActiveMember(t.admin, { fullName: 'Ani Lestari', gender: 'P' });
  const b = await createActiveMember(t.admin, { fullName: 'Bayu Saputra' });
  const open = async (memberId: string, productId: string, initialDeposit?: number) =>
    body<any>(await t.admin.post('/api/transaction/request-open-product-member', { memberId, productId, initialDeposit })).data.account;
  const sa = await open(a.id, p.voluntary, 500000);
  const sb = await open(b.id, p.voluntary, 300000);
  const pa = await open(a.id, plan.id, 250000);
  await t.admin.post('/api/transaction/withdraw', { memberSavingId: sa.id, amount: 120000 });
  const dep = body<any>(await t.admin.post('/api/transaction/topup-saving', { memberSavingId: sb.id, amount: 80000 })).data.transaction;
  await t.admin.post('/api/transaction/cancel', { transactionId: dep.id, reason: 'Salah input' });
  await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', { cif: a.cifNumber, productId: p.principal, amount: 100000 });
  return { t, p, plan, a, b, sa, sb, pa };
}

describe('saving reports', () => {
  it('report/saving and report/saving-product: balances per account and per product, reconciled with the ledger', async () => {
    const { t, p, sa, sb, pa } = await scenario();
    const r = body<any>(await t.admin.get('/api/report/saving', { kind: 'SAVING', sortBy: 'balance', ascOrDesc: 'DESC' })).data;
    expect(r.content.map((x: any) => [x.accountNumber, x.balanceOn])).toEqual([
      [sa.accountNumber, 380000],
      [sb.accountNumber, 300000],
      [pa.accountNumber, 250000],
    ]);
    expect(r.totalBalance).toBe(930000);
    // Sorted by a member's name and searched by it (both join the member; the totals alone do not).
    const byName = body<any>(await t.admin.get('/api/report/saving', { kind: 'SAVING', sortBy: 'member_name', ascOrDesc: 'DESC' })).data;
    expect([byName.content[0].accountNumber, byName.totalElements, byName.totalBalance]).toEqual([sb.accountNumber, 3, 930000]);
    const bayu = body<any>(await t.admin.get('/api/report/saving', { search: 'bayu' })).data;
    expect([bayu.content.map((x: any) => x.accountNumber), bayu.totalBalance]).toEqual([[sb.accountNumber], 300000]);
    const yesterday = new Date(Date.now() + 7 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    const before = body<any>(await t.admin.get('/api/report/saving', { periode: yesterday })).data;
    expect(before.totalElements).toBe(0);
    const withZero = body<any>(await t.admin.get('/api/report/saving', { showZeroAmount: true, kind: 'SAVING_EQUITY' })).data;
    expect(withZero.totalElements).toBe(4);

    const prod = body<any>(await t.admin.get('/api/report/saving-product')).data;
    const byCode = Object.fromEntries(prod.products.map((x: any) => [x.code, x]));
    expect(byCode.SS).toMatchObject({ balance: 680000, accounts: 2, members: 2 });
    expect(byCode.SP).toMatchObject({ balance: 100000 });
    expect(prod.reconciled).toBe(true);
    const ctrl = Object.fromEntries(prod.controls.map((c: any) => [c.code, c]));
    expect(ctrl['20101']).toMatchObject({ memberBalances: 680000, ledgerBalance: 680000, difference: 0, products: ['SS'] });
    expect(ctrl['20103']).toMatchObject({ memberBalances: 250000, ledgerBalance: 250000 });

    const xlsx = await t.admin.get('/api/report/saving-product', { format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Produk', 'Rekonsiliasi']);
    void p;
    await assertReconciled(t.tenantId);
  });

  it('report/transactions, topup and withdraw per product, saving-product-periode and the transaction detail', async () => {
    const { t, sa } = await scenario();
    const tr = body<any>(await t.admin.get('/api/report/transactions', { limit: 50 })).data;
    expect(tr.start.slice(8)).toBe('01');
    expect(tr.end).toBe(today());
    // Standing movements: 3 openings + withdrawal + principal = 5 rows totalled (cancelled deposit and its reversal excluded).
    expect(tr.totals).toMatchObject({ credit: 1150000, debit: 120000, count: 5 });
    expect(tr.totalElements).toBe(7);
    const onlyActive = body<any>(await t.admin.get('/api/report/transactions', { isActive: true })).data;
    expect(onlyActive.totalElements).toBe(5);

    const top = body<any>(await t.admin.get('/api/report/topup-saving-product')).data;
    expect(top.byProduct.map((x: any) => [x.code, x.count, x.total])).toEqual([
      ['SP', 1, 100000],
      ['SS', 2, 800000],
      ['SS-001', 1, 250000],
    ]);
    expect(top.total).toBe(1150000);
    expect(top.content.every((x: any) => x.kind === 'TOPUP')).toBe(true);
    const wd = body<any>(await t.admin.get('/api/report/withdraw-saving-product')).data;
    expect(wd.byProduct).toEqual([expect.objectContaining({ code: 'SS', count: 1, total: 120000 })]);
    const wdx = await t.admin.get('/api/report/withdraw-saving-product', { format: 'xlsx' });
    expect(wdx.headers['content-disposition']).toContain('penarikan-simpanan');

    const per = body<any>(await t.admin.get('/api/report/saving-product-periode')).data;
    const ss = per.rows.find((r: any) => r.code === 'SS');
    expect(ss).toMatchObject({ opening: 0, deposits: 800000, withdrawals: 120000, corrections: 0, closing: 680000 });
    for (const r of per.rows) expect(r.closing).toBe(r.opening + r.deposits - r.withdrawals + r.corrections);

    const w = body<any>(await t.admin.get('/api/transaction/datatable', { activity: 'WITHDRAWAL' })).data.content[0];
    const d = body<any>(await t.admin.get(`/api/report/transactions/${w.id}/detail`)).data;
    expect(d).toMatchObject({ code: w.code, accountNumber: sa.accountNumber, activityLabel: 'Penarikan' });
    expect(d.journals[0].lines.map((l: any) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['20101', 120000, 0],
      ['10101', 0, 120000],
    ]);
    const byCode = body<any>(await t.admin.get(`/api/report/transactions/${w.code}/detail-by-code`)).data;
    expect(byCode.id).toBe(w.id);
    const missing = await t.admin.get('/api/report/transactions/TRX000/detail-by-code');
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Transaksi tidak ditemukan');
    const x = await t.admin.get('/api/report/transactions', { format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    await assertReconciled(t.tenantId);
  });

  it('report/saving-product counts a member with two accounts in a product once', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const a = await createActiveMember(t.admin, { fullName: 'Citra Dewi', gender: 'P' });
    const b = await createActiveMember(t.admin, { fullName: 'Dodi Pratama' });
    for (const [m, amount] of [
      [a, 200000],
      [a, 50000],
      [b, 75000],
    ] as const) {
      const r = await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: amount,
      });
      expect(r.statusCode).toBe(200);
    }
    const prod = body<any>(await t.admin.get('/api/report/saving-product', { kind: 'SAVING' })).data;
    expect(prod.products.find((x: any) => x.code === 'SS')).toMatchObject({ accounts: 3, members: 2, balance: 325000 });
    await assertReconciled(t.tenantId);
  });

  it('report/saving-product-periode carries each month’s closing into the next month’s opening, from movements before the period', async () => {
    const t = await newTenant();
    // Rp 1,000 deposits every 20 days from 30 Jan 2026: Jan 30, Feb 19, Mar 11, Mar 31, Apr 20, May 10, May 30, Jun 19, Jul 9.
    await bulkDeposits(t.app.db, { tenantId: t.tenantId, userId: t.adminUserId }, 9, {
      cif: 'P00000001',
      dateSql: `date '2026-01-10' + g * 20`,
      journalDate: '2026-01-30',
    });
    const per = body<any>(await t.admin.get('/api/report/saving-product-periode', { start: '2026-03-05', end: '2026-06-10' })).data;
    expect([per.start, per.end]).toEqual(['2026-03-01', '2026-06-30']);
    const ss = per.rows.filter((r: any) => r.code === 'SS').map((r: any) => [r.month, r.opening, r.deposits, r.withdrawals, r.closing]);
    expect(ss).toEqual([
      ['2026-03', 2000, 2000, 0, 4000],
      ['2026-04', 4000, 1000, 0, 5000],
      ['2026-05', 5000, 2000, 0, 7000],
      ['2026-06', 7000, 1000, 0, 8000],
    ]);
    // Every product has every month, an empty one all zeros; a product filter keeps only that product.
    const sp = per.rows.filter((r: any) => r.code === 'SP');
    expect(sp.map((r: any) => [r.month, r.opening, r.closing])).toEqual([
      ['2026-03', 0, 0],
      ['2026-04', 0, 0],
      ['2026-05', 0, 0],
      ['2026-06', 0, 0],
    ]);
    // A period reversed, or a start typed a century early, is refused with what to do (a row per product and month).
    const reversed = await t.admin.get('/api/report/saving-product-periode', { start: '2026-06-01', end: '2026-03-31' });
    expect([reversed.statusCode, body(reversed).errorCode]).toEqual([422, 'PERIOD_INVALID']);
    const century = await t.admin.get('/api/report/saving-product-periode', { start: '1926-01-01', end: '2026-06-30' });
    expect([century.statusCode, body(century).errorCode, body(century).message]).toEqual([
      422,
      'PERIOD_TOO_LONG',
      'Periode paling panjang 60 bulan; persempit tanggal awal dan akhirnya.',
    ]);
    const five = await t.admin.get('/api/report/saving-product-periode', { start: '2021-07-01', end: '2026-06-30' });
    expect(five.statusCode).toBe(200);
    const ssId = per.rows.find((r: any) => r.code === 'SS').productId;
    const one = body<any>(
      await t.admin.get('/api/report/saving-product-periode', { start: '2026-05-01', end: '2026-07-31', productId: ssId }),
    ).data;
    expect(one.rows.map((r: any) => [r.code, r.month, r.opening, r.closing])).toEqual([
      ['SS', '2026-05', 5000, 7000],
      ['SS', '2026-06', 7000, 8000],
      ['SS', '2026-07', 8000, 9000],
    ]);
  });

  it('report/saving-product/with-plan shows each plan’s progress, and reports need report:view', async () => {
    const { t, pa } = await scenario();
    const r = body<any>(await t.admin.get('/api/report/saving-product/with-plan')).data;
    expect(r.content).toHaveLength(1);
    expect(r.content[0]).toMatchObject({ id: pa.id, balance: 250000 });
    expect(r.content[0].plan).toMatchObject({
      planMonthlyAmount: 250000,
      planTargetBalance: 3000000,
      progressPercent: 8.33,
      status: 'ON_TRACK',
    });
    expect(r.totals).toMatchObject({ accounts: 1, balance: 250000, target: 3000000 });
    const mut = body<any>(await t.admin.get(`/api/transaction/product/${pa.id}/detail-mutation-saving-have-plan`)).data;
    expect(mut.plan.remainingToTarget).toBe(2750000);
    const x = await t.admin.get('/api/report/saving-product/with-plan', { format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    const nobody = await roleUser(t, { permissions: {} });
    for (const url of [
      '/api/report/saving',
      '/api/report/transactions',
      '/api/report/saving-product',
      '/api/report/saving-product-periode',
    ]) {
      const res = await nobody.get(url);
      expect(res.statusCode, url).toBe(403);
    }
    const other = await newTenant();
    expect((await other.admin.get(`/api/report/transactions/${pa.id}/detail`)).statusCode).toBe(404);
  });
});
