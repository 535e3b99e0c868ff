/**
 * Saving accounts: opening (approval, rules per product and member), the
 * equity accounts of an approved membership, the flags (tag, auto debit,
 * source of fund, block, no interest) with their audit, the member detail's
 * saving tab and summary, mandatory obligations (lists and schedule, SQL and
 * finance math agreeing), online cash-out requests, the savings and loans
 * summary, the exit settlement, agents.
 */
import { mandatorySchedule, periodOf, stepsFromVersions } from '@koperasi/finance/mandatory';
import { describe, expect, it } from 'vitest';
import { body, type Client, newTenant, type TestTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { createActiveMember, createArea, createMember, createUser, setConfig } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts, ledgerBalance } from './reconcile.ts';

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

async function open(c: Client, b: Record<string, unknown>) {
  return c.post('/api/transaction/request-open-product-member', b);
}

async function memberAccounts(t: TestTenant, memberId: string) {
  return body<any>(await t.admin.get(`/api/member/${memberId}/saving-product`)).data;
}

async function glDefaults(t: TestTenant, kind: string, savingType?: string): Promise<Record<string, string>> {
  const res = await t.admin.get('/api/product/gl-defaults', { kind, savingType });
  return Object.fromEntries(body<Array<{ role: string; coaId: string }>>(res).data.map((r) => [r.role, r.coaId]));
}

describe('opening accounts', () => {
  it('opens equity accounts at membership approval and bills the principal', async () => {
    const t = await newTenant();
    const m = await createActiveMember(t.admin, { fullName: 'Ahmad Yani' });
    const accs = await memberAccounts(t, m.id);
    expect(accs.accounts.map((a: any) => [a.savingType, a.accountNumber, a.status, a.balance])).toEqual([
      ['PRINCIPAL', 'SP.000001', 'ACTIVE', 0],
      ['MANDATORY', 'SW.000001', 'ACTIVE', 0],
    ]);
    const detail = body<any>(await t.admin.get(`/api/member/${m.id}/detail`)).data;
    expect(detail.principal).toMatchObject({ status: 'OWED', owed: 100000 });
    expect(detail.summary).toMatchObject({ countEquity: 2, amountEquity: 0, countSaving: 0 });
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'member_saving' ORDER BY id`),
    );
    expect(audits.map((a) => a.action)).toEqual(['saving.open', 'saving.open']);
    await assertReconciled(t.tenantId);
  });

  it('applies the product and member rules, with approval where the product asks for it', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin);
    const plan = body<any>(
      await t.admin.post('/api/product', {
        kind: 'SAVING',
        savingType: 'PLAN',
        name: 'Tabungan Pendidikan',
        planMonthlyAmount: 200000,
        planTargetBalance: 4800000,
        planTargetMonths: 24,
        requiresApproval: true,
        glAccounts: await glDefaults(t, 'SAVING', 'PLAN'),
      }),
    ).data;
    const deposit = body<any>(
      await t.admin.post('/api/product', {
        kind: 'SAVING_DEPOSIT',
        name: 'Berjangka',
        rate12Month: 6,
        glAccounts: await glDefaults(t, 'SAVING_DEPOSIT'),
      }),
    ).data;

    const withMoney = await open(t.admin, { memberId: m.id, productId: plan.id, initialDeposit: 200000 });
    expect(withMoney.statusCode).toBe(422);
    expect(body(withMoney).message).toBe(
      'Produk Tabungan Pendidikan memerlukan persetujuan pembukaan; setoran awal dilakukan setelah rekening disetujui',
    );
    const pending = await open(t.admin, { memberId: m.id, productId: plan.id, tag: 'Kuliah Rina' });
    expect(pending.statusCode).toBe(200);
    expect(body(pending).message).toBe('Pembukaan rekening menunggu persetujuan');
    const acc = body<any>(pending).data.account;
    expect(acc).toMatchObject({ status: 'PENDING', planMonthlyAmount: 200000, planTargetBalance: 4800000, tag: 'Kuliah Rina' });
    expect(acc.planTargetDate.slice(0, 7)).toBe(
      new Date(Date.UTC(Number(today().slice(0, 4)), Number(today().slice(5, 7)) - 1 + 24, 1)).toISOString().slice(0, 7),
    );
    const early = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: acc.id, amount: 1000 });
    expect(body(early).message).toBe(`Rekening ${acc.accountNumber} masih menunggu persetujuan pembukaan`);
    const noReason = await t.admin.post('/api/transaction/approve-open-product-member', { memberSavingId: acc.id, status: 'REJECTED' });
    expect(body(noReason).message).toBe('Alasan wajib diisi');
    const approved = await t.admin.post('/api/transaction/approve-open-product-member', { memberSavingId: acc.id, status: 'APPROVED' });
    expect(body<any>(approved).data).toMatchObject({ status: 'ACTIVE', openDate: today() });
    const twice = await t.admin.post('/api/transaction/approve-open-product-member', { memberSavingId: acc.id, status: 'APPROVED' });
    expect(body(twice).message).toBe(`Rekening ${acc.accountNumber} tidak sedang menunggu persetujuan`);

    const dupEquity = await open(t.admin, { memberId: m.id, productId: p.principal });
    expect(dupEquity.statusCode).toBe(409);
    expect(body(dupEquity).message).toBe('Anggota sudah memiliki rekening Simpanan Pokok (SP.000001)');
    const notPlan = await open(t.admin, { memberId: m.id, productId: p.voluntary, planMonthlyAmount: 1000 });
    expect(body(notPlan).message).toBe(
      'Setoran bulanan dan target hanya untuk tabungan berencana; Simpanan Sukarela bukan tabungan berencana',
    );
    const dep = await open(t.admin, { memberId: m.id, productId: deposit.id });
    // Deposits open through the deposits module's opener (deposits.test.ts): its own fields are required.
    expect(dep.statusCode).toBe(400);
    expect(body<any>(dep).data.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['amount', 'tenor']));
    const prospective = await createMember(t.admin);
    const pr = await open(t.admin, { memberId: prospective.id, productId: p.voluntary });
    expect(body(pr).message).toBe('Calon anggota Budi Santoso belum disetujui dan belum dapat bertransaksi');
    const nonMember = await createMember(t.admin, { memberType: 'NON_MEMBER' });
    const nm = await open(t.admin, { memberId: nonMember.id, productId: p.mandatory });
    expect(body(nm).message).toContain('hanya untuk anggota');
    expect((await open(t.admin, { memberId: nonMember.id, productId: p.voluntary })).statusCode).toBe(200);
    await t.admin.patch('/api/product', { id: p.voluntary, isActive: false });
    const inactive = await open(t.admin, { memberId: m.id, productId: p.voluntary });
    expect(body(inactive).message).toBe('Produk Simpanan Sukarela tidak aktif');
    await assertReconciled(t.tenantId);
  });
});

describe('flags', () => {
  it('tags, blocks, excludes from interest, sets the source of fund and auto debit, each audited', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin);
    const s = body<any>(await open(t.admin, { memberId: m.id, productId: p.voluntary, initialDeposit: 300000 })).data.account;
    const accs = (await memberAccounts(t, m.id)).accounts;
    const wajib = accs.find((a: any) => a.savingType === 'MANDATORY');

    const tag = await t.admin.patch(`/api/member/${s.id}/saving-product/tag`, { tag: 'Tabungan Lebaran' });
    expect(body<any>(tag).data.tag).toBe('Tabungan Lebaran');
    const noSource = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${wajib.id}/saving-auto-debit`,
      query: { isAutoDebit: 'true' },
    });
    expect(noSource.statusCode).toBe(422);
    expect(body(noSource).message).toBe('Tentukan dulu rekening sumber dana anggota (simpanan sukarela)');
    const badFlag = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${wajib.id}/saving-auto-debit`,
      query: { isAutoDebit: 'maybe' },
    });
    expect(body(badFlag).message).toBe('isAutoDebit harus true atau false');
    const wrongSource = await t.admin.patch(`/api/member/${m.id}/source-of-fund`, { memberSavingId: wajib.id });
    expect(body(wrongSource).message).toBe('Rekening sumber dana harus rekening simpanan sukarela yang aktif');
    const source = await t.admin.patch(`/api/member/${m.id}/source-of-fund`, { memberSavingId: s.id });
    expect(body<any>(source).data.isSourceOfFund).toBe(true);
    const other = await createActiveMember(t.admin);
    const notHis = await t.admin.patch(`/api/member/${other.id}/source-of-fund`, { memberSavingId: s.id });
    expect(body(notHis).message).toBe('Rekening ini milik anggota lain');
    const auto = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${wajib.id}/saving-auto-debit`,
      query: { isAutoDebit: 'true' },
    });
    expect(body<any>(auto).data.isAutoDebit).toBe(true);
    const voluntary = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${s.id}/saving-auto-debit`,
      query: { isAutoDebit: 'true' },
    });
    expect(body(voluntary).message).toBe('Auto debet hanya untuk simpanan wajib, simpanan pokok dan tabungan berencana');

    const tooMuch = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, {
      isBlocked: true,
      amount: 300001,
      reason: 'Jaminan',
    });
    expect(body(tooMuch).message).toBe('Nominal blokir melebihi saldo; maksimal Rp 300.000');
    const noAmount = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: true, reason: 'Jaminan' });
    expect(body(noAmount).message).toBe('Nominal yang diblokir wajib diisi');
    const noReason = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: true, amount: 1000 });
    expect(body(noReason).message).toBe('Alasan wajib diisi');
    const blocked = await t.admin.inject({
      method: 'PATCH',
      url: `/api/member/${s.id}/saving-product/blocked`,
      query: { isBlocked: 'true', amount: '120000', reason: 'Permintaan ahli waris' },
    });
    expect(body(blocked).message).toBe('Rekening berhasil diblokir');
    expect(body<any>(blocked).data).toMatchObject({
      isBlocked: true,
      blockedAmount: 120000,
      blockReason: 'Permintaan ahli waris',
      availableBalance: 170000,
    });
    const unblock = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: false, reason: 'Selesai' });
    expect(body<any>(unblock).data).toMatchObject({ isBlocked: false, blockedAmount: 0 });
    const unblockAgain = await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: false, reason: 'x' });
    expect(body(unblockAgain).message).toBe(`Rekening ${s.accountNumber} tidak sedang diblokir`);
    const ni = await t.admin.patch(`/api/member/${s.id}/saving-product/not-get-interest`, { isNotGetInterest: true });
    expect(body<any>(ni).data.isNotGetInterest).toBe(true);

    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string; before: any; after: any }>(
        `SELECT action, before, after FROM audit_log WHERE entity = 'member_saving' AND action NOT LIKE 'saving.open%' ORDER BY id`,
      ),
    );
    expect(audits.map((a) => a.action)).toEqual([
      'saving.tag',
      'saving.source_of_fund',
      'saving.auto_debit',
      'saving.block',
      'saving.unblock',
      'saving.not_get_interest',
    ]);
    expect(audits[3]).toMatchObject({ before: { blockedAmount: 0 }, after: { blockedAmount: 120000, reason: 'Permintaan ahli waris' } });

    const teller = await roleUser(t, 'AGENT');
    expect((await teller.patch(`/api/member/${s.id}/saving-product/tag`, { tag: 'x' })).statusCode).toBe(403);
    const foreign = await (await newTenant()).admin.patch(`/api/member/${s.id}/saving-product/tag`, { tag: 'x' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('mandatory savings', () => {
  it('lists members behind on wajib with their unpaid periods, agreeing with the finance schedule', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    await setConfig(t, 'cooperativeRegulation', { mandatorySavingDueDay: 1 });
    // Three members recorded with past join dates (the monthly wajib is 50.000).
    const join = (months: number) => {
      const d = new Date(Date.now() + 7 * 3600_000);
      d.setUTCDate(15);
      d.setUTCMonth(d.getUTCMonth() - months);
      return d.toISOString().slice(0, 10);
    };
    const a = await createMember(t.admin, { memberType: 'MEMBER', joinDate: join(5), fullName: 'Anggota Lima Bulan' });
    const b = await createMember(t.admin, { memberType: 'MEMBER', joinDate: join(2), fullName: 'Anggota Dua Bulan' });
    const c = await createMember(t.admin, { memberType: 'MEMBER', joinDate: join(1), fullName: 'Anggota Lunas' });
    const pay = (cif: string, amount: number) =>
      t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', { cif, productId: p.mandatory, amount });
    expect((await pay(a.cifNumber, 120000)).statusCode).toBe(200);
    expect((await pay(c.cifNumber, 100000)).statusCode).toBe(200);
    // A change of the amount from today on does not touch the months already due.
    await t.admin.patch('/api/product', { id: p.mandatory, amount: 60000 });

    const res = await t.admin.get('/api/home/member-not-paid-wajib');
    expect(res.statusCode).toBe(200);
    const list = body<any>(res).data;
    expect(list.product.period).toBe('BULANAN');
    expect(list.content.map((r: any) => r.fullName)).toEqual(['Anggota Lima Bulan', 'Anggota Dua Bulan']);
    const [ra, rb] = list.content;
    // a: 6 months due at 50.000 (this month started before today's change to 60.000), paid 120.000.
    expect(ra).toMatchObject({ periodsDue: 6, totalDue: 300000, paid: 120000, arrears: 180000, periodsUnpaid: 4 });
    expect(ra.unpaidPeriods[0]).toMatchObject({ status: 'PARTIAL', paid: 20000 });
    expect(rb).toMatchObject({ periodsDue: 3, totalDue: 150000, paid: 0, arrears: 150000, accountNumber: null });
    expect(list.totalArrears).toBe(330000);
    // Pages: the totals with every page, also one past the end (the totals and the page are one statement).
    const second = body<any>(await t.admin.get('/api/home/member-not-paid-wajib', { limit: 1, page: 1 })).data;
    expect([second.content.map((r: any) => r.fullName), second.totalElements, second.totalArrears]).toEqual([
      ['Anggota Dua Bulan'],
      2,
      330000,
    ]);
    const past = body<any>(await t.admin.get('/api/home/member-not-paid-wajib', { limit: 10, page: 5 })).data;
    expect([past.content, past.totalElements, past.totalArrears]).toEqual([[], 2, 330000]);

    // The SQL function and the finance schedule agree.
    const versions = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ version: number; effective_date: string; equity_amount: any }>(
        'SELECT version, effective_date, equity_amount FROM product_terms WHERE product_id = $1 ORDER BY version',
        [p.mandatory],
      ),
    );
    const steps = stepsFromVersions(
      versions.map((v) => ({ version: v.version, effectiveDate: v.effective_date, amount: v.equity_amount })),
    );
    for (const [start, paid] of [
      [join(5), 120000],
      [join(2), 0],
      [join(13), 999999],
    ] as const) {
      const s = mandatorySchedule({ start, asOf: today(), period: 'BULANAN', dueDay: 1, steps, paid });
      const sql = await t.app.db.tenant(t.tenantId, (tx) =>
        tx.one<{ periods: number; amount: any }>('SELECT * FROM saving_mandatory_due($1, $2, $3, $4)', [
          p.mandatory,
          periodOf(start, 'BULANAN'),
          s.throughPeriod,
          'BULANAN',
        ]),
      );
      expect(sql!.periods).toBe(s.periodsDue);
      expect(sql!.amount.toNumber()).toBe(s.totalDue.toNumber());
    }

    const schedule = body<any>(await t.admin.get(`/api/member/${a.id}/mandatory-saving`)).data;
    expect(schedule.schedule).toMatchObject({ periodsDue: 6, periodsPaid: 2, arrears: 180000 });
    const detail = body<any>(await t.admin.get(`/api/member/${a.id}/detail`)).data;
    expect(detail.summary).toMatchObject({ mandatoryDue: 300000, mandatoryArrears: 180000 });

    const pokok = body<any>(await t.admin.get('/api/home/member-not-paid-pokok')).data;
    expect(pokok.content.map((r: any) => r.cifNumber)).toEqual([a.cifNumber, b.cifNumber, c.cifNumber]);
    expect(pokok.content[0]).toMatchObject({ principalAmount: 100000, paid: 0, remaining: 100000 });
    expect(pokok.totalRemaining).toBe(300000);
    await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: b.cifNumber,
      productId: p.principal,
      amount: 30000,
    });
    const pokok2 = body<any>(await t.admin.get('/api/home/member-not-paid-pokok', { sortBy: 'remaining', ascOrDesc: 'ASC' })).data;
    expect(pokok2.content[0]).toMatchObject({ cifNumber: b.cifNumber, paid: 30000, remaining: 70000 });
    await assertReconciled(t.tenantId);
  });
});

describe('online cash-out requests', () => {
  it('takes a request from the member app, and staff approve it (the withdrawal posts) or reject it', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const acc = await coaIds(t.tenantId);
    const m = await createActiveMember(t.admin, { fullName: 'Wahyu Pratama' });
    const s = body<any>(await open(t.admin, { memberId: m.id, productId: p.voluntary, initialDeposit: 2000000 })).data.account;
    const req = {
      memberSavingId: s.id,
      amount: 500000,
      bankName: 'BRI',
      bankAccountNumber: '0123-01-000123-50-1',
      bankAccountName: 'Wahyu Pratama',
    };
    const disabled = await t.admin.post('/api/home/request-cashing-out-online/submit', req);
    expect(body(disabled).message).toBe('Penarikan online tidak diaktifkan oleh koperasi');
    await setConfig(t, 'mobileApps', { enabled: true, onlineWithdrawal: true });
    const tooBig = await t.admin.post('/api/home/request-cashing-out-online/submit', { ...req, amount: 6000000 });
    expect(body(tooBig).message).toBe('Penarikan online maksimal Rp 5.000.000');
    const small = await t.admin.post('/api/home/request-cashing-out-online/submit', { ...req, amount: 5000 });
    expect(body(small).message).toBe('Penarikan online minimal Rp 10.000');
    const noBank = await t.admin.post('/api/home/request-cashing-out-online/submit', { ...req, bankName: '' });
    expect(body(noBank).message).toBe('Nama bank wajib diisi');
    const r1 = body<any>(await t.admin.post('/api/home/request-cashing-out-online/submit', req)).data;
    expect(r1).toMatchObject({ status: 'WAITING', channel: 'MOBILE', amount: 500000, bankName: 'BRI' });
    const r2 = body<any>(await t.admin.post('/api/home/request-cashing-out-online/submit', { ...req, amount: 1400000 })).data;
    const third = await t.admin.post('/api/home/request-cashing-out-online/submit', { ...req, amount: 100000 });
    expect(body(third).message).toBe('Saldo tidak cukup: dapat ditarik Rp 90.000 setelah permintaan yang menunggu (Rp 1.900.000)');

    const list = body<any>(await t.admin.get('/api/home/request-cashing-out-online')).data;
    expect(list).toMatchObject({ totalElements: 2, waitingCount: 2, waitingAmount: 1900000 });
    expect(list.content.map((x: any) => x.id)).toEqual([r1.id, r2.id]);
    const detail = body<any>(await t.admin.get(`/api/home/request-cashing-out-online/${r1.id}/detail`)).data;
    expect(detail).toMatchObject({ memberName: 'Wahyu Pratama', accountNumber: s.accountNumber, bankAccountNumber: '0123-01-000123-50-1' });

    const approve = await t.admin.post('/api/home/request-cashing-out-online', { id: r1.id, status: 'APPROVED', coaId: acc['10104'] });
    expect(approve.statusCode).toBe(200);
    const tx = body<any>(approve).data.transaction;
    expect(tx).toMatchObject({ activity: 'CASH_OUT_ONLINE', channel: 'MOBILE', cashCoa: { code: '10104' }, balanceAfter: 1500000 });
    expect(tx.description).toContain('BRI 0123-01-000123-50-1 a.n. Wahyu Pratama');
    const reject = await t.admin.post('/api/home/request-cashing-out-online', {
      id: r2.id,
      status: 'REJECTED',
      reason: 'Rekening tujuan tidak sesuai',
    });
    expect(body<any>(reject).data.request).toMatchObject({ status: 'REJECTED', reason: 'Rekening tujuan tidak sesuai' });
    const all = body<any>(await t.admin.get('/api/home/request-cashing-out-online', { status: 'ALL' })).data;
    expect(all.content.map((x: any) => x.status).sort()).toEqual(['APPROVED', 'REJECTED']);
    expect((await ledgerBalance(t.tenantId, '10104')).toNumber()).toBe(-500000);
    const summary = body<any>(await t.admin.get('/api/home/saving-loan')).data;
    expect(summary.savings).toMatchObject({ totalSaving: 1500000, totalEquity: 0 });
    expect(summary.savings.thisMonth).toMatchObject({ deposits: 2000000, withdrawals: 500000 });
    expect(summary.savings.trend).toHaveLength(6);
    expect(summary).toHaveProperty('loans');
    await assertReconciled(t.tenantId);
  });
});

describe('exit', () => {
  it('lists savings and equity at the exit check and pays them out at exit, closing the accounts', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const acc = await coaIds(t.tenantId);
    const m = await createActiveMember(t.admin, { fullName: 'Bambang Sutrisno' });
    const s = body<any>(await open(t.admin, { memberId: m.id, productId: p.voluntary, initialDeposit: 750000 })).data.account;
    await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: m.cifNumber,
      productId: p.principal,
      amount: 100000,
    });
    await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: m.cifNumber,
      productId: p.mandatory,
      amount: 150000,
    });
    await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: true, amount: 5000, reason: 'Koreksi' });
    const blocked = body<any>(await t.admin.get('/api/member/exit-check', { memberId: m.id })).data;
    expect(blocked.canExit).toBe(false);
    expect(blocked.blocking[0].message).toBe(`Rekening Simpanan Sukarela ${s.accountNumber} masih diblokir`);
    await t.admin.patch(`/api/member/${s.id}/saving-product/blocked`, { isBlocked: false, reason: 'Selesai' });
    const check = body<any>(await t.admin.get('/api/member/exit-check', { memberId: m.id })).data;
    expect(check.settlement.map((x: any) => [x.kind, x.amount])).toEqual([
      ['EQUITY', 100000],
      ['EQUITY', 150000],
      ['SAVING', 750000],
    ]);
    expect(check.settlementTotal).toBe(1000000);
    const exit = await t.admin.post('/api/member/exit-confirm', { memberId: m.id, reason: 'Pensiun', coaId: acc['10105'] });
    expect(exit.statusCode).toBe(200);
    const after = await memberAccounts(t, m.id);
    expect(after.accounts.every((a: any) => a.status === 'CLOSED' && a.balance === 0)).toBe(true);
    expect((await ledgerBalance(t.tenantId, '10105')).toNumber()).toBe(-1000000);
    expect((await ledgerBalance(t.tenantId, '30101')).toNumber()).toBe(0);
    const exits = body<any>(await t.admin.get('/api/transaction/datatable', { activity: 'EXIT', memberId: m.id })).data;
    expect(exits.totalElements).toBe(3);
    expect(new Set(exits.content.map((x: any) => x.journalId)).size).toBe(1);
    await assertReconciled(t.tenantId);
  });
});

describe('agents', () => {
  it('work only on their members and see only their own transactions', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const area = await createArea(t, 'Area Pasar');
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    const mine = await createActiveMember(t.admin, { areaId: area });
    const notMine = await createActiveMember(t.admin);
    const s1 = body<any>(await open(t.admin, { memberId: mine.id, productId: p.voluntary, initialDeposit: 10000 })).data.account;
    const s2 = body<any>(await open(t.admin, { memberId: notMine.id, productId: p.voluntary, initialDeposit: 10000 })).data.account;
    const dep = await agent.client.post('/api/transaction/topup-saving', { memberSavingId: s1.id, amount: 50000 });
    expect(dep.statusCode).toBe(200);
    expect(body<any>(dep).data.transaction.channel).toBe('AGENT');
    expect((await agent.client.post('/api/transaction/topup-saving', { memberSavingId: s2.id, amount: 50000 })).statusCode).toBe(404);
    const list = body<any>(await agent.client.get('/api/transaction/datatable')).data;
    expect(list.content.map((x: any) => x.memberSavingId)).toEqual([s1.id]);
    const byMe = body<any>(await agent.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data;
    expect(byMe.totalElements).toBe(1);
    const search = body<any>(await agent.client.get('/api/transaction/saving/search', { q: 'budi', kind: 'SAVING' })).data;
    expect(search.map((x: any) => x.id)).toEqual([s1.id]);
    expect((await agent.client.get(`/api/member/${notMine.id}/saving-product`)).statusCode).toBe(404);
    const close = await agent.client.post('/api/transaction/close-product-saving', { memberSavingId: s1.id });
    expect(close.statusCode).toBe(403);
    await assertReconciled(t.tenantId);
  });
});

describe('as-you-type account search (GET /api/transaction/saving/search)', () => {
  it('finds by exact CIF first, CIF prefix, account number prefix, phone (08…), name; never a closed account or another agent’s member', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const area = await createArea(t, 'Area Cari');
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    const siti = await createActiveMember(t.admin, { fullName: 'Siti Rahmawati', areaId: area });
    const sitiAcc = body<any>(await open(t.admin, { memberId: siti.id, productId: p.voluntary, initialDeposit: 10000 })).data.account;
    const budi = await createActiveMember(t.admin, { fullName: 'Budi Santoso' });
    const budiAcc = body<any>(await open(t.admin, { memberId: budi.id, productId: p.voluntary, initialDeposit: 10000 })).data.account;
    const search = async (q: string, c = t.admin) => {
      const res = await c.get('/api/transaction/saving/search', { q, kind: 'SAVING' });
      expect(res.statusCode).toBe(200);
      return body<any>(res).data.map((x: any) => x.id);
    };
    expect(await search(siti.cifNumber)).toEqual([sitiAcc.id]);
    expect(await search(siti.cifNumber.toLowerCase())).toEqual([sitiAcc.id]);
    // Both CIFs share the cooperative's prefix: the exact one first.
    const prefix = siti.cifNumber.slice(0, 4);
    expect(budi.cifNumber.startsWith(prefix)).toBe(true);
    expect((await search(prefix)).sort()).toEqual([sitiAcc.id, budiAcc.id].sort());
    expect(await search(budiAcc.accountNumber.slice(0, -1))).toContain(budiAcc.id);
    expect(await search(budiAcc.accountNumber.toLowerCase())).toEqual([budiAcc.id]);
    const phone = (budi as any).phone as string;
    expect(await search(`0${phone.slice(3, 10)}`)).toEqual([budiAcc.id]);
    expect(await search('rahmaw')).toEqual([sitiAcc.id]);
    expect(await search('zzzz')).toEqual([]);
    // An agent finds only its members, by name, CIF or account number.
    expect(await search('budi', agent.client)).toEqual([]);
    expect(await search(budiAcc.accountNumber, agent.client)).toEqual([]);
    expect(await search(siti.cifNumber, agent.client)).toEqual([sitiAcc.id]);
    // A closed account is not offered.
    expect(
      (
        await t.admin.post('/api/transaction/close-product-saving', {
          memberSavingId: budiAcc.id,
          coaId: (await coaIds(t.tenantId))['10101'],
        })
      ).statusCode,
    ).toBe(200);
    expect(await search(budiAcc.accountNumber)).toEqual([]);
  });
});
