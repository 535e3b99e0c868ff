/**
 * Portfolio: collectability and NPL on past days against a hand-computed
 * fixture, the tenant's collectability settings changing the grade,
 * permissions and tenancy.
 *
 * Fixture (FLAT 1 %/month, 12.000.000 over 12 months, no fees, no fine: each
 * installment 1.000.000 principal + 120.000 interest):
 * - A (product P1, member Budi): released 2026-01-10, installments due the
 *   10th from 2026-02-10; two installments paid on 2026-03-05.
 * - B (P1, member Siti): released 2026-01-10, never paid.
 * - C (P2, member Budi): released 2026-05-01, first due 2026-06-01.
 *
 * By hand, default grades (LANCAR 0-30, KURANG LANCAR 31-90, DIRAGUKAN 91-180):
 * - 2026-03-05: A paid up to #2, next due 04-10 -> 0 days LANCAR, 10.000.000;
 *   B 23 days (02-10 -> 03-05) LANCAR 12.000.000; C not released. NPL 0.
 * - 2026-03-04: A not paid yet -> 22 days LANCAR, 12.000.000.
 * - 2026-05-20: A oldest unpaid #3 (04-10) -> 40 days KURANG LANCAR 10.000.000;
 *   B 99 days DIRAGUKAN 12.000.000; C LANCAR 12.000.000.
 *   NPL = 22.000.000 / 34.000.000 = 0.6471.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createLoanProduct, limitedUser, loanSetup, runningLoan } from './loans-fixtures.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

const TERMS = { interestMethod: 'FLAT', interestRate: 1, adminFee: 0, provisionFee: 0, fine: 0, roundingMultiple: 1 };

async function fixture() {
  const s = await loanSetup(TERMS);
  const p2 = await createLoanProduct(s.t, TERMS);
  const siti = await createActiveMember(s.t.admin, { fullName: 'Siti Aminah', gender: 'P' });
  const jan = { releaseDate: '2026-01-10', firstInstallmentDate: '2026-02-10' };
  const a = await runningLoan(s, {}, jan);
  const b = await runningLoan(s, { memberId: siti.id }, jan);
  const c = await runningLoan(s, { productId: p2 }, { releaseDate: '2026-05-01', firstInstallmentDate: '2026-06-01' });
  const pay = await s.t.admin.post('/api/transaction/product/loan/payment-installment', { loanId: a.id, count: 2 });
  expect(pay.statusCode, pay.body).toBe(200);
  expect(body<any>(pay).data.payment).toMatchObject({ principal: 2_000_000, interest: 240_000 });
  // The payment as if recorded on 2026-03-05 (payments are dated the day they are entered).
  await s.t.app.db.tenant(s.t.tenantId, (tx) =>
    tx.exec(`UPDATE loan_payment SET payment_date = '2026-03-05' WHERE tenant_id = app_tenant() AND loan_id = $1`, [a.id]),
  );
  return { s, p2, siti, a, b, c };
}

const gradeOf = (r: any, id: string) => r.loans.find((l: any) => l.loanId === id);

describe('portfolio', () => {
  it('grades every loan and computes the NPL on past days from the payments made by then', async () => {
    const { s, p2, a, b, c } = await fixture();
    const col = async (date: string, q: Record<string, string> = {}) => {
      const r = await s.t.admin.get('/api/report/loan/collectibility', { date, ...q });
      expect(r.statusCode, r.body).toBe(200);
      return body<any>(r).data;
    };
    const early = await col('2026-03-04');
    expect(gradeOf(early, a.id)).toMatchObject({ daysLate: 22, collectability: 'LANCAR', outstandingPrincipal: 12_000_000 });
    expect(early.loans).toHaveLength(2);

    const march = await col('2026-03-05');
    expect(gradeOf(march, a.id)).toMatchObject({ daysLate: 0, collectability: 'LANCAR', outstandingPrincipal: 10_000_000 });
    expect(gradeOf(march, b.id)).toMatchObject({ daysLate: 23, collectability: 'LANCAR', outstandingPrincipal: 12_000_000 });
    expect(gradeOf(march, c.id)).toBeUndefined();

    const may = await col('2026-05-20');
    expect(gradeOf(may, a.id)).toMatchObject({ daysLate: 40, collectability: 'KURANG LANCAR', oldestUnpaidDueDate: '2026-04-10' });
    expect(gradeOf(may, b.id)).toMatchObject({ daysLate: 99, collectability: 'DIRAGUKAN' });
    expect(gradeOf(may, c.id)).toMatchObject({ daysLate: 0, collectability: 'LANCAR' });
    expect(may.grades).toEqual([
      { grade: 'LANCAR', loanCount: 1, outstanding: 12_000_000, share: 0.3529 },
      { grade: 'KURANG LANCAR', loanCount: 1, outstanding: 10_000_000, share: 0.2941 },
      { grade: 'DIRAGUKAN', loanCount: 1, outstanding: 12_000_000, share: 0.3529 },
      { grade: 'MACET', loanCount: 0, outstanding: 0, share: 0 },
    ]);
    expect((await col('2026-05-20', { productId: p2 })).loans.map((l: any) => l.loanId)).toEqual([c.id]);

    const npl = async (time: string) => body<any>(await s.t.admin.get('/api/report/loan/npl', { time })).data;
    expect((await npl('2026-03-05')).total).toEqual({ loanCount: 2, outstanding: 22_000_000, nonPerforming: 0, nplRatio: 0 });
    const nplMay = await npl('2026-05-20');
    expect(nplMay.total).toEqual({ loanCount: 3, outstanding: 34_000_000, nonPerforming: 22_000_000, nplRatio: 0.6471 });
    expect(nplMay.byProduct.find((p: any) => p.id === p2)).toMatchObject({ outstanding: 12_000_000, nonPerforming: 0, nplRatio: 0 });
    expect(nplMay.byProduct.find((p: any) => p.id === s.productId)).toMatchObject({ nonPerforming: 22_000_000, nplRatio: 1 });
    expect(nplMay.byBranch.reduce((n: number, b: any) => n + b.loanCount, 0)).toBe(3);

    // The member's grade on a day: the worst of the member's loans.
    const m = await s.t.admin.get(`/api/member/${s.member.id}/collectability/2026-05-20/by-date`);
    expect(m.statusCode, m.body).toBe(200);
    expect(body<any>(m).data).toMatchObject({ collectability: 'KURANG LANCAR' });
    expect(body<any>(m).data.loans).toHaveLength(2);
    const none = await s.t.admin.get(`/api/member/${s.member.id}/collectability/2025-12-31/by-date`);
    expect(body<any>(none).data).toMatchObject({ collectability: null, loans: [] });

    // Excel
    const x = await s.t.admin.get('/api/report/loan/npl', { time: '2026-05-20', format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const y = await s.t.admin.get('/api/report/loan/collectibility', { date: '2026-05-20', format: 'xlsx' });
    expect(y.statusCode).toBe(200);
    expect(y.rawPayload.subarray(0, 2).toString()).toBe('PK');
    await assertReconciled(s.t.tenantId);
  });

  it('grades a restructured loan on each day by the schedule in force then, and counts its capitalised arrears as outstanding', async () => {
    const { s, a } = await fixture();
    const col = async (date: string) => {
      const r = await s.t.admin.get('/api/report/loan/collectibility', { date });
      expect(r.statusCode, r.body).toBe(200);
      return gradeOf(body<any>(r).data, a.id);
    };
    const mayBefore = await col('2026-05-20');
    expect(mayBefore).toMatchObject({ daysLate: 40, collectability: 'KURANG LANCAR', outstandingPrincipal: 10_000_000 });
    // Restructured today (restructurings start on the day they are entered), the arrears' interest capitalised.
    const rs = await s.t.admin.post('/api/transaction/product/loan/restruktur', {
      loanId: a.id,
      tenorInMonth: 12,
      capitalizeArrears: true,
      reason: 'Usaha terdampak banjir',
    });
    expect(rs.statusCode, rs.body).toBe(200);
    const after = body<any>(rs).data;
    expect(after.remainingPrincipal).toBeGreaterThan(10_000_000);
    // The past is graded by the schedule then in force, as before the restructuring.
    expect(await col('2026-05-20')).toEqual(mayBefore);
    const today = body<any>(await s.t.admin.get(`/api/transaction/product/loan/${a.id}/detail`)).data;
    const restructured = (body<any>(await s.t.admin.get(`/api/transaction/product/loan/${a.id}/mutation-loan`)).data.content as any[]).find(
      (m) => m.activity === 'RESTRUCTURE',
    );
    const day = String(restructured.date ?? restructured.eventDate ?? restructured.transactionDate).slice(0, 10);
    expect(await col(day)).toMatchObject({ daysLate: 0, collectability: 'LANCAR', outstandingPrincipal: after.remainingPrincipal });
    // 40 days after the new schedule's first due date, nothing paid since: 40 days late on the new schedule (the
    // payments made before the restructuring settled the old schedule, not the new one's first installments).
    const first = after.installments[0].dueDate as string;
    const later = new Date(Date.parse(`${first}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
    expect(await col(later)).toMatchObject({
      daysLate: 40,
      oldestUnpaidDueDate: first,
      collectability: 'KURANG LANCAR',
      outstandingPrincipal: after.remainingPrincipal,
    });
    expect(today.remainingPrincipal).toBe(after.remainingPrincipal);
    await assertReconciled(s.t.tenantId);
  });

  it("grades by the tenant's collectability settings (ranges and calculation type), in the reports and the loan detail", async () => {
    const { s, b } = await fixture();
    const patch = await s.t.admin.patch('/api/tenant/collectability', {
      items: [
        { grade: 'LANCAR', daysLateFrom: 0, daysLateUntil: 15 },
        { grade: 'KURANG LANCAR', daysLateFrom: 16, daysLateUntil: 90 },
      ],
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const march = body<any>(await s.t.admin.get('/api/report/loan/collectibility', { date: '2026-03-05' })).data;
    expect(gradeOf(march, b.id)).toMatchObject({ daysLate: 23, collectability: 'KURANG LANCAR' });
    expect(body<any>(await s.t.admin.get('/api/report/loan/npl', { time: '2026-03-05' })).data.total).toMatchObject({
      nonPerforming: 12_000_000,
      nplRatio: 0.5455,
    });

    // BULANAN: installments in arrears x 30. On 2026-05-20 B is 4 behind (120 -> DIRAGUKAN), A 2 behind (60 -> KURANG LANCAR).
    expect((await s.t.admin.patch('/api/tenant/collectability', { calculationType: 'BULANAN' })).statusCode).toBe(200);
    const may = body<any>(await s.t.admin.get('/api/report/loan/collectibility', { date: '2026-05-20' })).data;
    expect(gradeOf(may, b.id)).toMatchObject({ daysLate: 120, collectability: 'DIRAGUKAN' });

    // The loan's own detail uses the same settings: B today is more than 180 days late; MACET from 181 -> make MACET start far later.
    expect(
      (
        await s.t.admin.post('/api/tenant/collectability', {
          calculationType: 'HARIAN',
          items: [
            { grade: 'LANCAR', daysLateFrom: 0, daysLateUntil: 5000 },
            { grade: 'KURANG LANCAR', daysLateFrom: 5001, daysLateUntil: 6000 },
            { grade: 'DIRAGUKAN', daysLateFrom: 6001, daysLateUntil: 7000 },
            { grade: 'MACET', daysLateFrom: 7001, daysLateUntil: null },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const d = await s.t.admin.get(`/api/transaction/product/loan/${b.id}/detail-installment-loan-member`);
    expect(d.statusCode, d.body).toBe(200);
    expect(body<any>(d).data.daysLate).toBeGreaterThan(180);
    expect(body<any>(d).data.collectability).toBe('LANCAR');
  });

  it('by product on a day and the paged loan list with its outstanding, with Excel', async () => {
    const { s, p2, a, b, c } = await fixture();
    const bp = await s.t.admin.get('/api/report/loan/by-product', { date: '2026-05-20' });
    expect(bp.statusCode, bp.body).toBe(200);
    const r = body<any>(bp).data;
    const p1 = r.products.find((p: any) => p.productId === s.productId);
    expect(p1).toMatchObject({ loanCount: 2, amount: 24_000_000, outstanding: 22_000_000, nonPerforming: 22_000_000, nplRatio: 1 });
    expect(p1.grades).toEqual({ LANCAR: 0, 'KURANG LANCAR': 10_000_000, DIRAGUKAN: 12_000_000, MACET: 0 });
    expect(r.products.find((p: any) => p.productId === p2).grades.LANCAR).toBe(12_000_000);
    expect(r.total).toMatchObject({ loanCount: 3, amount: 36_000_000, outstanding: 34_000_000 });

    const list = await s.t.admin.get('/api/report/loan', { productId: s.productId, sortBy: 'remainingPrincipal', ascOrDesc: 'asc' });
    expect(list.statusCode, list.body).toBe(200);
    const l = body<any>(list).data;
    expect(l.totalElements).toBe(2);
    expect(l.content.map((x: any) => [x.id, x.remainingPrincipal])).toEqual([
      [a.id, 10_000_000],
      [b.id, 12_000_000],
    ]);
    expect(l.totals).toEqual({ amount: 24_000_000, remainingPrincipal: 22_000_000, fineDue: 0 });
    const paged1 = body<any>(await s.t.admin.get('/api/report/loan', { limit: 1, page: 1, sortBy: 'loanNumber' })).data;
    expect(paged1).toMatchObject({ totalElements: 3, totalPages: 3 });
    expect(paged1.content).toHaveLength(1);
    expect(paged1.totals.amount).toBe(36_000_000);
    expect(body<any>(await s.t.admin.get('/api/report/loan', { search: 'siti' })).data.content.map((x: any) => x.id)).toEqual([b.id]);
    expect(body<any>(await s.t.admin.get('/api/report/loan', { status: 'PAID_OFF' })).data.totalElements).toBe(0);
    expect((await s.t.admin.get('/api/report/loan', { status: 'NOPE' })).statusCode).toBe(400);
    expect(c.id).toBeTruthy();
    for (const url of ['/api/report/loan', '/api/report/loan/by-product']) {
      const x = await s.t.admin.get(url, { format: 'xlsx' });
      expect(x.statusCode).toBe(200);
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('needs report:view (403) and never shows another tenant (404, empty reports)', async () => {
    const { s } = await fixture();
    const teller = await limitedUser(s.t, { permissions: { member_transaction: { view: true, add: true } } });
    expect((await teller.get('/api/report/loan/npl', { time: '2026-05-20' })).statusCode).toBe(403);
    expect((await teller.get('/api/report/loan/collectibility')).statusCode).toBe(403);
    expect((await teller.get('/api/report/loan')).statusCode).toBe(403);
    expect((await teller.get('/api/report/loan/by-product')).statusCode).toBe(403);
    expect((await teller.get(`/api/member/${s.member.id}/collectability/2026-05-20/by-date`)).statusCode).toBe(403);

    const other = await newTenant();
    expect((await other.admin.get(`/api/member/${s.member.id}/collectability/2026-05-20/by-date`)).statusCode).toBe(404);
    const npl = body<any>(await other.admin.get('/api/report/loan/npl', { time: '2026-05-20' })).data;
    expect(npl.total).toEqual({ loanCount: 0, outstanding: 0, nonPerforming: 0, nplRatio: 0 });
    expect((await s.t.admin.get(`/api/member/${s.member.id}/collectability/2026-13-40/by-date`)).statusCode).toBe(400);
  });
});
