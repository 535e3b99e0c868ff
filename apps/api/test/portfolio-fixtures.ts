/**
 * The portfolio fixture (as in loans-portfolio.test.ts): FLAT 1 %/month,
 * 12.000.000 over 12 months, no fees, no fine: each installment 1.000.000
 * principal + 120.000 interest.
 * - A (product P1, member Budi): released 2026-01-10, due the 10th from
 *   2026-02-10; two installments paid on 2026-03-05.
 * - B (P1, member Siti): released 2026-01-10, never paid.
 * - C (P2, member Budi): released 2026-05-01, first due 2026-06-01.
 */
import { expect } from 'vitest';
import { body } from './helpers.ts';
import { createLoanProduct, loanSetup, runningLoan } from './loans-fixtures.ts';
import { createActiveMember } from './members-fixtures.ts';

export const TERMS = { interestMethod: 'FLAT', interestRate: 1, adminFee: 0, provisionFee: 0, fine: 0, roundingMultiple: 1 };

export async function portfolioFixture() {
  const s = await loanSetup(TERMS);
  const p2 = await createLoanProduct(s.t, TERMS);
  const siti = await createActiveMember(s.t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const jan = { releaseDate: '2026-01-10', firstInstallmentDate: '2026-02-10' };
  const a = await runningLoan(s, {}, jan);
  const b = await runningLoan(s, { memberId: siti.id }, jan);
  const c = await runningLoan(s, { productId: p2 }, { releaseDate: '2026-05-01', firstInstallmentDate: '2026-06-01' });
  const pay = await s.t.admin.post('/api/transaction/product/loan/payment-installment', { loanId: a.id, count: 2 });
  expect(pay.statusCode, pay.body).toBe(200);
  await s.t.app.db.tenant(s.t.tenantId, (tx) =>
    tx.exec(`UPDATE loan_payment SET payment_date = '2026-03-05' WHERE tenant_id = app_tenant() AND loan_id = $1`, [a.id]),
  );
  return { s, p2, siti, a, b, c };
}

export const data = <T = any>(r: { statusCode: number; body: string }) => {
  expect(r.statusCode, r.body).toBe(200);
  return body<T>(r as never).data;
};
