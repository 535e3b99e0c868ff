/**
 * Produk: the five kinds with their terms and GL mapping, the seeded
 * defaults, versioned terms, the onboarding wizard, validation messages,
 * permissions and tenant isolation.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts } from './reconcile.ts';

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + 7 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function glDefaults(t: TestTenant, kind: string, savingType?: string): Promise<Record<string, string>> {
  const res = await t.admin.get('/api/product/gl-defaults', { kind, savingType });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(body<Array<{ role: string; coaId: string }>>(res).data.map((r) => [r.role, r.coaId]));
}

describe('products', () => {
  it('gives every new cooperative simpanan pokok, wajib and sukarela mapped to the default COA', async () => {
    const t = await newTenant();
    const res = await t.admin.get('/api/product/datatable', { limit: 50, sortBy: 'code', ascOrDesc: 'ASC' });
    expect(res.statusCode).toBe(200);
    const rows = body<{ content: any[]; totalElements: number }>(res).data;
    expect(rows.totalElements).toBe(3);
    const byCode = Object.fromEntries(rows.content.map((p) => [p.code, p]));
    expect(byCode.SP).toMatchObject({
      kind: 'SAVING_EQUITY',
      savingType: 'PRINCIPAL',
      name: 'Simpanan Pokok',
      audience: 'MEMBER',
      systemKey: 'PRINCIPAL',
    });
    expect(byCode.SP.terms).toMatchObject({ version: 1, amount: 100000 });
    expect(byCode.SP.glAccounts).toEqual([expect.objectContaining({ role: 'CONTROL', code: '30101' })]);
    expect(byCode.SW.terms).toMatchObject({ amount: 50000, period: 'BULANAN' });
    expect(byCode.SW.glAccounts[0].code).toBe('30102');
    expect(byCode.SS).toMatchObject({ kind: 'SAVING', savingType: 'VOLUNTARY' });
    expect(byCode.SS.terms).toMatchObject({ minBalance: 10000, baseRate: 3, balanceBasis: 'TERENDAH', interestTax: 10 });
    expect(Object.fromEntries(byCode.SS.glAccounts.map((g: any) => [g.role, g.code]))).toEqual({
      ADMIN_FEE_INCOME: '40103',
      CLOSING_FEE_INCOME: '40106',
      CONTROL: '20101',
      INTEREST_EXPENSE: '50101',
      TAX_PAYABLE: '20202',
    });

    const cats = await t.admin.get('/api/product/saving_equity/categories');
    expect(body<any[]>(cats).data.map((p) => p.savingType)).toEqual(['MANDATORY', 'PRINCIPAL']);
    const bad = await t.admin.get('/api/product/SHARES/categories');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Jenis produk harus SAVING, SAVING_EQUITY, SAVING_DEPOSIT, LOAN atau BILL');
  });

  it('creates a product of every kind with its fields stored and validated', async () => {
    const t = await newTenant();
    const cases: Array<[string, string | undefined, Record<string, unknown>, Record<string, unknown>]> = [
      [
        'SAVING',
        'PLAN',
        {
          name: 'Tabungan Haji',
          minBalance: 0,
          baseRate: 4.5,
          balanceBasis: 'RATA_RATA',
          closingFee: 25000,
          monthlyAdminFee: 2500,
          interestTax: 10,
          interestMinBalance: 100000,
          interestMaxBalance: 500000000,
          dailyInterestPercent: 0.0123,
          blockAmount: 50000,
          planMonthlyAmount: 500000,
          planTargetBalance: 30000000,
          planTargetMonths: 60,
          requiresApproval: true,
        },
        {
          baseRate: 4.5,
          balanceBasis: 'RATA_RATA',
          planTargetMonths: 60,
          dailyInterestPercent: 0.0123,
          blockAmount: 50000,
          interestMaxBalance: 500000000,
        },
      ],
      ['SAVING_EQUITY', 'PARTICIPATION', { name: 'Modal Penyertaan Anggota', amount: 1000000 }, { amount: 1000000 }],
      [
        'SAVING_DEPOSIT',
        undefined,
        {
          name: 'Simpanan Berjangka Prima',
          rate1Month: 4,
          rate3Month: 5,
          rate6Month: 5.5,
          rate12Month: 6,
          rate24Month: 6.5,
          profitSharing: 70,
          minDeposit: 1000000,
          maxDeposit: 2000000000,
          earlyWithdrawalPenalty: 1.5,
          taxFreeInterestAmount: 240000,
          interestTax: 20,
          breakNeedsApproval: true,
          interestWithdrawalNeedsApproval: false,
          autoRollover: true,
        },
        { deposit: expect.objectContaining({ rate12Month: 6, earlyWithdrawalPenalty: 1.5, autoRollover: true, interestTax: 20 }) },
      ],
      [
        'LOAN',
        undefined,
        {
          name: 'Pinjaman Usaha Mikro',
          interestMethod: 'ANUITAS',
          interestRate: 1.25,
          installmentPayMethod: 'POKOK & JASA',
          minAmount: 1000000,
          maxAmount: 50000000,
          minTenor: 3,
          maxTenor: 36,
          adminFee: 1,
          adminFeeType: 'PERCENT',
          provisionFee: 50000,
          provisionFeeType: 'NOMINAL',
          fine: 0.1,
          fineMethod: 'PERCENT',
          dueDay: 25,
          applicationNeedsApproval: true,
          requiresCollateral: true,
          otherCosts: 15000,
        },
        {
          loan: expect.objectContaining({ interestMethod: 'ANUITAS', interestRate: 1.25, maxTenor: 36, dueDay: 25, fineMethod: 'PERCENT' }),
        },
      ],
      [
        'BILL',
        undefined,
        { name: 'Tagihan Sembako', billType: 'FIXED_BILL', adminFee: 2000, installments: 10, billAmount: 150000 },
        { bill: expect.objectContaining({ billType: 'FIXED_BILL', installments: 10 }) },
      ],
    ];
    for (const [kind, savingType, fields, terms] of cases) {
      const res = await t.admin.post('/api/product', { kind, savingType, ...fields, glAccounts: await glDefaults(t, kind, savingType) });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(body(res).message).toBe('Produk berhasil dibuat');
      const p = body<any>(res).data;
      expect(p).toMatchObject({ kind, name: fields.name, isActive: true });
      expect(p.code).toMatch(/^(SS|SE|SB|PJ|TG)-001$/);
      expect(p.terms).toMatchObject({ version: 1, effectiveDate: today(), ...terms });
      const detail = body<any>(await t.admin.get(`/api/product/${p.id}/detail`)).data;
      expect(detail.versions).toHaveLength(1);
      expect(detail.glAccounts.length).toBeGreaterThan(0);
    }
    const list = body<{ totalElements: number }>(await t.admin.get('/api/product/datatable', { kind: 'LOAN' })).data;
    expect(list.totalElements).toBe(1);
    const search = body<{ content: any[] }>(await t.admin.get('/api/product/datatable', { search: 'HAJI' })).data;
    expect(search.content.map((p) => p.name)).toEqual(['Tabungan Haji']);
  });

  it('refuses incomplete or wrong GL mappings and bad terms, each with its message', async () => {
    const t = await newTenant();
    const acc = await coaIds(t.tenantId);
    const gl = await glDefaults(t, 'SAVING', 'VOLUNTARY');
    const post = (b: Record<string, unknown>) => t.admin.post('/api/product', { kind: 'SAVING', name: 'Sukarela Plus', ...b });

    const missing = await post({ glAccounts: { ...gl, TAX_PAYABLE: null } });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Semua akun COA wajib dipilih');
    expect(body<any>(missing).data.fields).toEqual([{ field: 'glAccounts.TAX_PAYABLE', message: 'Semua akun COA wajib dipilih' }]);
    const english = await t.admin.post('/api/product', { kind: 'SAVING', name: 'X', glAccounts: {} }, { 'accept-language': 'en' });
    expect(body(english).message).toBe('Every COA account must be selected');

    const wrongType = await post({ glAccounts: { ...gl, CONTROL: acc['10101'] } });
    expect(wrongType.statusCode).toBe(422);
    expect(body(wrongType).message).toBe('Akun 10101 Kas Besar tidak sesuai untuk CONTROL; pilih akun berjenis LIABILITY');
    const header = await post({ glAccounts: { ...gl, CONTROL: acc['201'] } });
    expect(body(header).message).toBe('Akun 201 Simpanan Anggota (CONTROL) adalah akun induk; pilih akun rinciannya');
    const unknownRole = await post({ glAccounts: { ...gl, RECEIVABLE: acc['10201'] } });
    expect(body(unknownRole).message).toContain('Peran akun RECEIVABLE tidak dikenal');

    const noName = await post({ name: '', glAccounts: gl });
    expect(body(noName).message).toBe('Nama wajib diisi');
    const badKind = await t.admin.post('/api/product', { kind: 'SAHAM', name: 'x', glAccounts: gl });
    expect(body(badKind).message).toBe('Jenis produk harus SAVING, SAVING_EQUITY, SAVING_DEPOSIT, LOAN atau BILL');
    const decimals = await post({ minBalance: 10.555, glAccounts: gl });
    expect(body(decimals).message).toBe('Nominal maksimal 2 angka di belakang koma');
    const pct = await post({ baseRate: 120, glAccounts: gl });
    expect(body(pct).message).toBe('Maksimal persentase adalah 100');
    const maxMin = await post({ interestMinBalance: 500000, interestMaxBalance: 100000, glAccounts: gl });
    expect(body(maxMin).message).toBe('Saldo maksimum berjasa tidak boleh lebih kecil dari saldo minimum berjasa');
    const plan = await post({ savingType: 'PLAN', glAccounts: await glDefaults(t, 'SAVING', 'PLAN') });
    expect(body(plan).message).toBe('Setoran bulanan tabungan berencana wajib diisi');
    const loan = await t.admin.post('/api/product', { kind: 'LOAN', name: 'P', interestRate: 2, glAccounts: await glDefaults(t, 'LOAN') });
    expect(body(loan).message).toBe('Metode perhitungan jasa wajib dipilih');
    const tenor = await t.admin.post('/api/product', {
      kind: 'LOAN',
      name: 'P',
      interestMethod: 'FLAT',
      interestRate: 2,
      minTenor: 12,
      maxTenor: 6,
      glAccounts: await glDefaults(t, 'LOAN'),
    });
    expect(body(tenor).message).toBe('Tenor maksimum tidak boleh lebih kecil dari tenor minimum');
    const bill = await t.admin.post('/api/product', { kind: 'BILL', name: 'T', glAccounts: await glDefaults(t, 'BILL') });
    expect(body(bill).message).toBe('Jenis tagihan wajib dipilih');
    const eqType = await t.admin.post('/api/product', {
      kind: 'SAVING_EQUITY',
      savingType: 'VOLUNTARY',
      name: 'E',
      amount: 1,
      glAccounts: {},
    });
    expect(body(eqType).message).toContain('Jenis simpanan tidak valid');

    const secondPokok = await t.admin.post('/api/product', {
      kind: 'SAVING_EQUITY',
      savingType: 'PRINCIPAL',
      name: 'Simpanan Pokok Baru',
      amount: 200000,
      glAccounts: await glDefaults(t, 'SAVING_EQUITY', 'PRINCIPAL'),
    });
    expect(secondPokok.statusCode).toBe(409);
    expect(body(secondPokok).message).toBe('Sudah ada produk simpanan pokok yang aktif (Simpanan Pokok); nonaktifkan dulu produk tersebut');
    const dupName = await post({ name: 'simpanan sukarela', glAccounts: gl });
    expect(dupName.statusCode).toBe(409);
    expect(body(dupName).message).toBe('Nama produk simpanan sukarela sudah dipakai');
    const dupCode = await post({ code: 'sp', glAccounts: gl });
    expect(body(dupCode).message).toBe('Kode produk SP sudah dipakai');
    await assertReconciled(t.tenantId);
  });

  it('versions terms by effective date: movements keep the terms of their day, changes never backdate', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin);
    const open = body<any>(
      await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 200000,
      }),
    ).data;
    const first = open.transaction;

    const patch = await t.admin.patch('/api/product', { id: p.voluntary, minBalance: 50000, baseRate: 3.5 });
    expect(patch.statusCode).toBe(200);
    const v2 = body<any>(patch).data;
    expect(v2.terms).toMatchObject({ version: 2, effectiveDate: today(), minBalance: 50000, baseRate: 3.5, balanceBasis: 'TERENDAH' });
    expect(v2.versions.map((v: any) => v.version)).toEqual([2, 1]);

    // The withdrawal now keeps the new minimum balance and records the version it used.
    const tooMuch = await t.admin.post('/api/transaction/withdraw', { memberSavingId: open.account.id, amount: 160000 });
    expect(tooMuch.statusCode).toBe(422);
    expect(body(tooMuch).message).toContain('dapat ditarik Rp 150.000');
    const w = body<any>(await t.admin.post('/api/transaction/withdraw', { memberSavingId: open.account.id, amount: 150000 })).data
      .transaction;
    const detail = (id: string) => t.admin.get(`/api/transaction/${id}/detail`);
    expect(body<any>(await detail(first.id)).data.termsVersion).toBe(1);
    expect(body<any>(await detail(w.id)).data.termsVersion).toBe(2);

    // Same values again: no new version.
    const same = body<any>(await t.admin.patch('/api/product', { id: p.voluntary, minBalance: 50000 })).data;
    expect(same.versions).toHaveLength(2);

    const past = await t.admin.patch('/api/product', { id: p.voluntary, minBalance: 1, effectiveDate: plusDays(-1) });
    expect(past.statusCode).toBe(422);
    expect(body(past).message).toBe('Perubahan ketentuan produk tidak boleh berlaku mundur; pilih hari ini atau tanggal sesudahnya');

    const future = body<any>(await t.admin.patch('/api/product', { id: p.voluntary, closingFee: 10000, effectiveDate: plusDays(30) })).data;
    expect(future.terms.version).toBe(2);
    expect(future.upcomingTerms).toMatchObject({ version: 3, effectiveDate: plusDays(30), closingFee: 10000, minBalance: 50000 });
    const beforeScheduled = await t.admin.patch('/api/product', { id: p.voluntary, closingFee: 5000 });
    expect(body(beforeScheduled).message).toBe(
      `Sudah ada ketentuan yang dijadwalkan berlaku ${plusDays(30)}; perubahan baru harus berlaku pada tanggal itu atau sesudahnya`,
    );

    const onlyDate = await t.admin.patch('/api/product', { id: p.voluntary, effectiveDate: plusDays(40) });
    expect(body(onlyDate).message).toBe('Tanggal berlaku hanya diisi bersama perubahan ketentuan produk');
    const foreign = await t.admin.patch('/api/product', { id: p.voluntary, interestMethod: 'FLAT' });
    expect(body(foreign).message).toBe('Isian interestMethod tidak berlaku untuk produk SAVING');

    // With accounts the control account and the code are fixed; other roles may change.
    const acc = await coaIds(t.tenantId);
    const control = await t.admin.patch('/api/product', { id: p.voluntary, glAccounts: { CONTROL: acc['20104'] } });
    expect(control.statusCode).toBe(422);
    expect(body(control).message).toBe('Akun pengendali tidak dapat diubah karena produk sudah memiliki 1 rekening anggota');
    const code = await t.admin.patch('/api/product', { id: p.voluntary, code: 'SUK' });
    expect(body(code).message).toBe('Kode produk tidak dapat diubah karena sudah dipakai pada nomor rekening anggota');
    const fee = await t.admin.patch('/api/product', { id: p.voluntary, glAccounts: { ADMIN_FEE_INCOME: acc['40302'] } });
    expect(fee.statusCode).toBe(200);
    expect(body<any>(fee).data.glAccounts.find((g: any) => g.role === 'ADMIN_FEE_INCOME').code).toBe('40302');

    const renamed = body<any>(
      await t.admin.patch('/api/product', { id: p.voluntary, name: 'Sukarela Harian', description: 'Setor tarik kapan saja' }),
    ).data;
    expect(renamed).toMatchObject({ name: 'Sukarela Harian', description: 'Setor tarik kapan saja', accountCount: 1, totalBalance: 50000 });

    // Every change is audited with before and after.
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'product' AND entity_id = $1 ORDER BY id`, [p.voluntary]),
    );
    expect(audits.map((a) => a.action)).toEqual(['product.update', 'product.update', 'product.update', 'product.update']);
    await assertReconciled(t.tenantId);
  });

  it('keeps the regulation’s principal and mandatory amounts equal to the products', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    await t.admin.patch('/api/product', { id: p.principal, amount: 150000 });
    const reg = body<any>(await t.admin.get('/api/configuration', { key: 'cooperativeRegulation' })).data.cooperativeRegulation;
    expect(reg.principalSavingAmount).toBe(150000);
    const m = await createActiveMember(t.admin);
    const detail = body<any>(await t.admin.get(`/api/member/${m.id}/detail`)).data;
    expect(detail.principal).toMatchObject({ status: 'OWED', owed: 150000 });
    const period = await t.admin.patch('/api/product', { id: p.mandatory, period: 'HARIAN' });
    expect(body(period).message).toBe('Periode simpanan wajib tidak dapat diubah karena anggota sudah memiliki rekening produk ini');
  });

  it('turns the onboarding wizard’s configuration into products, again without duplicates', async () => {
    const t = await newTenant();
    const wizard = {
      saving: {
        principalSavingAmount: 250000,
        mandatorySavingAmount: 2000,
        mandatorySavingPeriod: 'HARIAN',
        voluntarySavingMinBalance: 25000,
        voluntarySavingInterestRatePerYear: 2.5,
      },
      loan: { interestMethod: 'EFEKTIF_BULAN', interestRatePerMonth: 1.8, minTenorMonths: 6, maxTenorMonths: 24, adminFee: 75000 },
    };
    const res = await t.admin.post('/api/tenant/onboarding', wizard);
    expect(res.statusCode).toBe(200);
    const p = await defaultProducts(t.tenantId);
    const get = async (id: string) => body<any>(await t.admin.get(`/api/product/${id}/detail`)).data;
    expect((await get(p.principal)).terms).toMatchObject({ version: 2, amount: 250000 });
    expect((await get(p.mandatory)).terms).toMatchObject({ version: 2, amount: 2000, period: 'HARIAN' });
    expect((await get(p.voluntary)).terms).toMatchObject({ version: 2, minBalance: 25000, baseRate: 2.5 });
    const loans = body<any>(await t.admin.get('/api/product/datatable', { kind: 'LOAN' })).data.content;
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({ name: 'Pinjaman Umum', systemKey: 'LOAN' });
    expect(loans[0].terms.loan).toMatchObject({
      interestMethod: 'EFEKTIF_BULAN',
      interestRate: 1.8,
      minTenor: 6,
      maxTenor: 24,
      adminFee: 75000,
    });

    const again = await t.admin.post('/api/tenant/onboarding', { ...wizard, loan: { ...wizard.loan, interestRatePerMonth: 2 } });
    expect(again.statusCode).toBe(200);
    const loans2 = body<any>(await t.admin.get('/api/product/datatable', { kind: 'LOAN' })).data.content;
    expect(loans2).toHaveLength(1);
    expect(loans2[0].terms).toMatchObject({ version: 2 });
    expect(loans2[0].terms.loan.interestRate).toBe(2);
    expect((await get(p.principal)).versions).toHaveLength(2);
  });

  it('guards every call by permission and keeps cooperatives apart', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const teller = await roleUser(t, 'TELLER');
    expect((await teller.get('/api/product/datatable')).statusCode).toBe(200);
    const add = await teller.post('/api/product', { kind: 'SAVING', name: 'x', glAccounts: {} });
    expect(add.statusCode).toBe(403);
    expect((await teller.patch('/api/product', { id: p.voluntary, name: 'x' })).statusCode).toBe(403);
    const agent = await roleUser(t, 'AGENT');
    expect((await agent.get('/api/product/datatable')).statusCode).toBe(403);
    const picks = await agent.get('/api/product/SAVING/categories');
    expect(picks.statusCode).toBe(200);
    // Without product:view: the terms, not the GL mapping or the cooperative's totals.
    const pick = body<any[]>(picks).data.find((x) => x.id === p.voluntary);
    expect(pick.terms.minBalance).toBeDefined();
    expect(pick).not.toHaveProperty('glAccounts');
    expect(pick).not.toHaveProperty('accountCount');
    expect(pick).not.toHaveProperty('totalBalance');
    const full = body<any[]>(await t.admin.get('/api/product/SAVING/categories')).data.find((x) => x.id === p.voluntary);
    expect(full).toHaveProperty('totalBalance');
    expect(full.glAccounts.length).toBeGreaterThan(0);
    expect((await other.admin.get(`/api/product/${p.voluntary}/detail`)).statusCode).toBe(404);
    const foreign = await other.admin.patch('/api/product', { id: p.voluntary, name: 'Diambil' });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).message).toBe('Produk tidak ditemukan');
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/product', '/api/product/datatable', '/api/product/{id}/detail', '/api/product/{id}/categories']) {
      expect(docs.paths[path], path).toBeDefined();
    }
  });
});
