/**
 * Loans through the API: application, approval, release, reads, schedule
 * changes, online requests, flags, simulations, permissions and tenancy.
 * Every refusal with its message; after every money test the ledger balances
 * and the loan receivable equals the sum of the running loans' remaining
 * principal (loans-fixtures registers the check).
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { roleUser } from './ledger-helpers.ts';
import { apply, createLoanProduct, limitedUser, loanSetup, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';
import { setConfig } from './members-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

const L = '/api/transaction/product/loan';

describe('life of a loan', () => {
  it('applies, approves, releases to cash with fees deducted, pays installments and pays off', async () => {
    const s = await loanSetup();
    const a = await apply(s.t.admin, s, { collaterals: [{ type: 'BPKB', number: 'B-123', value: 15_000_000 }] });
    expect(a.statusCode, a.body).toBe(200);
    const opened = body<any>(a).data;
    expect(opened.status).toBe('WAITING_APPROVAL');
    expect(opened.loan).toMatchObject({
      amount: 12_000_000,
      tenorInMonth: 12,
      status: 'WAITING_APPROVAL',
      label: 'waiting approval',
      adminFee: 50_000,
      provisionFee: 120_000,
    });
    const id = opened.loan.id;

    const ap = await s.t.admin.post(`${L}/${id}/approved-loan`, { status: 'APPROVED' });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(body(ap).message).toBe('Pinjaman berhasil disetujui');

    const cashBefore = await ledgerBalance(s.t.tenantId, '10101');
    const r = await s.t.admin.post(`${L}/release`, { loanId: id, destination: 'CASH' });
    expect(r.statusCode, r.body).toBe(200);
    const loan = body<any>(r).data.loan;
    expect(loan).toMatchObject({
      status: 'RUNNING',
      netDisbursed: 11_830_000,
      remainingPrincipal: 12_000_000,
      installmentAmount: 1_120_000,
    });
    expect(loan.installments).toHaveLength(12);
    expect(loan.installments[0]).toMatchObject({ number: 1, principal: 1_000_000, interest: 120_000, status: 'UNPAID' });
    expect((await ledgerBalance(s.t.tenantId, '10101')).toNumber()).toBe(cashBefore.toNumber() - 11_830_000);
    expect((await ledgerBalance(s.t.tenantId, '10201')).toNumber()).toBe(12_000_000);
    expect((await ledgerBalance(s.t.tenantId, '40103')).toNumber()).toBe(50_000);
    expect((await ledgerBalance(s.t.tenantId, '40104')).toNumber()).toBe(120_000);
    await assertReconciled(s.t.tenantId);

    const p1 = await s.t.admin.post(`${L}/payment-installment`, { loanId: id, count: 2 });
    expect(p1.statusCode, p1.body).toBe(200);
    expect(body<any>(p1).data.payment).toMatchObject({
      kind: 'INSTALLMENT',
      amount: 2_240_000,
      principal: 2_000_000,
      interest: 240_000,
      fine: 0,
    });
    expect(body<any>(p1).data.loan.remainingPrincipal).toBe(10_000_000);
    await assertReconciled(s.t.tenantId);

    const out = body<any>(await s.t.admin.get(`${L}/${id}/detail-outstanding`)).data;
    expect(out).toMatchObject({ remainingPrincipal: 10_000_000, fine: 0 });

    const off = await s.t.admin.post(`${L}/payment-full`, { loanId: id });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).message).toBe('Pinjaman lunas');
    expect(body<any>(off).data.payment.amount).toBe(out.total);
    expect(body<any>(off).data.loan).toMatchObject({ status: 'PAID_OFF', remainingPrincipal: 0, label: 'paid off' });
    expect((await ledgerBalance(s.t.tenantId, '10201')).toNumber()).toBe(0);
    await assertReconciled(s.t.tenantId);

    const pays = body<any>(await s.t.admin.get(`${L}/${id}/mutation-payments`)).data;
    expect(pays.totalElements).toBe(2);
    const muts = body<any>(await s.t.admin.get(`${L}/${id}/mutation-loan`)).data.content.map((m: any) => m.activity);
    expect(muts).toEqual(['APPLICATION', 'APPROVED', 'RELEASE', 'PAYMENT', 'PAYOFF']);

    const member = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/detail`)).data;
    expect(member.summary).toMatchObject({ countLoanPaidOff: 1, countLoanRunning: 0, countLoanWaiting: 0, countLoanRejected: 0 });
  });

  it('releases to the member savings account through the savings movements (both sub-ledgers reconcile)', async () => {
    const s = await loanSetup({ otherCosts: 30_000 });
    const a = body<any>(await apply(s.t.admin, s)).data.loan;
    await s.t.admin.post(`${L}/${a.id}/approved-loan`, { status: 'APPROVED' });
    const noSaving = await s.t.admin.post(`${L}/release`, { loanId: a.id, destination: 'SAVING' });
    expect(noSaving.statusCode).toBe(400);
    expect(body(noSaving).message).toContain('Rekening simpanan anggota wajib dipilih');
    const r = await s.t.admin.post(`${L}/release`, { loanId: a.id, destination: 'SAVING', memberSavingId: s.savingId });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data.loan.netDisbursed).toBe(12_000_000 - 50_000 - 120_000 - 30_000);
    const acc = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts.find(
      (x: any) => x.id === s.savingId,
    );
    expect(acc.balance).toBe(5_000_000 + 11_800_000);
    expect((await ledgerBalance(s.t.tenantId, '40302')).toNumber()).toBe(30_000);
    // Paying from the savings account debits it through the same primitives.
    const p = await s.t.admin.post(`${L}/payment-installment`, { loanId: a.id, source: 'SAVING', memberSavingId: s.savingId });
    expect(p.statusCode, p.body).toBe(200);
    const acc2 = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts.find(
      (x: any) => x.id === s.savingId,
    );
    expect(acc2.balance).toBe(16_800_000 - 1_120_000);
    await assertReconciled(s.t.tenantId);
  });
});

describe('application rules', () => {
  it('refuses with the message of each rule', async () => {
    const s = await loanSetup({ requiresCollateral: true });
    const expectRefusal = async (over: Record<string, unknown>, status: number, message: string) => {
      const r = await apply(s.t.admin, s, over);
      expect(r.statusCode, r.body).toBe(status);
      expect(body(r).message).toContain(message);
      return body(r);
    };
    await expectRefusal({ amount: undefined }, 400, 'Nominal pinjaman wajib diisi');
    await expectRefusal({ tenorInMonth: undefined, collaterals: [{ number: 'X' }] }, 400, 'Tenor wajib diisi');
    await expectRefusal({ tenorInMonth: 361 }, 400, 'Tenor harus bilangan bulat 1 sampai 360 bulan');
    await expectRefusal(
      { collaterals: [{ number: 'X' }], amount: 50_000 },
      422,
      'Nominal pinjaman Rp 50.000 di bawah minimum produk Rp 100.000',
    );
    await expectRefusal({ collaterals: [{ number: 'X' }], amount: 200_000_000 }, 422, 'melebihi maksimum produk Rp 100.000.000');
    await expectRefusal(
      { collaterals: [{ number: 'X' }], tenorInMonth: 72 },
      422,
      'Tenor 72 bulan di luar ketentuan produk (1 sampai 60 bulan)',
    );
    const e = await expectRefusal({}, 422, 'mensyaratkan jaminan');
    expect(e.errorCode).toBe('COLLATERAL_REQUIRED');

    await s.t.app.db.tenant(s.t.tenantId, (tx) => tx.exec('UPDATE member SET loan_limit = 15000000 WHERE id = $1', [s.member.id]));
    const first = await apply(s.t.admin, s, { collaterals: [{ number: 'X' }], amount: 10_000_000 });
    expect(first.statusCode).toBe(200);
    const over = await expectRefusal(
      { collaterals: [{ number: 'Y' }], amount: 6_000_000 },
      422,
      'melebihi limit pinjaman anggota Budi Santoso sebesar Rp 15.000.000',
    );
    expect(over.errorCode).toBe('MEMBER_LOAN_LIMIT_EXCEEDED');

    const officer = await limitedUser(s.t, { loanRequest: 1_000_000 });
    // Default policy REQUEST_APPROVAL: recorded, waiting for an approver; REFUSE: refused with the limit's message.
    const queued = await apply(officer, s, { collaterals: [{ number: 'Z' }], amount: 2_000_000 });
    expect(body<any>(queued).data.status).toBe('WAITING_APPROVAL');
    await setConfig(s.t, 'transactionPolicy', { withdrawalAboveLimit: 'REFUSE', loanRequestAboveLimit: 'REFUSE' });
    const lim = await apply(officer, s, { collaterals: [{ number: 'Z' }], amount: 2_000_000 });
    expect(lim.statusCode).toBe(403);
    expect(body(lim).errorCode).toBe('LIMIT_EXCEEDED');
    expect(body(lim).message).toContain('batas pengajuan pinjaman');
  });

  it('applies without approval when the product says so, and updates a waiting application', async () => {
    const s = await loanSetup({ applicationNeedsApproval: false });
    const a = body<any>(await apply(s.t.admin, s)).data;
    expect(a.status).toBe('APPROVED');
    const u = await s.t.admin.post(`${L}/${a.loan.id}/update-request-loan`, {
      amount: 6_000_000,
      tenorInMonth: 6,
      interviewNotes: 'Usaha stabil',
      surveyNotes: 'Rumah sendiri',
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(body<any>(u).data).toMatchObject({
      amount: 6_000_000,
      tenorInMonth: 6,
      provisionFee: 60_000,
      interviewNotes: 'Usaha stabil',
      surveyNotes: 'Rumah sendiri',
    });
    const c = await s.t.admin.post(`${L}/update-criteria`, { loanId: a.loan.id, criteria: 'Karakter baik' });
    expect(body<any>(c).data.criteria).toBe('Karakter baik');
    const col = await s.t.admin.post(`${L}/update-collateral`, {
      loanId: a.loan.id,
      collaterals: [{ type: 'SHM', number: 'SHM-9', detail: 'Tanah 100 m2', value: 50_000_000, photos: ['files/shm.jpg'] }],
      isVerified: true,
    });
    expect(body<any>(col).data).toMatchObject({
      collateralVerified: true,
      collaterals: [{ number: 'SHM-9', value: 50_000_000, isVerified: true }],
    });
    expect(body<any>(await s.t.admin.get(`${L}/${a.loan.id}/detail-images`)).data).toEqual([
      { collateralId: expect.any(String), number: 'SHM-9', type: 'SHM', url: 'files/shm.jpg' },
    ]);
  });

  it('approval within the approver limit; rejection needs a reason; guarantor must be verified before release', async () => {
    const s = await loanSetup();
    const a = body<any>(await apply(s.t.admin, s, { guarantor: { name: 'Sri Wahyuni', relationship: 'Istri' } })).data.loan;
    const approver = await limitedUser(s.t, { loanApproval: 5_000_000 });
    const refused = await approver.post(`${L}/${a.id}/approved-loan`, { status: 'APPROVED' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toContain('batas persetujuan pinjaman');
    const noReason = await s.t.admin.post(`${L}/${a.id}/approved-loan`, { status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toContain('Alasan wajib diisi');
    expect((await s.t.admin.post(`${L}/${a.id}/approved-loan`, { status: 'APPROVED' })).statusCode).toBe(200);
    const again = await s.t.admin.post(`${L}/${a.id}/approved-loan`, { status: 'APPROVED' });
    expect(again.statusCode).toBe(422);
    expect(body(again).message).toContain('tidak sedang menunggu persetujuan');

    const g = await s.t.admin.post(`${L}/release`, { loanId: a.id });
    expect(g.statusCode).toBe(422);
    expect(body(g).message).toContain('Penjamin pinjaman');
    expect((await s.t.admin.post(`${L}/${a.id}/verify-guaranteed`, { isVerified: true, notes: 'Dikonfirmasi' })).statusCode).toBe(200);

    const noFlag = await limitedUser(s.t, {});
    const f = await noFlag.post(`${L}/release`, { loanId: a.id });
    expect(f.statusCode).toBe(403);
    expect(body(f).errorCode).toBe('CANNOT_RELEASE_LOAN');

    const future = await s.t.admin.post(`${L}/release`, { loanId: a.id, releaseDate: '2099-01-01' });
    expect(body(future).message).toBe('Tanggal pencairan tidak boleh di masa depan');

    const b = body<any>(await apply(s.t.admin, s, { amount: 1_000_000 })).data.loan;
    await s.t.admin.post(`${L}/${b.id}/approved-loan`, { status: 'REJECTED', reason: 'Usaha belum berjalan' });
    const nr = await s.t.admin.post(`${L}/release`, { loanId: b.id });
    expect(nr.statusCode).toBe(422);
    expect(body(nr).message).toContain('belum disetujui');
    const counts = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/detail`)).data.summary;
    expect(counts).toMatchObject({ countLoanRejected: 1, countLoanWaiting: 1 });
    await assertReconciled(s.t.tenantId);
  });

  it('idempotent release: a replay posts once and answers the same', async () => {
    const s = await loanSetup();
    const a = body<any>(await apply(s.t.admin, s)).data.loan;
    await s.t.admin.post(`${L}/${a.id}/approved-loan`, { status: 'APPROVED' });
    const h = { 'idempotency-key': `rel-${a.id}` };
    const [r1, r2] = await Promise.all([
      s.t.admin.post(`${L}/release`, { loanId: a.id }, h),
      s.t.admin.post(`${L}/release`, { loanId: a.id }, h),
    ]);
    const ok = [r1, r2].filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const r3 = await s.t.admin.post(`${L}/release`, { loanId: a.id }, h);
    expect(r3.statusCode).toBe(200);
    expect(body<any>(r3).data.journalId).toBe(body<any>(ok[0]).data.journalId);
    expect((await ledgerBalance(s.t.tenantId, '10201')).toNumber()).toBe(12_000_000);
    await assertReconciled(s.t.tenantId);
  });
});

describe('reads, changes and the dashboard', () => {
  it('shows installments, this month, remaining, outstanding by date, report forms and lists', async () => {
    const s = await loanSetup({ interestMethod: 'EFEKTIF_BULAN' });
    const loan = await runningLoan(s);
    const id = loan.id;
    const d = body<any>(await s.t.admin.get(`${L}/${id}/detail-installment-loan-member`)).data;
    expect(d.installments.map((i: any) => i.interest).slice(0, 3)).toEqual([120_000, 110_000, 100_000]);
    const rem = body<any>(await s.t.admin.get(`${L}/${id}/remaining-loan`)).data;
    expect(rem).toMatchObject({ remainingPrincipal: 12_000_000, remainingInterest: 780_000, remainingInstallments: 12, total: 12_780_000 });
    const tm = body<any>(await s.t.admin.get(`${L}/${id}/detail-installment-this-month-notes`)).data;
    expect(tm.installment.number).toBe(1);
    const byDate = body<any>(await s.t.admin.get(`${L}/${id}/detail-outstanding-by-date/${d.installments[0].dueDate}`)).data;
    expect(byDate).toMatchObject({ remainingPrincipal: 12_000_000, interest: 120_000, total: 12_120_000 });
    const from = d.installments[0].dueDate;
    const to = d.installments[2].dueDate;
    const dir = await s.t.admin.get(`${L}/${from}/${to}/detail-installment`);
    expect(dir.statusCode, dir.body).toBe(200);
    const di = body<any>(dir).data;
    expect(di.totalElements).toBe(3);
    const bmr = await s.t.admin.get(`${L}/${todayWib()}/${to}/by-member`);
    expect(bmr.statusCode, bmr.body).toBe(200);
    const bm = body<any>(bmr).data;
    expect(bm.content[0]).toMatchObject({ memberName: 'Budi Santoso', loanCount: 1, amount: 12_000_000 });
    const lr = await s.t.admin.get(`${L}/datatable`, { statusLoan: 'RUNNING', search: 'budi' });
    expect(lr.statusCode, lr.body).toBe(200);
    const list = body<any>(lr).data;
    expect(list.totalElements).toBe(1);
    expect(list.content[0]).toMatchObject({ id, collectability: 'LANCAR' });
    const rr = await s.t.admin.get('/api/home/reminder-loans', { days: 40 });
    expect(rr.statusCode, rr.body).toBe(200);
    const reminders = body<any>(rr).data;
    expect(reminders.content[0]).toMatchObject({ loanId: id, number: 1, amount: 1_120_000 });

    await makeLate(s.t, id, d.installments[0].dueDate, 45);
    const unpaid = body<any>(await s.t.admin.get('/api/home/unpaid-loan')).data;
    expect(unpaid.content[0]).toMatchObject({ id, daysLate: 45, collectability: 'KURANG LANCAR', label: 'not paid off' });
    expect(body<any>(await s.t.admin.get(`${L}/datatable`, { isOverdue: true })).data.totalElements).toBe(1);
  });

  it('update-installment keeps the principal and dates in order; restruktur makes a new schedule', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 3_000_000, tenorInMonth: 3 });
    const [i1, i2, i3] = loan.installments;
    const bad = await s.t.admin.post(`${L}/update-installment`, {
      loanId: loan.id,
      installments: [{ number: 2, principal: 900_000 }],
      reason: 'Panen mundur',
    });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message).toContain('harus sama dengan sisa pokok');
    const order = await s.t.admin.post(`${L}/update-installment`, {
      loanId: loan.id,
      installments: [{ number: 2, dueDate: i3.dueDate }],
      reason: 'x',
    });
    expect(body(order).errorCode).toBe('INSTALLMENT_DATES_ORDER');
    const ok = await s.t.admin.post(`${L}/update-installment`, {
      loanId: loan.id,
      installments: [
        { number: 2, principal: 500_000 },
        { number: 3, principal: 1_500_000 },
      ],
      reason: 'Panen mundur',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<any>(ok).data.installments.map((i: any) => i.principal)).toEqual([1_000_000, 500_000, 1_500_000]);
    expect(i1.dueDate < i2.dueDate).toBe(true);
    await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id });
    const paid = await s.t.admin.post(`${L}/update-installment`, {
      loanId: loan.id,
      installments: [{ number: 1, interest: 0 }],
      reason: 'x',
    });
    expect(body(paid).errorCode).toBe('INSTALLMENT_NOT_FUTURE');

    const rs = await s.t.admin.post(`${L}/restruktur`, {
      loanId: loan.id,
      tenorInMonth: 4,
      interestRate: 0.5,
      interestMethod: 'ANUITAS',
      reason: 'Usaha terdampak banjir',
    });
    expect(rs.statusCode, rs.body).toBe(200);
    const after = body<any>(rs).data;
    expect(after).toMatchObject({ tenorInMonth: 4, interestMethod: 'ANUITAS', remainingPrincipal: 2_000_000, interestRate: 0.5 });
    expect(after.installments).toHaveLength(4);
    expect(after.installments.reduce((t: number, i: any) => t + i.principal, 0)).toBe(2_000_000);
    const muts = body<any>(await s.t.admin.get(`${L}/${loan.id}/mutation-loan`)).data.content.map((m: any) => m.activity);
    expect(muts.slice(-3)).toEqual(['INSTALLMENTS_UPDATED', 'PAYMENT', 'RESTRUCTURE']);
    await assertReconciled(s.t.tenantId);
  });

  it('restruktur capitalising arrears posts them as receivable against interest and fine income', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 3_000_000, tenorInMonth: 3 });
    await makeLate(s.t, loan.id, loan.installments[0].dueDate, 13);
    const out = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-outstanding`)).data;
    // Fine: (13 − 3 grace) days × 0.1 % × 1.030.000 = 10.300
    expect(out.fine).toBe(10_300);
    const rs = await s.t.admin.post(`${L}/restruktur`, {
      loanId: loan.id,
      tenorInMonth: 6,
      capitalizeArrears: true,
      reason: 'Restrukturisasi',
    });
    expect(rs.statusCode, rs.body).toBe(200);
    expect(body<any>(rs).data.remainingPrincipal).toBe(3_000_000 + 30_000 + 10_300);
    expect((await ledgerBalance(s.t.tenantId, '10201')).toNumber()).toBe(3_040_300);
    expect((await ledgerBalance(s.t.tenantId, '40105')).toNumber()).toBe(10_300);
    await assertReconciled(s.t.tenantId);
  });

  it('online requests become applications or are rejected; tag and auto debit', async () => {
    const s = await loanSetup();
    const c = await s.t.admin.post('/api/home/request-loan-online', {
      memberId: s.member.id,
      productId: s.productId,
      amount: 2_000_000,
      tenorInMonth: 6,
      purpose: 'Sekolah',
    });
    expect(c.statusCode, c.body).toBe(200);
    const req = body<any>(c).data;
    expect(body<any>(await s.t.admin.get('/api/home/request-loan-online')).data.totalElements).toBe(1);
    expect(body<any>(await s.t.admin.get(`/api/home/request-loan-online/${req.id}/detail`)).data).toMatchObject({
      amount: 2_000_000,
      status: 'WAITING',
    });
    const ap = await s.t.admin.post(`/api/home/request-loan-online/${req.id}/decision`, { status: 'APPROVED' });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(body<any>(ap).data.loan).toMatchObject({ amount: 2_000_000, tenorInMonth: 6, status: 'WAITING_APPROVAL' });
    const again = await s.t.admin.post(`/api/home/request-loan-online/${req.id}/decision`, { status: 'REJECTED', reason: 'x' });
    expect(body(again).message).toContain('sudah diproses');
    const c2 = body<any>(
      await s.t.admin.post('/api/home/request-loan-online', {
        memberId: s.member.id,
        productId: s.productId,
        amount: 1_000_000,
        tenorInMonth: 3,
      }),
    ).data;
    const rj = await s.t.admin.post(`/api/home/request-loan-online/${c2.id}/decision`, { status: 'REJECTED', reason: 'Data kurang' });
    expect(body<any>(rj).data.request).toMatchObject({ status: 'REJECTED', reason: 'Data kurang', loanId: null });

    const loanId = body<any>(ap).data.loan.id;
    const tag = await s.t.admin.patch(`/api/member/${loanId}/loan-product/tag`, { tag: 'Prioritas' });
    expect(body<any>(tag).data.tag).toBe('Prioritas');
    const ad = await s.t.admin.inject({ method: 'PATCH', url: `/api/member/${loanId}/loan-auto-debit?isAutoDebit=true` });
    expect(body<any>(ad).data.isAutoDebit).toBe(true);
  });
});

describe('loan product terms', () => {
  it('keeps a loan on the terms of its application day; new fields validated', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    const bad = await s.t.admin.patch('/api/product', { id: s.productId, roundingMultiple: 50 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Pembulatan angsuran harus 0,01, 1, 100 atau 1.000 rupiah');
    const up = await s.t.admin.patch('/api/product', {
      id: s.productId,
      interestRate: 2,
      roundingMultiple: 1000,
      fineGraceDays: 7,
      firstInstallmentRule: 'DUE_DAY',
      dueDay: 25,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(body<any>(up).data.terms.loan).toMatchObject({
      interestRate: 2,
      roundingMultiple: 1000,
      fineGraceDays: 7,
      firstInstallmentRule: 'DUE_DAY',
      dueDay: 25,
    });
    const same = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(same).toMatchObject({ interestRate: 1, termsVersion: 1, installmentAmount: 1_120_000 });
    const next = await runningLoan(s, { amount: 1_200_000 });
    expect(next).toMatchObject({ interestRate: 2, termsVersion: 2, roundingMultiple: 1000, installmentAmount: 124_000, dueDay: 25 });
    expect(next.installments[0].dueDate.slice(8)).toBe('25');
    await assertReconciled(s.t.tenantId);
  });
});

describe('simulations', () => {
  it('product simulation uses the product method and rounding; the product-less one takes them', async () => {
    const s = await loanSetup({ interestMethod: 'ANUITAS', interestRate: 1, roundingMultiple: 1000 });
    const r = await s.t.admin.get(`/api/product/${s.productId}/v2/loan/installment-simulation`, {
      amount: 5_000_000,
      tenorInMonth: 10,
      timeOfRequest: '2026-01-05',
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(r).data;
    expect(d.installmentAmount).toBe(528_000);
    expect(d.installments[0]).toEqual({
      number: 1,
      dueDate: '2026-02-05',
      principal: 478_000,
      interest: 50_000,
      total: 528_000,
      remainingPrincipal: 4_522_000,
    });
    expect(d.totalPrincipal).toBe(5_000_000);
    const q = await s.t.admin.get(`${L}/v2/simulation-installment`, {
      amount: 36_000_000,
      tenorInMonth: 12,
      interestBaseRate: 24,
      interestMethod: 'FLAT',
      roundingMultiple: 1,
      disbursementDate: '2006-04-07',
      firstInstallmentDate: '2006-05-07',
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(body<any>(q).data).toMatchObject({ installmentAmount: 3_720_000, totalInterest: 8_640_000, totalPayment: 44_640_000 });
    const bad = await s.t.admin.get(`${L}/v2/simulation-installment`, { amount: 1000, tenorInMonth: 12, interestMethod: 'FLAT' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Suku jasa wajib diisi');
    const badRound = await s.t.admin.get(`${L}/v2/simulation-installment`, {
      amount: 1000,
      tenorInMonth: 12,
      interestMethod: 'FLAT',
      interestBaseRate: 12,
      roundingMultiple: 50,
    });
    expect(body(badRound).message).toContain('Pembulatan angsuran harus 0,01, 1, 100 atau 1.000 rupiah');
  });
});

describe('permissions and tenancy', () => {
  it('403 without the permission; another tenant’s loan is not found', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 1_000_000, tenorInMonth: 2 });
    const viewer = await limitedUser(s.t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    expect((await viewer.get(`${L}/${loan.id}/detail-installment-loan-member`)).statusCode).toBe(403);
    expect((await viewer.post(`${L}/payment-installment`, { loanId: loan.id })).statusCode).toBe(403);
    const teller = await limitedUser(s.t, { permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });
    expect((await teller.post(`${L}/${loan.id}/waive-fine`, { reason: 'x' })).statusCode).toBe(403);

    // An agent reaches only the loans of the members they look after.
    const agent = await roleUser(s.t, 'AGENT');
    expect((await agent.get(`${L}/${loan.id}/detail-installment-loan-member`)).statusCode).toBe(404);
    expect((await agent.post(`${L}/payment-installment`, { loanId: loan.id })).statusCode).toBe(404);
    expect((await apply(agent, s)).statusCode).toBe(404);
    const early = await s.t.admin.get(`${L}/${loan.id}/detail-outstanding-by-date/2000-01-01`);
    expect(body(early).message).toContain('Tanggal tidak boleh sebelum tanggal pencairan');

    const other = await newTenant();
    await createLoanProduct(other);
    for (const url of [
      `${L}/${loan.id}/detail-installment-loan-member`,
      `${L}/${loan.id}/remaining-loan`,
      `${L}/${loan.id}/detail-outstanding`,
    ]) {
      const r = await other.admin.get(url);
      expect(r.statusCode, url).toBe(404);
    }
    const pay = await other.admin.post(`${L}/payment-installment`, { loanId: loan.id });
    expect(pay.statusCode).toBe(404);
    expect(body(pay).message).toBe('Pinjaman tidak ditemukan');
    await assertReconciled(s.t.tenantId);
    await assertReconciled(other.tenantId);
  });
});
