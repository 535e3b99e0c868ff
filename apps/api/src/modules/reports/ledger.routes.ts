/**
 * Ledger and statement reports (Laporan): balance sheet, profit and loss,
 * general ledger (buku besar), journal, trial balance. Every one answers JSON,
 * or an Excel workbook with `format=xlsx`. Permission report:view.
 */
import { balanceSheetQuery, journalReportQuery, ledgerReportQuery, profitAndLossQuery, trialBalanceQuery, uuid } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ctxOf, withTx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { EXPORT_FETCH_LIMIT, sendExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import { monthStart, todayJakarta } from '../ledger/dates.ts';
import { journalDetail, listAllJournals, listScoped } from '../ledger/journal.service.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { balanceSheetSheet, journalSheet, ledgerSheet, profitAndLossSheet, trialBalanceSheet } from './ledger-excel.ts';
import { ledgerBook } from './reports.service.ts';
import { balanceSheet, profitAndLoss, trialBalance } from './statements.ts';

const TAG = ['report'];

export default async function ledgerReportRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  statementRoutes(app);
  ledgerBookRoutes(app);
}

function statementRoutes(app: ZodApp) {
  app.get(
    '/api/report/v2/balance-sheet',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Balance sheet (neraca) at the end of a month or on a day, by COA tree, compared with the previous month end',
        description:
          '`periode` YYYY-MM (its last day) or YYYY-MM-DD, default this month; `comparePeriode` overrides the comparison date. ' +
          'Equity includes the surplus of fiscal years not yet closed, so totalAssets = totalLiabilitiesAndEquity (`balanced`). ' +
          '`showZeroAmount` keeps accounts with zero amounts. `format=xlsx` downloads Excel.',
        querystring: balanceSheetQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const bs = await balanceSheet(ctx, req.query);
      if (req.query.format === 'xlsx') {
        return sendExcel(reply, `neraca-${bs.asOf}`, [balanceSheetSheet(bs, ctx.lang, ctx.principal?.tenantName ?? '')]);
      }
      return ok(bs);
    },
  );

  app.get(
    '/api/report/v2/profit-and-loss',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Profit and loss (perhitungan hasil usaha) over a period, compared with the period before',
        description:
          '`periode` (one month) or `start`/`end` (YYYY-MM or YYYY-MM-DD); default the fiscal year to date. Year-end closing entries are left out. ' +
          '`format=xlsx` downloads Excel.',
        querystring: profitAndLossQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pl = await profitAndLoss(ctx, req.query);
      if (req.query.format === 'xlsx') {
        return sendExcel(reply, `laba-rugi-${pl.start}-${pl.end}`, [profitAndLossSheet(pl, ctx.lang, ctx.principal?.tenantName ?? '')]);
      }
      return ok(pl);
    },
  );

  app.get(
    '/api/report/balance-sheet-review',
    {
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Trial balance (neraca saldo): every account’s opening, debit, credit, adjustments and closing; totals balance',
        description: '`periode` or `start`/`end`; default this month. `format=xlsx` downloads Excel.',
        querystring: trialBalanceQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const tb = await trialBalance(ctx, req.query);
      if (req.query.format === 'xlsx') {
        return sendExcel(reply, `neraca-saldo-${tb.start}-${tb.end}`, [trialBalanceSheet(tb, ctx.lang, ctx.principal?.tenantName ?? '')]);
      }
      return ok(tb);
    },
  );
}

function ledgerBookRoutes(app: ZodApp) {
  app.get(
    '/api/report/v2/ledger',
    {
      ...numbersFirst,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'General ledger (buku besar) of an account: opening balance, lines with running balance, closing balance',
        description:
          '`coaId` is an account id or code (a header gathers the accounts below it); `start`/`end` default to this month; ' +
          'page/limit page the lines (limit up to 5000); `format=xlsx` downloads every line.',
        querystring: ledgerReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const end = q.end ?? todayJakarta();
      const start = q.start ?? monthStart(end);
      if (start > end) throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'start' });
      const xlsx = q.format === 'xlsx';
      const result = await ledgerBook(ctx, q.coaId, {
        start,
        end,
        page: xlsx ? 0 : q.page,
        limit: xlsx ? EXPORT_FETCH_LIMIT : q.limit,
        sort: q.sort,
      });
      if (xlsx) {
        return sendExcel(reply, `buku-besar-${result.account.code}-${start}-${end}`, [
          ledgerSheet(result, ctx.lang, ctx.principal?.tenantName ?? ''),
        ]);
      }
      return ok(result);
    },
  );

  app.get(
    '/api/report/ledger/:id/detail',
    {
      ...numbersFirst,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'The journal behind a ledger line: lines, source and reversal links',
        params: z.object({ id: uuid }),
      },
    },
    async (req) => ok(await journalDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/report/journal-transaction',
    {
      ...numbersFirst,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Journal report: journals with their lines over a period (any source), paged, with totals',
        description:
          'Filters as the general ledger list (start, end, search, sourceModule, isAdjustment, status, coaId, businessUnitId). ' +
          '`format=xlsx` downloads every journal of the filter (up to 100,000 lines; a larger export is refused).',
        querystring: journalReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      if (q.format === 'xlsx') {
        const { rows, totalAmount } = await listAllJournals(ctx, q, 'all', true);
        return sendExcel(reply, `jurnal-${q.start ?? 'awal'}-${q.end ?? 'akhir'}`, [
          journalSheet(rows, { debit: totalAmount, credit: totalAmount }, ctx.lang, ctx.principal?.tenantName ?? '', q),
        ]);
      }
      const r = await withTx(ctx, (tx) => listScoped(tx, q, 'all', true));
      return ok({ ...paged(r.rows, r.total, q.page, q.limit), totalDebit: r.totalAmount, totalCredit: r.totalAmount });
    },
  );
}
