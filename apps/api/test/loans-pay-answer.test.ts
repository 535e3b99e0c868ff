/**
 * A payment's answer comes from loan_pay_many's own rows (loan_pay_answer.sql, no read after the call): it must be
 * byte for byte what reading the payment and the loan back gives (findPayment, findLoan, the loan's figures from its
 * schedule, the cooperative's grades), in a batch and alone (a second payment of the same loan in the batch); replayed,
 * the stored answer's values.
 */
import { describe, expect, it } from 'vitest';
import { findLoan, findPayment } from '../src/modules/loans/loans.repo.ts';
import { loanWithFigures, paymentView } from '../src/modules/loans/loans.views.ts';
import { body } from './helpers.ts';
import { loanSetup, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';

const L = '/api/transaction/product/loan';

describe('the answer of a loan payment', () => {
  it('is what reading the payment and the loan back gives, byte for byte', async () => {
    const s = await loanSetup();
    const late = await runningLoan(s, { amount: 3_000_000, tenorInMonth: 6 });
    const plain = await runningLoan(s, { amount: 2_000_000, tenorInMonth: 4 });
    await makeLate(s.t, late.id, todayWib(), 65);
    // The grades by months in arrears: the answer must grade with the cooperative's own settings.
    await s.t.app.db.owner((tx) =>
      tx.exec(`UPDATE collectability_setting SET calculation_type = 'BULANAN' WHERE tenant_id = $1`, [s.t.tenantId]),
    );
    const key = { 'idempotency-key': `answer-${late.id}` };
    const rs = await Promise.all([
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: late.id, amount: 100_000 }, key),
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: plain.id, amount: 250_000.5 }),
      // The same loan again: runs alone (pay), after the batch.
      s.t.admin.post(`${L}/payment-open-amount`, { loanId: late.id, amount: 50_000 }),
    ]);
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    const expected = async (d: { payment: { id: string }; loan: { id: string } }) =>
      s.t.app.db.tenant(s.t.tenantId, async (tx) => {
        const p = (await findPayment(tx, d.payment.id))!;
        const l = (await findLoan(tx, d.loan.id))!;
        return { payment: paymentView(p), loan: (await loanWithFigures(tx, l, todayWib())).view };
      });
    // The first payment on `late` as it was when answered: compare before the later one changed the loan.
    const answers = rs.map((r) => body<any>(r).data);
    const byLoan = answers.filter((d) => d.loan.id === late.id);
    expect(byLoan).toHaveLength(2);
    const lastOnLate = byLoan.reduce((a, b) =>
      a.loan.principalPaid + a.loan.interestPaid >= b.loan.principalPaid + b.loan.interestPaid ? a : b,
    );
    for (const d of [answers[1], lastOnLate]) {
      expect(JSON.stringify(d)).toBe(JSON.stringify(await expected(d)));
      expect(d.loan.collectability).not.toBeNull();
    }
    expect(lastOnLate.loan.daysLate).toBeGreaterThan(0);
    const first = byLoan.find((d) => d !== lastOnLate)!;
    const firstNow = await expected(first);
    expect(JSON.stringify(first.payment)).toBe(JSON.stringify(firstNow.payment));
    expect(Object.keys(first.loan)).toEqual(Object.keys(firstNow.loan));
    // Replayed with its key: the stored answer, the same values (stored as jsonb, which orders the keys its own way).
    const again = await s.t.admin.post(`${L}/payment-open-amount`, { loanId: late.id, amount: 100_000 }, key);
    expect(again.statusCode).toBe(200);
    expect(body<any>(again).data).toEqual(answers[0]);
  }, 60_000);
});
