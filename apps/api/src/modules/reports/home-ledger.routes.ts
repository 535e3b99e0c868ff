/**
 * Dashboard figures from the general ledger (spec section 7 "Dashboard"):
 * GET /api/home/v2/current-year-financial-status, the income and expenses of
 * the current fiscal year (the "current-year financial status" widget).
 *
 * Decisions:
 *  - "Current year" is the cooperative's fiscal year containing today (WIB),
 *    which follows `tenant.fiscal_year_start_month`; `year` asks for another
 *    fiscal year (e.g. the one just closed).
 *  - Income is credit − debit of INCOME accounts, expenses debit − credit of
 *    EXPENSE accounts, per month, read from the monthly summary
 *    (ledger_balance) so the widget never scans journal lines. Year-end
 *    closing entries are left out, exactly as the profit and loss does, so a
 *    closed year still shows what it earned and spent.
 *  - Adjustment journals count (they are part of the year's result); every
 *    business unit counts (the dashboard is the whole cooperative's).
 *  - Every month of the fiscal year is listed, zero where nothing was posted,
 *    so a chart has a fixed axis.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf, withTx } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { ledgerState } from '../ledger/closing.service.ts';
import { fiscalYearOf, fiscalYearRange, monthsBetween, todayJakarta } from '../ledger/dates.ts';

const query = z.object({
  year: z.coerce
    .number({ error: 'ledger.year_invalid' })
    .int('ledger.year_invalid')
    .min(1900, 'ledger.year_invalid')
    .max(2999, 'ledger.year_invalid')
    .optional(),
});

export interface FinancialStatusMonth {
  periode: string;
  income: Dec;
  expense: Dec;
  surplus: Dec;
}

export default async function homeLedgerRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/home/v2/current-year-financial-status',
    {
      config: { permission: 'dashboard:view' },
      schema: {
        tags: ['dashboard'],
        summary: 'Income and expenses of the current fiscal year, per month (dashboard)',
        description:
          'From the ledger summary: income = credit − debit of INCOME accounts, expenses = debit − credit of EXPENSE accounts, ' +
          'year-end closing entries left out. `year` picks another fiscal year (default the one containing today).',
        querystring: query,
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const result = await withTx(ctx, async (tx) => {
        const state = await ledgerState(tx);
        const today = todayJakarta();
        const fiscalYear = req.query.year ?? fiscalYearOf(today, state.fiscalStartMonth);
        const { start, end } = fiscalYearRange(fiscalYear, state.fiscalStartMonth);
        const rows = await tx.query<{ periode: string; type: 'INCOME' | 'EXPENSE'; debit: Dec; credit: Dec }>(
          `SELECT to_char(b.period, 'YYYY-MM') AS periode, a.type,
                  sum(b.debit - b.close_debit) AS debit, sum(b.credit - b.close_credit) AS credit
           FROM ledger_balance b
           JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id
           WHERE b.tenant_id = $1 AND b.period BETWEEN $2::date AND $3::date AND a.type IN ('INCOME', 'EXPENSE')
           GROUP BY 1, 2`,
          [tx.tenantId, start, end],
        );
        const byMonth = new Map<string, { income: Dec; expense: Dec }>();
        for (const r of rows) {
          const m = byMonth.get(r.periode) ?? { income: ZERO, expense: ZERO };
          if (r.type === 'INCOME') m.income = m.income.plus(dec(r.credit).minus(r.debit));
          else m.expense = m.expense.plus(dec(r.debit).minus(r.credit));
          byMonth.set(r.periode, m);
        }
        let totalIncome = ZERO;
        let totalExpense = ZERO;
        const months: FinancialStatusMonth[] = monthsBetween(start, end).map((d) => {
          const periode = d.slice(0, 7);
          const m = byMonth.get(periode) ?? { income: ZERO, expense: ZERO };
          totalIncome = totalIncome.plus(m.income);
          totalExpense = totalExpense.plus(m.expense);
          return { periode, income: m.income, expense: m.expense, surplus: m.income.minus(m.expense) };
        });
        return {
          fiscalYear,
          start,
          end,
          // The earlier of two YYYY-MM-DD texts (a closed year answers as of its last day).
          asOf: [today, end].sort()[0],
          totalIncome,
          totalExpense,
          surplus: totalIncome.minus(totalExpense),
          months,
        };
      });
      return ok(result);
    },
  );
}
