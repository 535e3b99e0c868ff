/**
 * The set-based daily grading and fines (db/functions/loan_portfolio_day.sql)
 * agree with the TypeScript engine (loans.engine.ts figures/summarize/gradeLoan)
 * for every loan, for NOMINAL and PERCENT fines with grace days, HARIAN and
 * BULANAN; a run in small chunks resumed from its cursor writes one row per loan.
 */
import { describe, expect, it } from 'vitest';
import { figures, gradeLoan, summarize } from '../src/modules/loans/loans.engine.ts';
import { loadGrading } from '../src/modules/loans/loans.portfolio.ts';
import { findLoan, installments } from '../src/modules/loans/loans.repo.ts';
import { runPortfolioDay } from '../src/modules/portfolio/daily.service.ts';
import { createLoanProduct, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';
import { portfolioFixture } from './portfolio-fixtures.ts';

describe('daily grading and fines (set-based SQL)', () => {
  it('agrees with the loans engine for every loan and resumes from its cursor', async () => {
    const { s } = await portfolioFixture();
    const t = s.t;
    const pct = await createLoanProduct(t, { fine: 0.1, fineMethod: 'PERCENT', fineGraceDays: 3, adminFee: 0, provisionFee: 0 });
    const nom = await createLoanProduct(t, { fine: 2500, fineMethod: 'NOMINAL', fineGraceDays: 0, adminFee: 0, provisionFee: 0 });
    for (const [productId, late] of [
      [pct, 40],
      [pct, 2],
      [nom, 95],
      [nom, 200],
    ] as const) {
      const l = await runningLoan(s, { productId });
      await makeLate(t, l.id, l.installments[0].dueDate, late);
    }
    const day = todayWib();
    // Chunks of 2: the run stops after every chunk as if killed, and goes on from the cursor.
    const r = await runPortfolioDay(t.app.db, t.tenantId, day, 2);
    expect(r.loans).toBe(7);
    expect((await runPortfolioDay(t.app.db, t.tenantId, day, 2)).loans).toBe(0);

    const check = async () => {
      await t.app.db.tenant(t.tenantId, async (tx) => {
        const grading = await loadGrading(tx, t.tenantId);
        const rows = await tx.query<{
          loan_id: string;
          days_late: number;
          overdue_count: number;
          grade: string;
          outstanding: any;
          fine_due: any;
        }>('SELECT * FROM loan_portfolio_daily WHERE tenant_id = app_tenant() AND day = $1', [day]);
        expect(rows).toHaveLength(7);
        for (const row of rows) {
          const l = (await findLoan(tx, row.loan_id))!;
          const sum = summarize(figures(l, await installments(tx, l.id, l.schedule_no), day), day);
          const g = gradeLoan({ daysLate: sum.daysLate, overdueCount: sum.overdueCount }, grading);
          expect({
            late: row.days_late,
            n: row.overdue_count,
            grade: row.grade,
            fine: Number(row.fine_due),
            out: Number(row.outstanding),
          }).toEqual({
            late: sum.daysLate,
            n: sum.overdueCount,
            grade: g.grade,
            fine: sum.fineDue.toNumber(),
            out: l.remaining_principal.toNumber(),
          });
        }
        expect(rows.some((x) => Number(x.fine_due) > 0)).toBe(true);
        expect(new Set(rows.map((x) => x.grade)).size).toBeGreaterThanOrEqual(3);
      });
    };
    await check();
    // BULANAN on another day's snapshot.
    expect((await t.admin.patch('/api/tenant/collectability', { calculationType: 'BULANAN' })).statusCode).toBe(200);
    await t.app.db.tenant(t.tenantId, (tx) => tx.exec('DELETE FROM loan_portfolio_daily WHERE tenant_id = app_tenant()'));
    await t.app.db.tenant(t.tenantId, (tx) => tx.exec('DELETE FROM loan_portfolio_run WHERE tenant_id = app_tenant()'));
    await runPortfolioDay(t.app.db, t.tenantId, day, 3);
    await check();
  }, 180_000);
});
