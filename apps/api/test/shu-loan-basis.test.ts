/**
 * SHU jasa usaha on the basis LOAN_INTEREST_PAID with real loan payments through the loans API (docs/shu.md
 * "Bases"): each member's share of the MEMBER_TRANSACTION allocation is the interest of their POSTED loan payments
 * dated in the fiscal year over all members' — a cancelled payment and a payment of the next year do not count.
 *
 * The loans API dates a release and a payment today, so the test moves the clock (only `Date`, vi.setSystemTime)
 * into 2025 while it applies, releases and pays, exactly as a teller would have that day; then closes 2025.
 * Loans: FLAT 1 % a month. A 12,000,000 over 12 months pays 120,000 interest a month, two installments: 240,000.
 * B 6,000,000 over 12 months pays 60,000 a month: one installment 60,000 (a second one cancelled).
 * C has no loan. Basis A 240,000, B 60,000: A gets 4/5 and B 1/5 of jasa usaha, to the rupiah, remainder to reserve.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { body } from './helpers.ts';
import { data } from './ledger-helpers.ts';
import { createLoanProduct } from './loans-fixtures.ts';
import { assertReconciled } from './reconcile.ts';
import { fixture, saveSettings, Y } from './shu-fixtures.ts';

const L = '/api/transaction/product/loan';

afterEach(() => {
  vi.useRealTimers();
});

function at(date: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T03:00:00Z`));
}

describe('SHU basis LOAN_INTEREST_PAID', () => {
  it('shares jasa usaha by the interest of the loan payments posted in the year', async () => {
    const { t, a, b, c } = await fixture();
    const productId = await createLoanProduct(t, { interestRate: 1, adminFee: 0, provisionFee: 0 });
    const loanOf = async (memberId: string, amount: number) => {
      const r = await t.admin.post('/api/transaction/request-open-product-member', {
        memberId,
        productId,
        amount,
        tenorInMonth: 12,
        purpose: 'Modal usaha',
      });
      expect(r.statusCode, r.body).toBe(200);
      const id = body<any>(r).data.loan.id as string;
      if (body<any>(r).data.status === 'WAITING_APPROVAL')
        expect((await t.admin.post(`${L}/${id}/approved-loan`, { status: 'APPROVED' })).statusCode).toBe(200);
      const rel = await t.admin.post(`${L}/release`, { loanId: id, destination: 'CASH' });
      expect(rel.statusCode, rel.body).toBe(200);
      return id;
    };
    at(`${Y}-02-01`);
    const la = await loanOf(a.id, 12_000_000);
    const lb = await loanOf(b.id, 6_000_000);
    at(`${Y}-03-01`);
    for (const id of [la, lb]) expect((await t.admin.post(`${L}/payment-installment`, { loanId: id })).statusCode).toBe(200);
    at(`${Y}-04-01`);
    expect((await t.admin.post(`${L}/payment-installment`, { loanId: la })).statusCode).toBe(200);
    const p2 = await t.admin.post(`${L}/payment-installment`, { loanId: lb });
    expect(p2.statusCode, p2.body).toBe(200);
    const cancel = await t.admin.post(`${L}/cancel-payment`, { paymentId: body<any>(p2).data.payment.id, reason: 'Salah input' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    vi.useRealTimers();
    // Paid in 2026 (today): not in the 2025 basis.
    expect((await t.admin.post(`${L}/payment-installment`, { loanId: la })).statusCode).toBe(200);
    const paid = await t.tx((tx) =>
      tx.query<{ loan_id: string; interest: string; y: number; status: string }>(
        `SELECT loan_id, interest::text, extract(year FROM payment_date)::int AS y, status FROM loan_payment ORDER BY payment_date, loan_id`,
      ),
    );
    expect(
      paid
        .filter((p) => p.y === Y && p.status === 'POSTED')
        .map((p) => p.interest)
        .sort(),
    ).toEqual(['120000.00', '120000.00', '60000.00']);
    await assertReconciled(t.tenantId);

    const close = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y });
    expect(close.statusCode, close.body).toBe(200);
    expect((await saveSettings(t, { transactionBasis: 'LOAN_INTEREST_PAID' })).statusCode).toBe(200);
    const calc = await t.admin.post('/api/shu/calculate', { year: Y });
    expect(calc.statusCode, calc.body).toBe(200);
    const alloc = data(calc).allocations.MEMBER_TRANSACTION as number;
    // 8,000,000 of the fixture + 300,000 of loan interest in 2025.
    expect(data(calc).surplus).toBe(8_300_000);
    const members = data(await t.admin.get('/api/shu/calculation/members', { year: Y }));
    const by = Object.fromEntries(members.content.map((m: any) => [m.memberId, m]));
    expect(by[a.id].transactionBasis).toBe(240_000);
    expect(by[b.id].transactionBasis).toBe(60_000);
    expect(by[c.id].transactionBasis).toBe(0);
    const pool = 8_300_000 * 0.25;
    expect(by[a.id].transactionShare).toBe(Math.floor((pool * 4) / 5));
    expect(by[b.id].transactionShare).toBe(Math.floor(pool / 5));
    expect(by[c.id].transactionShare).toBe(0);
    expect(by[a.id].transactionShare + by[b.id].transactionShare).toBe(alloc);
    await assertReconciled(t.tenantId);
  }, 120_000);
});
