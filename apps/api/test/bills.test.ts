/**
 * Bills: creation (three types, product defaults), simulation, approval
 * (journal, limits), update-request-bill, payments (cash, savings, above
 * owed), cancellation (reversal), stop (write-off), installment changes,
 * concurrency, idempotent replay, the realization report. After every test
 * the ledger balances and the bill receivable equals the running bills' debt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { B, type BillSetup, billSetup, createBill, createBillProduct, runningBill } from './bills-fixtures.ts';
import { body } from './helpers.ts';
import { createLoanProduct, limitedUser } from './loans-fixtures.ts';
import { createActiveMember, setConfig } from './members-fixtures.ts';
import { assertReconciled, defaultProducts, ledgerBalance } from './reconcile.ts';

let current: BillSetup | null = null;
async function setup(over: Record<string, unknown> = {}) {
  current = await billSetup(over);
  return current;
}
afterEach(async () => {
  if (current) await assertReconciled(current.t.tenantId);
  current = null;
});

const bal = async (s: BillSetup, code: string) => (await ledgerBalance(s.t.tenantId, code)).toNumber();

describe('creation and simulation', () => {
  it('creates a FIXED_BILL from the product defaults, waiting for approval, nothing posted', async () => {
    const s = await setup();
    const r = await createBill(s, { date: '2026-01-31' });
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(r).data;
    expect(d.status).toBe('WAITING_APPROVAL');
    expect(d.bill).toMatchObject({
      billType: 'FIXED_BILL',
      amount: 450_000,
      perBillAmount: 150_000,
      adminFee: 5_000,
      installments: 3,
      debt: 0,
    });
    expect(d.bill.schedule.map((i: any) => [i.dueDate, i.amount, i.adminFee])).toEqual([
      ['2026-01-31', 150_000, 5_000],
      ['2026-02-28', 150_000, 0],
      ['2026-03-31', 150_000, 0],
    ]);
    expect(await bal(s, '10204')).toBe(0);
  });

  it('NOT_FIXED_BILL takes each amount; WITH_TOTAL_DEBT splits the total, the last takes the remainder', async () => {
    const s = await setup();
    const nf = body<any>(
      await createBill(s, { billType: 'NOT_FIXED_BILL', installmentAmounts: [100_000, 250_000.5, 75_000], adminFee: 0, date: null }),
    ).data;
    expect(nf.bill.schedule.map((i: any) => i.amount)).toEqual([100_000, 250_000.5, 75_000]);
    expect(nf.bill.amount).toBe(425_000.5);
    const wt = body<any>(await createBill(s, { billType: 'WITH_TOTAL_DEBT', amount: 1_000_000, installments: 3 })).data;
    expect(wt.bill.schedule.map((i: any) => i.amount)).toEqual([333_333, 333_333, 333_334]);
    expect(wt.bill.amount).toBe(1_000_000);
  });

  it('simulates the schedule with the product defaults or given terms', async () => {
    const s = await setup();
    const r = await s.t.admin.get(`${B}/simulation-installment`, { productId: s.productId, date: '2026-03-15' });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data).toMatchObject({ billType: 'FIXED_BILL', amount: 450_000, adminFee: 5_000, total: 455_000 });
    const nf = await s.t.admin.get(`${B}/simulation-installment`, {
      billType: 'NOT_FIXED_BILL',
      installmentAmounts: '10000,20000',
      date: '2026-03-15',
    });
    expect(body<any>(nf).data.installments.map((i: any) => [i.dueDate, i.total])).toEqual([
      ['2026-03-15', 10_000],
      ['2026-04-15', 20_000],
    ]);
    const wt = await s.t.admin.get(`${B}/simulation-installment`, { billType: 'WITH_TOTAL_DEBT', amount: 100, installments: 3 });
    expect(body<any>(wt).data.installments.map((i: any) => i.amount)).toEqual([33, 33, 34]);
  });

  it('refuses what cannot become a bill, each with its message', async () => {
    const s = await setup();
    const noName = await createBill(s, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toContain('Nama tagihan wajib diisi');
    const noCount = await createBill(s, { billType: 'WITH_TOTAL_DEBT', amount: 1_000_000, installments: null });
    // The product's default count (3) applies; without it and without amounts NOT_FIXED_BILL is refused.
    expect(noCount.statusCode).toBe(200);
    const nf = await createBill(s, { billType: 'NOT_FIXED_BILL' });
    expect(nf.statusCode).toBe(422);
    expect(body(nf)).toMatchObject({
      errorCode: 'BILL_INSTALLMENTS_REQUIRED',
      message: 'Jumlah angsuran tagihan NOT_FIXED_BILL wajib diisi',
    });
    const small = await createBill(s, { billType: 'WITH_TOTAL_DEBT', amount: 2, installments: 3 });
    expect(body(small)).toMatchObject({
      errorCode: 'BILL_AMOUNT_TOO_SMALL',
      message: 'Total Rp 2 terlalu kecil untuk dibagi menjadi 3 angsuran',
    });
    const p2 = await createBillProduct(s.t, { billAmount: 0 });
    const noAmount = await createBill(s, { productId: p2 });
    expect(body(noAmount)).toMatchObject({ errorCode: 'BILL_AMOUNT_REQUIRED' });
    const many = await createBill(s, { installments: 361 });
    expect(many.statusCode).toBe(400);
    expect(body(many).message).toContain('1 sampai 360');
    const loanProduct = await createLoanProduct(s.t);
    const sim = await s.t.admin.get(`${B}/simulation-installment`, { productId: loanProduct });
    expect(body(sim)).toMatchObject({ errorCode: 'PRODUCT_NOT_BILL' });
  });

  it('refuses an inactive product, another member savings and an account that is not voluntary savings', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const other = await createActiveMember(s.t.admin, { fullName: 'Rudi Hartono' });
    const open = await s.t.admin.post('/api/transaction/request-open-product-member', {
      memberId: other.id,
      productId: (await defaultProducts(s.t.tenantId)).voluntary,
      initialDeposit: 500_000,
    });
    const otherSaving = body<any>(open).data.account;
    const notMine = await s.t.admin.post(`${B}/payment-open-amount`, {
      billId: bill.id,
      amount: 10_000,
      source: 'SAVING',
      memberSavingId: otherSaving.id,
    });
    expect(body(notMine)).toMatchObject({
      errorCode: 'SAVING_NOT_MEMBER',
      message: `Rekening simpanan ${otherSaving.accountNumber} bukan milik anggota tagihan ini`,
    });
    const accounts = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts as any[];
    const principal = accounts.find((a) => a.savingType === 'PRINCIPAL');
    const equity = await s.t.admin.post(`${B}/payment-open-amount`, {
      billId: bill.id,
      amount: 10_000,
      source: 'SAVING',
      memberSavingId: principal.id,
    });
    expect(body(equity).errorCode).toBe('SAVING_NOT_VOLUNTARY');
    expect(body(equity).message).toContain('bukan simpanan sukarela');
    const off = await s.t.admin.patch('/api/product', { id: s.productId, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await createBill(s);
    expect(body(inactive)).toMatchObject({ errorCode: 'PRODUCT_INACTIVE' });
    expect(body(inactive).message).toContain('tidak aktif');
  });

  it('refuses above the requesting user limit when the cooperative says REFUSE', async () => {
    const s = await setup();
    const officer = await limitedUser(s.t, { loanRequest: 100_000 });
    expect((await createBill(s, {}, officer)).statusCode).toBe(200);
    await setConfig(s.t, 'transactionPolicy', { withdrawalAboveLimit: 'REFUSE', loanRequestAboveLimit: 'REFUSE' });
    const r = await createBill(s, {}, officer);
    expect(r.statusCode).toBe(403);
    expect(body(r).errorCode).toBe('LIMIT_EXCEEDED');
  });
});

describe('approval and changes while waiting', () => {
  it('approval posts the receivable, the income and the admin fee; twice is refused', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    expect(bill).toMatchObject({ status: 'RUNNING', debt: 455_000 });
    expect(await bal(s, '10204')).toBe(455_000);
    expect(await bal(s, '40302')).toBe(450_000);
    expect(await bal(s, '40109')).toBe(5_000);
    const again = await s.t.admin.post(`${B}/${bill.id}/approved-bill`, { status: 'APPROVED' });
    expect(again.statusCode).toBe(422);
    expect(body(again)).toMatchObject({
      errorCode: 'BILL_NOT_WAITING',
      message: `Tagihan ${bill.billNumber} tidak sedang menunggu persetujuan (status RUNNING)`,
    });
  });

  it('a rejection needs a reason; approval only within the approver limit', async () => {
    const s = await setup();
    const id = body<any>(await createBill(s)).data.bill.id;
    const noReason = await s.t.admin.post(`${B}/${id}/approved-bill`, { status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toContain('Alasan wajib diisi');
    const approver = await limitedUser(s.t, { loanApproval: 100_000 });
    const over = await approver.post(`${B}/${id}/approved-bill`, { status: 'APPROVED' });
    expect(over.statusCode).toBe(403);
    expect(body(over).errorCode).toBe('LIMIT_EXCEEDED');
    const rej = await s.t.admin.post(`${B}/${id}/approved-bill`, { status: 'REJECTED', reason: 'Data tidak lengkap' });
    expect(body<any>(rej).data.bill).toMatchObject({ status: 'REJECTED', decisionReason: 'Data tidak lengkap' });
    expect(await bal(s, '10204')).toBe(0);
    const missing = await s.t.admin.post(`${B}/${crypto.randomUUID()}/approved-bill`, { status: 'APPROVED' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Tagihan tidak ditemukan');
  });

  it('update-request-bill rebuilds a waiting bill; a running one is refused', async () => {
    const s = await setup();
    const id = body<any>(await createBill(s)).data.bill.id;
    const u = await s.t.admin.post(`${B}/update-request-bill`, {
      billId: id,
      perBillAmount: 200_000,
      installments: 2,
      adminFee: 0,
      name: 'Iuran sampah',
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(body<any>(u).data.bill).toMatchObject({ name: 'Iuran sampah', amount: 400_000, installments: 2, adminFee: 0 });
    expect(body<any>(u).data.bill.schedule).toHaveLength(2);
    await s.t.admin.post(`${B}/${id}/approved-bill`, { status: 'APPROVED' });
    const late = await s.t.admin.post(`${B}/update-request-bill`, { billId: id, installments: 4 });
    expect(body(late).errorCode).toBe('BILL_NOT_WAITING');
  });
});

describe('payments', () => {
  it('pays in part from cash: admin fee first, then the installments oldest first', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const p = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 200_000 });
    expect(p.statusCode, p.body).toBe(200);
    expect(body<any>(p).data.payment).toMatchObject({ amount: 200_000, adminFee: 5_000, billAmount: 195_000, source: 'CASH' });
    expect(body<any>(p).data.bill).toMatchObject({ paid: 200_000, debt: 255_000, status: 'RUNNING' });
    const d = body<any>(await s.t.admin.get(`${B}/${bill.id}/detail-installment-bill-member`)).data;
    expect(d.schedule.map((i: any) => [i.status, i.remaining])).toEqual([
      ['PAID', 0],
      ['PARTIAL', 105_000],
      ['OPEN', 150_000],
    ]);
    expect(await bal(s, '10204')).toBe(255_000);
    const over = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 255_001 });
    expect(over.statusCode).toBe(422);
    expect(body(over)).toMatchObject({ errorCode: 'PAY_ABOVE_OWED', message: 'Pembayaran Rp 255.001 melebihi sisa tagihan Rp 255.000' });
    const missing = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('Nominal tagihan wajib diisi');
    const all = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 255_000 });
    expect(body<any>(all).data.bill).toMatchObject({ status: 'PAID_OFF', debt: 0 });
    const done = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 1 });
    expect(body(done)).toMatchObject({ errorCode: 'BILL_NOT_RUNNING' });
    const list = body<any>(await s.t.admin.get(`${B}/${bill.id}/mutation-payments`)).data;
    expect(list.totalElements).toBe(2);
    expect(list.content[0].amount).toBe(255_000);
  });

  it('pays from the member savings (deducted) and refuses another member account or too little balance', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const noAcc = await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 1_000, source: 'SAVING' });
    expect(noAcc.statusCode).toBe(400);
    const p = await s.t.admin.post(`${B}/payment-open-amount`, {
      billId: bill.id,
      amount: 100_000,
      source: 'SAVING',
      memberSavingId: s.savingId,
    });
    expect(p.statusCode, p.body).toBe(200);
    expect(body<any>(p).data.bill).toMatchObject({ deducted: 100_000, paid: 0, debt: 355_000 });
    const acc = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts.find(
      (a: any) => a.id === s.savingId,
    );
    expect(acc.balance).toBe(900_000);
    const other = await runningBill(s, { perBillAmount: 5_000_000, installments: 1 });
    const short = await s.t.admin.post(`${B}/payment-open-amount`, {
      billId: other.id,
      amount: 5_000_000,
      source: 'SAVING',
      memberSavingId: s.savingId,
    });
    expect(short.statusCode).toBe(422);
    expect(body(short).errorCode).toBe('INSUFFICIENT_BALANCE');
  });

  it('cancels the latest payment with a reversal journal, savings credited back; an older one is refused', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const p1 = body<any>(await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 50_000 })).data.payment;
    const p2 = body<any>(
      await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 60_000, source: 'SAVING', memberSavingId: s.savingId }),
    ).data.payment;
    const old = await s.t.admin.post(`${B}/cancel-payment`, { paymentId: p1.id, reason: 'Salah input' });
    expect(old.statusCode).toBe(422);
    expect(body(old).errorCode).toBe('PAYMENT_NOT_LAST');
    const noReason = await s.t.admin.post(`${B}/cancel-payment`, { paymentId: p2.id });
    expect(noReason.statusCode).toBe(400);
    const c = await s.t.admin.post(`${B}/cancel-payment`, { paymentId: p2.id, reason: 'Salah input' });
    expect(c.statusCode, c.body).toBe(200);
    expect(body<any>(c).data.payment.status).toBe('CANCELLED');
    const again = await s.t.admin.post(`${B}/cancel-payment`, { paymentId: p2.id, reason: 'Salah input' });
    expect(body(again).errorCode).toBe('PAYMENT_CANCELLED');
    const d = body<any>(await s.t.admin.get(`${B}/${bill.id}/detail-installment-bill-member`)).data;
    expect(d).toMatchObject({ debt: 405_000, deducted: 0, paid: 50_000 });
    const acc = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts.find(
      (a: any) => a.id === s.savingId,
    );
    expect(acc.balance).toBe(1_000_000);
    expect(await bal(s, '10204')).toBe(405_000);
  });

  it('concurrent payments on one bill never pay more than it owes', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const rs = await Promise.all(
      Array.from({ length: 12 }, () => s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 100_000 })),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(rs.filter((r) => r.statusCode !== 200).every((r) => body(r).errorCode === 'PAY_ABOVE_OWED')).toBe(true);
    const d = body<any>(await s.t.admin.get(`${B}/${bill.id}/detail-installment-bill-member`)).data;
    expect(d).toMatchObject({ paid: 400_000, debt: 55_000 });
    expect(await bal(s, '10204')).toBe(55_000);
  });

  it('a payment replayed with one Idempotency-Key posts once', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const h = { 'idempotency-key': `bill-pay-${bill.id}` };
    const rs = await Promise.all(
      Array.from({ length: 6 }, () => s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 10_000 }, h)),
    );
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => body<any>(r).data.payment.id)).size).toBe(1);
    expect(body<any>(await s.t.admin.get(`${B}/${bill.id}/mutation-payments`)).data.totalElements).toBe(1);
    expect(await bal(s, '10204')).toBe(445_000);
  });
});

describe('stop and schedule changes', () => {
  it('stops a running bill with a reason: what is left is written off', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 100_000 });
    const noReason = await s.t.admin.post(`${B}/${bill.id}/stop-bill`, {});
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toContain('Alasan wajib diisi');
    const r = await s.t.admin.post(`${B}/${bill.id}/stop-bill`, { reason: 'Anggota pindah domisili' });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<any>(r).data.bill).toMatchObject({
      status: 'STOPPED',
      stopReason: 'Anggota pindah domisili',
      debt: 0,
      writtenOff: 355_000,
    });
    expect(body<any>(r).data.bill.schedule.map((i: any) => i.status)).toEqual(['STOPPED', 'STOPPED', 'STOPPED']);
    expect(await bal(s, '10204')).toBe(0);
    // Income keeps what was paid: 95.000 of the amount + the 5.000 admin fee.
    expect(await bal(s, '40302')).toBe(95_000);
    expect(await bal(s, '40109')).toBe(5_000);
    const again = await s.t.admin.post(`${B}/${bill.id}/stop-bill`, { reason: 'x' });
    expect(body(again)).toMatchObject({
      errorCode: 'BILL_NOT_RUNNING',
      message: `Tagihan ${bill.billNumber} tidak sedang berjalan (status STOPPED)`,
    });
  });

  it('update-installment changes unpaid rows and posts the difference; paid rows and disorder are refused', async () => {
    const s = await setup();
    const bill = await runningBill(s, { date: '2026-01-10' });
    await s.t.admin.post(`${B}/payment-open-amount`, { billId: bill.id, amount: 10_000 });
    const paid = await s.t.admin.post(`${B}/update-installment`, {
      billId: bill.id,
      installments: [{ number: 1, amount: 1 }],
      reason: 'x',
    });
    expect(body(paid)).toMatchObject({ errorCode: 'INSTALLMENT_HAS_PAYMENT' });
    const order = await s.t.admin.post(`${B}/update-installment`, {
      billId: bill.id,
      installments: [{ number: 2, dueDate: '2026-04-01' }],
      reason: 'Geser',
    });
    expect(body(order)).toMatchObject({ errorCode: 'INSTALLMENT_DATES_ORDER', message: 'Tanggal jatuh tempo angsuran harus berurutan' });
    const up = await s.t.admin.post(`${B}/update-installment`, {
      billId: bill.id,
      installments: [{ number: 2, amount: 200_000, dueDate: '2026-02-15' }],
      reason: 'Tarif naik',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(body<any>(up).data.bill).toMatchObject({ amount: 500_000, debt: 495_000 });
    const down = await s.t.admin.post(`${B}/update-installment`, {
      billId: bill.id,
      installments: [{ number: 3, amount: 100_000 }],
      reason: 'Diskon',
    });
    expect(body<any>(down).data.bill).toMatchObject({ amount: 450_000, debt: 445_000 });
    expect(await bal(s, '10204')).toBe(445_000);
    const none = await s.t.admin.post(`${B}/update-installment`, {
      billId: bill.id,
      installments: [{ number: 9, amount: 1 }],
      reason: 'x',
    });
    expect(none.statusCode).toBe(404);
  });

  it('delete-installment removes an unpaid row (journal on a running bill); the last row and WITH_TOTAL_DEBT are refused', async () => {
    const s = await setup();
    const bill = await runningBill(s);
    const del = await s.t.admin.post(`${B}/delete-installment`, { billId: bill.id, number: 3, reason: 'Tidak dipakai' });
    expect(del.statusCode, del.body).toBe(200);
    expect(body<any>(del).data.bill).toMatchObject({ amount: 300_000, installments: 2, debt: 305_000 });
    expect(await bal(s, '10204')).toBe(305_000);
    await s.t.admin.post(`${B}/delete-installment`, { billId: bill.id, number: 2, reason: 'Tidak dipakai' });
    const last = await s.t.admin.post(`${B}/delete-installment`, { billId: bill.id, number: 1, reason: 'x' });
    expect(body(last)).toMatchObject({ errorCode: 'LAST_INSTALLMENT' });
    const wt = await runningBill(s, { billType: 'WITH_TOTAL_DEBT', amount: 900_000, installments: 3 });
    const fixed = await s.t.admin.post(`${B}/delete-installment`, { billId: wt.id, number: 3, reason: 'x' });
    expect(body(fixed)).toMatchObject({ errorCode: 'BILL_TOTAL_FIXED' });
    const change = await s.t.admin.post(`${B}/update-installment`, {
      billId: wt.id,
      installments: [{ number: 3, amount: 1 }],
      reason: 'x',
    });
    expect(body(change).errorCode).toBe('BILL_TOTAL_FIXED');
    const keep = await s.t.admin.post(`${B}/update-installment`, {
      billId: wt.id,
      installments: [
        { number: 2, amount: 400_000 },
        { number: 3, amount: 200_000 },
      ],
      reason: 'Atur ulang',
    });
    expect(keep.statusCode, keep.body).toBe(200);
  });
});

describe('report', () => {
  it('report/bill/realization-periode: bills approved in the period with their figures, and Excel', async () => {
    const s = await setup();
    const a = await runningBill(s);
    await runningBill(s, { billType: 'WITH_TOTAL_DEBT', amount: 1_000_000, installments: 4, adminFee: 0 });
    await createBill(s);
    await s.t.admin.post(`${B}/payment-open-amount`, { billId: a.id, amount: 55_000 });
    const r = await s.t.admin.get('/api/report/bill/realization-periode');
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(r).data;
    expect(d.items).toHaveLength(2);
    expect(d.totals).toMatchObject({ count: 2, amount: 1_450_000, adminFee: 5_000, paid: 55_000, debt: 1_400_000 });
    const x = await s.t.admin.get('/api/report/bill/realization-periode', { format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const empty = await s.t.admin.get('/api/report/bill/realization-periode', { start: '2020-01-01', end: '2020-01-31' });
    expect(body<any>(empty).data.items).toEqual([]);
  });
});
