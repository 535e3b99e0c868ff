/**
 * Fines stored by the daily job (db/functions/loan_portfolio_day.sql), at past
 * dates: each run adds the fine from max(due + grace days, fine_counted_to) to
 * its day to fine_accrued, per the product's method and grace days, so the
 * loan detail, detail-outstanding, report/loan and the daily rows show it
 * without a payment; a payment then takes the stored fine and adds only the
 * days since (the rule of packages/finance fineFor, which the payment applies):
 * the payment's fine equals fineFor over the whole lateness, whether the job
 * ran every day, skipped days or never ran.
 */
import { fineFor } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { runPortfolioDay } from '../src/modules/portfolio/daily.service.ts';
import { body } from './helpers.ts';
import { createLoanProduct, daysBetween, loanSetup, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

const L = '/api/transaction/product/loan';
const TERMS = { interestMethod: 'FLAT', interestRate: 1, adminFee: 0, provisionFee: 0, roundingMultiple: 1 };
const minus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('fines stored by the daily job', () => {
  it('stores each overdue installment’s fine per method and grace days at past dates; reads and the payment take it', async () => {
    // PERCENT 0.1 %/day after 3 grace days on 1.120.000 = 1.120 a day; NOMINAL 2.500 a day, no grace.
    const s = await loanSetup({ ...TERMS, fine: 0.1, fineMethod: 'PERCENT', fineGraceDays: 3 });
    const nominal = await createLoanProduct(s.t, { ...TERMS, fine: 2500, fineMethod: 'NOMINAL', fineGraceDays: 0 });
    const none = await createLoanProduct(s.t, { ...TERMS, fine: 0, fineMethod: 'NOMINAL', fineGraceDays: 0 });
    const pct = await runningLoan(s);
    const nom = await runningLoan(s, { productId: nominal });
    const zero = await runningLoan(s, { productId: none });
    const today = todayWib();
    for (const l of [pct, nom, zero]) await makeLate(s.t, l.id, l.installments[0].dueDate, 20);
    const due = minus(today, 20);

    const stored = async (loanId: string) =>
      s.t.app.db.tenant(s.t.tenantId, async (tx) => {
        const r = await tx.one<{ fine: string; counted: string | null }>(
          `SELECT sum(i.fine_accrued - i.fine_paid - i.fine_waived)::text AS fine, max(i.fine_counted_to)::text AS counted
           FROM loan_installment i JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id AND l.schedule_no = i.schedule_no
           WHERE i.tenant_id = app_tenant() AND i.loan_id = $1 AND NOT i.superseded`,
          [loanId],
        );
        return { fine: Number(r!.fine), counted: r!.counted };
      });
    const daily = async (day: string, loanId: string) =>
      s.t.app.db.tenant(s.t.tenantId, async (tx) =>
        Number(
          (await tx.one<{ f: string }>(
            'SELECT fine_due::text AS f FROM loan_portfolio_daily WHERE tenant_id = app_tenant() AND day = $1 AND loan_id = $2',
            [day, loanId],
          ))!.f,
        ),
      );
    const rule = (method: string, rate: number, grace: number, asOf: string) =>
      fineFor({ unpaid: 1_120_000, dueDate: due, graceDays: grace, method, rate, asOf }).toNumber();

    // Nothing is stored before the job runs (the reads count it live).
    expect(await stored(pct.id)).toEqual({ fine: 0, counted: null });

    // 10 days ago: 7 fined days (after 3 grace days) and 10 nominal days.
    const d1 = minus(today, 10);
    await runPortfolioDay(s.t.app.db, s.t.tenantId, d1);
    expect(await stored(pct.id)).toEqual({ fine: 7 * 1_120, counted: d1 });
    expect(await stored(nom.id)).toEqual({ fine: 10 * 2_500, counted: d1 });
    expect(await stored(zero.id)).toEqual({ fine: 0, counted: null });
    expect(await daily(d1, pct.id)).toBe(7_840);
    expect(rule('PERCENT', 0.1, 3, d1)).toBe(7_840);

    // 7 days ago, then 5 days ago (days skipped): each run adds only the days since the last.
    for (const n of [7, 5]) await runPortfolioDay(s.t.app.db, s.t.tenantId, minus(today, n));
    expect(await stored(pct.id)).toEqual({ fine: 12 * 1_120, counted: minus(today, 5) });
    expect(await stored(nom.id)).toEqual({ fine: 15 * 2_500, counted: minus(today, 5) });
    expect(await daily(minus(today, 7), nom.id)).toBe(13 * 2_500);

    // Today, twice: the second run stores nothing again.
    await runPortfolioDay(s.t.app.db, s.t.tenantId, today);
    await runPortfolioDay(s.t.app.db, s.t.tenantId, today);
    const pctToday = rule('PERCENT', 0.1, 3, today);
    const nomToday = rule('NOMINAL', 2500, 0, today);
    expect(pctToday).toBe(17 * 1_120);
    expect(nomToday).toBe(20 * 2_500);
    expect(await stored(pct.id)).toEqual({ fine: pctToday, counted: today });
    expect(await stored(nom.id)).toEqual({ fine: nomToday, counted: today });
    expect(await daily(today, pct.id)).toBe(pctToday);

    // An earlier day graded afterwards adds nothing and does not move the count back.
    await runPortfolioDay(s.t.app.db, s.t.tenantId, minus(today, 3));
    expect(await stored(pct.id)).toEqual({ fine: pctToday, counted: today });

    // The reads show the stored fine: detail, detail-outstanding, report/loan.
    const d = body<any>(await s.t.admin.get(`${L}/${pct.id}/detail-installment-loan-member`)).data;
    expect(d.installments[0]).toMatchObject({ fineDue: pctToday, daysLate: 20 });
    expect(daysBetween(due, today)).toBe(20);
    const out = body<any>(await s.t.admin.get(`${L}/${pct.id}/detail-outstanding`)).data;
    expect(out.fine).toBe(pctToday);
    const rep = body<any>(await s.t.admin.get('/api/report/loan', { page: 0, limit: 10 })).data;
    const row = rep.content.find((x: any) => x.id === nom.id);
    expect(row.fineDue).toBe(nomToday);
    expect(rep.totals.fineDue).toBe(pctToday + nomToday);

    // The payment takes the stored fine (nothing new to count today) — the same figure as the rule over 17 days.
    const p = await s.t.admin.post(`${L}/payment-installment`, { loanId: pct.id });
    expect(p.statusCode, p.body).toBe(200);
    expect(body<any>(p).data.payment).toMatchObject({ fine: pctToday, interest: 120_000, principal: 1_000_000 });
    expect(await stored(pct.id)).toEqual({ fine: 0, counted: today });
    expect((await ledgerBalance(s.t.tenantId, '40105')).toNumber()).toBe(pctToday);
    await assertReconciled(s.t.tenantId);
  }, 180_000);

  it('a payment after skipped days takes the stored fine plus the days since: equal to the rule over the whole lateness', async () => {
    const s = await loanSetup({ ...TERMS, fine: 0.1, fineMethod: 'PERCENT', fineGraceDays: 3 });
    const graded = await runningLoan(s);
    const never = await runningLoan(s);
    const today = todayWib();
    await makeLate(s.t, graded.id, graded.installments[0].dueDate, 30);
    // The job ran 12 days ago and not since; the other loan was never graded (released after that run).
    await runPortfolioDay(s.t.app.db, s.t.tenantId, minus(today, 12));
    await makeLate(s.t, never.id, never.installments[0].dueDate, 30);
    const fines: number[] = [];
    for (const l of [graded, never]) {
      const p = await s.t.admin.post(`${L}/payment-installment`, { loanId: l.id });
      expect(p.statusCode, p.body).toBe(200);
      fines.push(body<any>(p).data.payment.fine);
    }
    // Due 30 days ago, 3 grace days: 27 fined days × 1.120; installment 2 (due 0 days ago) has none yet.
    expect(fines).toEqual([27 * 1_120, 27 * 1_120]);
    await assertReconciled(s.t.tenantId);
  }, 180_000);
});
