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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { financialStatus } from './reports.service.ts';

const query = z.object({
  year: z.coerce
    .number({ error: 'ledger.year_invalid' })
    .int('ledger.year_invalid')
    .min(1900, 'ledger.year_invalid')
    .max(2999, 'ledger.year_invalid')
    .optional(),
});

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
      const result = await financialStatus(ctx, req.query.year);
      return ok(result);
    },
  );
}
