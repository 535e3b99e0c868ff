/**
 * Loan payments: allocation (fine → interest → principal, oldest first),
 * fines after the grace days, partial and open-amount limits, waiving,
 * cancellation (reversal journal, installments reinstated), concurrency (100
 * parallel payments never pay more than is owed) and idempotent replays.
 * After every test the ledger balances and the loan receivable equals the
 * running loans' remaining principal.
 */
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { limitedUser, loanSetup, makeLate, runningLoan } from './loans-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

const L = '/api/transaction/product/loan';

describe('payments', () => {
  it('allocates an open amount to the fine, the interest, then the principal of the oldest installment', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    await makeLate(s.t, loan.id, loan.installments[0].dueDate, 10);
    const d = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    // (10 − 3 grace days) × 0.1 % × 1.120.000 = 7.840
    expect(d.installments[0]).toMatchObject({ fineDue: 7_840, daysLate: 10 });
    expect(d.installments[1].fineDue).toBe(0);
    const p = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 1_500_000 });
    expect(p.statusCode, p.body).toBe(200);
    // installment 1: fine 7.840, interest 120.000, principal 1.000.000; installment 2: interest 120.000, principal 252.160
    expect(body<any>(p).data.payment).toMatchObject({ kind: 'OPEN_AMOUNT', fine: 7_840, interest: 240_000, principal: 1_252_160 });
    const after = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(after.installments[0]).toMatchObject({ status: 'PAID', finePaid: 7_840, fineDue: 0 });
    expect(after.installments[1]).toMatchObject({ status: 'PARTIAL', principalPaid: 252_160, interestPaid: 120_000 });
    expect(after.remainingPrincipal).toBe(12_000_000 - 1_252_160);
    expect((await ledgerBalance(s.t.tenantId, '40105')).toNumber()).toBe(7_840);
    expect((await ledgerBalance(s.t.tenantId, '40101')).toNumber()).toBe(240_000);
    await assertReconciled(s.t.tenantId);
  });

  it('refuses more than is due (partial) or owed (open amount), and nothing at all when nothing is due', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 2_000_000, tenorInMonth: 2 });
    const partial = await s.t.admin.post(`${L}/payment-partial`, { loanId: loan.id, amount: 1_020_001 });
    expect(partial.statusCode).toBe(422);
    expect(body(partial).message).toBe(
      'Pembayaran sebagian Rp 1.020.001 melebihi tagihan jatuh tempo Rp 1.020.000; gunakan pembayaran angsuran atau nominal bebas',
    );
    expect((await s.t.admin.post(`${L}/payment-partial`, { loanId: loan.id, amount: 20_000 })).statusCode).toBe(200);
    const over = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 2_020_001 });
    expect(over.statusCode).toBe(422);
    expect(body(over).message).toBe('Pembayaran Rp 2.020.001 melebihi yang terutang Rp 2.020.000');
    const missing = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id });
    expect(missing.statusCode).toBe(400);
    expect((await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 2_020_000 })).statusCode).toBe(200);
    const done = await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id });
    expect(done.statusCode).toBe(422);
    expect(body(done).message).toContain('tidak sedang berjalan');
    const fromSaving = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 1, source: 'SAVING' });
    expect(fromSaving.statusCode).toBe(400);
    await assertReconciled(s.t.tenantId);
  });

  it('refuses a payment from savings above what the account can give', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 20_000_000, tenorInMonth: 2 });
    const r = await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id, source: 'SAVING', memberSavingId: s.savingId, count: 2 });
    expect(r.statusCode).toBe(422);
    expect(body(r).errorCode).toBe('INSUFFICIENT_BALANCE');
    await assertReconciled(s.t.tenantId);
  });

  it('pays off early with the interest up to the day (EFEKTIF daily)', async () => {
    const s = await loanSetup({ interestMethod: 'EFEKTIF', interestRate: 1 });
    const loan = await runningLoan(s, { amount: 12_000_000, tenorInMonth: 12 });
    await makeLate(s.t, loan.id, loan.installments[0].dueDate, -10);
    // 10 days before the first due date; the period since the (moved) release is the month's days.
    const out = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-outstanding`)).data;
    const first = loan.installments[0].interest;
    expect(out.interest).toBeGreaterThan(0);
    expect(out.interest).toBeLessThan(first);
    const off = await s.t.admin.post(`${L}/payment-full`, { loanId: loan.id });
    expect(off.statusCode, off.body).toBe(200);
    expect(body<any>(off).data.payment).toMatchObject({ kind: 'PAYOFF', principal: 12_000_000, interest: out.interest, amount: out.total });
    expect(body<any>(off).data.loan.status).toBe('PAID_OFF');
    await assertReconciled(s.t.tenantId);
  });
});

describe('fines and cancellation', () => {
  it('waives fines with its own permission; nothing is posted', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    await makeLate(s.t, loan.id, loan.installments[0].dueDate, 5);
    const none = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-outstanding`)).data;
    expect(none.fine).toBe(2_240);
    const noReason = await s.t.admin.post(`${L}/${loan.id}/waive-fine`, {});
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await s.t.admin.post(`${L}/${loan.id}/waive-fine`, { amount: 5_000, reason: 'Musibah' });
    expect(body(tooMuch).message).toBe('Penghapusan denda Rp 5.000 melebihi denda terutang Rp 2.240');
    const w = await s.t.admin.post(`${L}/${loan.id}/waive-fine`, { reason: 'Musibah' });
    expect(w.statusCode, w.body).toBe(200);
    expect(body<any>(w).data.installments[0]).toMatchObject({ fineWaived: 2_240, fineDue: 0 });
    expect((await ledgerBalance(s.t.tenantId, '40105')).toNumber()).toBe(0);
    const again = await s.t.admin.post(`${L}/${loan.id}/waive-fine`, { reason: 'Musibah' });
    expect(body(again).errorCode).toBe('NO_FINE');
    await assertReconciled(s.t.tenantId);
  });

  it('cancels the latest payment: reversal journal, installments and savings reinstated', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    const p1 = body<any>(await s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id })).data.payment;
    const p2 = body<any>(
      await s.t.admin.post(`${L}/payment-open-amount`, {
        loanId: loan.id,
        amount: 1_500_000,
        source: 'SAVING',
        memberSavingId: s.savingId,
      }),
    ).data.payment;
    const notLast = await s.t.admin.post(`${L}/cancel-payment`, { paymentId: p1.id });
    expect(notLast.statusCode).toBe(422);
    expect(body(notLast).message).toContain('Hanya pembayaran terakhir');
    const noRight = await limitedUser(s.t, {});
    expect(body(await noRight.post(`${L}/cancel-payment`, { paymentId: p2.id })).errorCode).toBe('CANNOT_CANCEL_TRANSACTION');

    const c = await s.t.admin.post(`${L}/cancel-payment`, { paymentId: p2.id, reason: 'Salah input' });
    expect(c.statusCode, c.body).toBe(200);
    expect(body<any>(c).data.payment.status).toBe('CANCELLED');
    expect(body<any>(c).data.reversalJournalNumber).toMatch(/^JU\//);
    const d = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(d.remainingPrincipal).toBe(11_000_000);
    expect(d.installments[1]).toMatchObject({ status: 'UNPAID', principalPaid: 0, interestPaid: 0 });
    const acc = body<any>(await s.t.admin.get(`/api/member/${s.member.id}/saving-product`)).data.accounts.find(
      (x: any) => x.id === s.savingId,
    );
    expect(acc.balance).toBe(5_000_000);
    const twice = await s.t.admin.post(`${L}/cancel-payment`, { paymentId: p2.id });
    expect(body(twice).message).toBe('Pembayaran ini sudah dibatalkan');
    // Then the first one can go too.
    expect((await s.t.admin.post(`${L}/cancel-payment`, { paymentId: p1.id })).statusCode).toBe(200);
    expect(body<any>(await s.t.admin.get(`${L}/${loan.id}/remaining-loan`)).data.remainingPrincipal).toBe(12_000_000);
    await assertReconciled(s.t.tenantId);
  });
});

describe('concurrency and idempotency', () => {
  it('100 parallel payments on one loan never pay more than is owed', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s, { amount: 1_000_000, tenorInMonth: 2 });
    // Owed on the schedule: 1.000.000 + 2 × 10.000 interest = 1.020.000; 100 × 15.000 = 1.500.000 offered.
    const results = await Promise.all(
      Array.from({ length: 100 }, () => s.t.admin.post(`${L}/payment-open-amount`, { loanId: loan.id, amount: 15_000 })),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok + refused.length).toBe(100);
    expect(ok).toBe(68); // 68 × 15.000 = 1.020.000 exactly
    expect(refused.every((r) => ['PAY_ABOVE_OWED', 'LOAN_NOT_RUNNING'].includes(body(r).errorCode!))).toBe(true);
    const d = body<any>(await s.t.admin.get(`${L}/${loan.id}/detail-installment-loan-member`)).data;
    expect(d).toMatchObject({ status: 'PAID_OFF', remainingPrincipal: 0, principalPaid: 1_000_000, interestPaid: 20_000 });
    await assertReconciled(s.t.tenantId);
  });

  it('a payment replayed with one Idempotency-Key posts once', async () => {
    const s = await loanSetup();
    const loan = await runningLoan(s);
    const h = { 'idempotency-key': `pay-${loan.id}` };
    const rs = await Promise.all(Array.from({ length: 10 }, () => s.t.admin.post(`${L}/payment-installment`, { loanId: loan.id }, h)));
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => body<any>(r).data.payment.id)).size).toBe(1);
    expect(body<any>(await s.t.admin.get(`${L}/${loan.id}/mutation-payments`)).data.totalElements).toBe(1);
    expect((await ledgerBalance(s.t.tenantId, '10201')).toNumber()).toBe(11_000_000);
    await assertReconciled(s.t.tenantId);
  });
});
