/**
 * Cancelling loan transactions: `POST /api/transaction/cancel` dispatches a
 * loan payment (by its id, its journal or its savings leg) and a release (by
 * the loan id or its journal) to the loans module; `cancel-release`. Each
 * cancellation posts a reversal journal and restores installments, fines and
 * the outstanding; refused for a payment that is not the latest, a release
 * with payments, and in a closed period. After every test the ledger balances
 * and the loan receivable equals the running loans' remaining principal.
 * Also: collateral photos (upload, store, answer the image).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { apply, limitedUser, loanSetup, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';
import { multipart } from './members-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

const L = '/api/transaction/product/loan';
const CANCEL = '/api/transaction/cancel';

async function savingBalance(s: Awaited<ReturnType<typeof loanSetup>>): Promise<number> {
  const r = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data;
  return r.accounts.find((x: any) => x.id === s.savingId).balance;
}

const lastMonth = () => {
  const d = new Date(`${todayWib().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
};

describe('POST /api/transaction/cancel with a loan payment', () => {
  it('reverses the journal and restores installments, fines and outstanding; the latest payment only', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    await makeLate(s.t, loan.id, loan.installments[0].dueDate, 10);
    const before = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(before.installments[0].fineDue).toBe(7_840);
    const p1 = body<any>(await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 1_500_000 })).data.payment;
    const p2 = body<any>(await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id })).data.payment;

    // Not the latest: refused (payments are undone last-in first-out).
    const notLast = await s.t.admin.post(CANCEL, { transactionId: p1.id });
    expect([notLast.statusCode, body(notLast).errorCode]).toEqual([422, 'PAYMENT_NOT_LAST']);
    // A user without the cancel flag.
    const noRight = await limitedUser(s.t, {});
    expect(body(await noRight.post(CANCEL, { transactionId: p2.id })).errorCode).toBe('CANNOT_CANCEL_TRANSACTION');

    // By the payment's journal id (the payment's transactionId in every listing).
    const c2 = await s.t.admin.post(CANCEL, { transactionId: p2.transactionId, reason: 'Salah input' });
    expect(c2.statusCode, c2.body).toBe(200);
    expect(body<any>(c2).data).toMatchObject({
      status: 'CANCELLED',
      reason: 'Salah input',
      loanPayment: { id: p2.id, status: 'CANCELLED' },
    });
    expect(body<any>(c2).data.reversalJournalNumber).toMatch(/^JU\//);
    const c1 = await s.t.admin.post(CANCEL, { transactionId: p1.id });
    expect(c1.statusCode, c1.body).toBe(200);

    const after = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(after.remainingPrincipal).toBe(12_000_000);
    expect(after.installments[0]).toMatchObject({ status: before.installments[0].status, principalPaid: 0, interestPaid: 0, finePaid: 0 });
    expect(after.installments[0].fineDue).toBe(7_840);
    expect((await ledgerBalance(s.t.tenantId, '40105')).toNumber()).toBe(0);
    expect((await ledgerBalance(s.t.tenantId, '40101')).toNumber()).toBe(0);
    const twice = await s.t.admin.post(CANCEL, { transactionId: p1.id });
    expect(body(twice).errorCode).toBe('PAYMENT_CANCELLED');
    await assertReconciled(s.t.tenantId);
  });

  it('by its savings leg: the member savings account is credited back; a replay answers the first result', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    const p = await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id, source: 'SAVING', memberSavingId: s.savingId });
    expect(p.statusCode, p.body).toBe(200);
    expect(await savingBalance(s)).toBe(5_000_000 - 1_120_000);
    const leg = await s.t.app.db.tenant(s.t.tenantId, (tx) =>
      tx.one<{ saving_transaction_id: string }>(
        'SELECT saving_transaction_id FROM loan_payment WHERE tenant_id = app_tenant() AND id = $1',
        [body<any>(p).data.payment.id],
      ),
    );
    const h = { 'idempotency-key': `cancel-${leg!.saving_transaction_id}` };
    const rs = await Promise.all([1, 2, 3].map(() => s.t.admin.post(CANCEL, { transactionId: leg!.saving_transaction_id }, h)));
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => body<any>(r).data.reversalJournalId)).size).toBe(1);
    expect(body<any>(ok[0]).data.reversals).toHaveLength(1);
    expect(await savingBalance(s)).toBe(5_000_000);
    expect(body<any>(await s.t.admin.get(`${L}/${loan.id}/remaining-loan`)).data.remainingPrincipal).toBe(12_000_000);
    await assertReconciled(s.t.tenantId);
  });

  it('refuses a payment of a closed period', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, {}, { releaseDate: lastMonth() });
    const p = body<any>(await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id })).data.payment;
    await s.t.app.db.tenant(s.t.tenantId, (tx) =>
      tx.exec('UPDATE loan_payment SET payment_date = $2 WHERE tenant_id = app_tenant() AND id = $1', [p.id, lastMonth()]),
    );
    const close = await s.t.admin.post('/api/ledger/period/close', { periode: lastMonth().slice(0, 7) });
    expect(close.statusCode, close.body).toBe(200);
    const c = await s.t.admin.post(CANCEL, { transactionId: p.id });
    expect([c.statusCode, body(c).errorCode]).toEqual([422, 'PERIOD_CLOSED']);
    expect(body(c).message).toContain('sudah ditutup');
    const r = await s.t.admin.post(`${L}/cancel-release`, { loanId: loan.id });
    expect(body(r).errorCode).toBe('RELEASE_HAS_PAYMENTS');
  });

  it('leaves a savings transaction to the savings module', async () => {
    const s = await loanSetup();
    const d = await s.t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.savingId, amount: 100_000 });
    expect(d.statusCode, d.body).toBe(200);
    const c = await s.t.admin.post(CANCEL, { transactionId: body<any>(d).data.transaction.id });
    expect(c.statusCode, c.body).toBe(200);
    expect(await savingBalance(s)).toBe(5_000_000);
    await assertReconciled(s.t.tenantId);
  });
});

describe('cancelling a release', () => {
  it('before any payment: reversal journal, savings debited back, loan APPROVED again and released again', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, {}, { destination: 'SAVING', memberSavingId: s.savingId });
    // 12.000.000 − admin 50.000 − provision 120.000
    expect(await savingBalance(s)).toBe(5_000_000 + 11_830_000);
    const noFlag = await limitedUser(s.t, { canCancel: true });
    expect(body(await noFlag.post(`${L}/cancel-release`, { loanId: loan.id })).errorCode).toBe('CANNOT_RELEASE_LOAN');

    const c = await s.t.admin.post(CANCEL, { transactionId: loan.id, reason: 'Salah rekening' });
    expect(c.statusCode, c.body).toBe(200);
    expect(body<any>(c).data).toMatchObject({ status: 'CANCELLED', loan: { status: 'APPROVED', remainingPrincipal: 0 } });
    expect(await savingBalance(s)).toBe(5_000_000);
    expect((await ledgerBalance(s.t.tenantId, '40103')).toNumber()).toBe(0);
    const again = await s.t.admin.post(`${L}/cancel-release`, { loanId: loan.id });
    expect(body(again).errorCode).toBe('LOAN_NOT_RUNNING');
    await assertReconciled(s.t.tenantId);

    // Released again (to cash): a fresh schedule, the cancelled one kept as history.
    const r = await s.t.admin.post(`${L}/release`, { loanId: loan.id, destination: 'CASH' });
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(r).data.loan;
    expect(d).toMatchObject({ status: 'RUNNING', remainingPrincipal: 12_000_000 });
    expect(d.installments).toHaveLength(12);
    const events = body<any>(await s.t.admin.get(`${L}/${loan.id}/mutation-loan`)).data.content.map((e: any) => e.activity);
    expect(events).toEqual(expect.arrayContaining(['RELEASE', 'RELEASE_CANCELLED']));
    await assertReconciled(s.t.tenantId);
  });

  it('refused after a payment until the payment is cancelled; refused in a closed period', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    const p = body<any>(await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id })).data.payment;
    const c = await s.t.admin.post(`${L}/cancel-release`, { loanId: loan.id });
    expect([c.statusCode, body(c).errorCode]).toEqual([422, 'RELEASE_HAS_PAYMENTS']);
    expect(body(c).message).toContain('batalkan pembayarannya dahulu');
    expect((await s.t.admin.post(CANCEL, { transactionId: p.id })).statusCode).toBe(200);
    const ok = await s.t.admin.post(`${L}/cancel-release`, { loanId: loan.id, reason: 'Batal' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<any>(ok).data.loan.status).toBe('APPROVED');
    await assertReconciled(s.t.tenantId);

    const s2 = await loanSetup();
    const old = await runningLoan(s2, {}, { releaseDate: lastMonth() });
    expect((await s2.t.admin.post('/api/ledger/period/close', { periode: lastMonth().slice(0, 7) })).statusCode).toBe(200);
    const closed = await s2.t.admin.post(CANCEL, { transactionId: old.id });
    expect([closed.statusCode, body(closed).errorCode]).toEqual([422, 'PERIOD_CLOSED']);
  });
});

describe('collateral photos', () => {
  it('uploads a photo (re-encoded to JPEG), lists its url on the collateral and answers the image; another cooperative gets 404', async () => {
    const s = await loanSetup();
    const a = body<any>(await apply(s.t.admin, s)).data.loan;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 140, b: 60 } } })
      .png()
      .toBuffer();
    const up = await s.t.admin.inject({ method: 'POST', url: `${L}/${a.id}/collateral-photo`, ...multipart('bpkb.png', 'image/png', png) });
    expect(up.statusCode, up.body).toBe(200);
    const photo = body<any>(up).data;
    expect(photo.url).toBe(`${L}/${a.id}/collateral-photo/${photo.photoId}`);
    const save = await s.t.admin.post(`${L}/update-collateral`, {
      loanId: a.id,
      collaterals: [{ type: 'BPKB', number: 'B-123', value: 15_000_000, photos: [photo.url] }],
    });
    expect(save.statusCode, save.body).toBe(200);
    const images = body<any>(await s.t.admin.get(`${L}/${a.id}/detail-images`)).data;
    expect(images).toEqual([expect.objectContaining({ number: 'B-123', url: photo.url })]);
    const img = await s.t.admin.get(photo.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('jpeg');

    const notImage = await s.t.admin.inject({
      method: 'POST',
      url: `${L}/${a.id}/collateral-photo`,
      ...multipart('x.txt', 'text/plain', Buffer.from('hello')),
    });
    expect(notImage.statusCode).toBe(400);
    const other = await loanSetup();
    expect((await other.t.admin.get(photo.url)).statusCode).toBe(404);
  });
});
