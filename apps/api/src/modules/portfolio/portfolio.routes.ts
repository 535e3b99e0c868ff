/**
 * Portfolio routes: loan loss provision (PPAP) postings, the auto debit run and
 * its results, installment reminders, and the portfolio settings. The PPAP
 * report is in modules/reports/loan-reports.routes.ts. docs/loans.md "Portfolio".
 */
import { dateString, listQuery, optionalFilter, uuid } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../lib/audit.ts';
import { ctxOf, withTx } from '../../lib/context.ts';
import { sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { passthrough } from '../products/products.http.ts';
import { autoDebitList, changePortfolioSetting, portfolioSetting, runAutoDebitAudited } from './autodebit.service.ts';
import { today } from './portfolio.util.ts';
import { cancelProvision, postProvision, provisions } from './ppap.service.ts';
import { sendReminders } from './reminders.service.ts';

const TAG = ['loan portfolio'];
const optionalDate = optionalFilter.pipe(dateString.optional());

const autoDebitQuery = listQuery.extend({
  date: optionalDate,
  status: optionalFilter.pipe(z.enum(['PENDING', 'PAID', 'PARTIAL', 'FAILED'], { error: 'validation.invalid' }).optional()),
  format: z.string().optional(),
});
const runBody = z.object({
  date: dateString.optional(),
  retry: z.boolean().optional(),
  loanId: uuid.optional(),
});
const settingBody = z.object({
  autoDebitPartial: z.boolean(),
  reminderDays: z.number().int().min(0, 'validation.invalid').max(60, 'validation.invalid'),
  reminderOverdue: z.boolean(),
  reminderChannel: z.enum(['SMS', 'EMAIL'], { error: 'validation.invalid' }),
});

export async function portfolioRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/loan/ppap',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Loan loss provision postings (newest first)',
        querystring: z.object({ year: z.coerce.number().int().optional() }),
      },
    },
    async (req) => ok(await provisions(ctxOf(req), req.query.year)),
  );

  app.post(
    '/api/loan/ppap',
    {
      ...passthrough,
      config: { permission: 'adjustment_journal:add' },
      schema: {
        tags: TAG,
        summary:
          "Post a month's loan loss provision (period YYYY-MM) at its last day: one journal tops up or releases the allowance; once per month",
        body: z.object({ period: z.string({ error: 'portfolio.period_invalid' }) }),
      },
    },
    async (req) => {
      const r = await postProvision(ctxOf(req), req.body.period);
      return ok(r, 'portfolio.provision_done', { period: r.period });
    },
  );

  app.post(
    '/api/loan/ppap/:id/cancel',
    {
      ...passthrough,
      config: { permission: 'adjustment_journal:delete' },
      schema: {
        tags: TAG,
        summary: 'Cancel the latest provision posting: posts the reversal of its journal',
        params: z.object({ id: uuid }),
        body: z.object({ reason: z.string({ error: 'ledger.reason_required' }) }),
      },
    },
    async (req) => {
      const r = await cancelProvision(ctxOf(req), req.params.id, req.body.reason);
      return ok(r, 'portfolio.provision_cancel_done', { period: r.period });
    },
  );

  await autoDebitRoutes(appBase);
}

/** Auto debit results and run/retry, reminders, settings. */
async function autoDebitRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/loan/auto-debit',
    {
      ...passthrough,
      config: { permission: 'member_transaction:view' },
      schema: {
        tags: TAG,
        summary: "A day's auto debit results (one row per loan), with the day's summary",
        description: 'Filters: date (default today), status, search (member, CIF, loan number). `format=xlsx` downloads Excel.',
        querystring: autoDebitQuery,
      },
    },
    async (req, reply) => {
      const q = { ...req.query, date: req.query.date ?? today() };
      if (q.format !== 'xlsx') return ok(await autoDebitList(ctxOf(req), q));
      const r = await autoDebitList(ctxOf(req), q, true);
      const E = ctxOf(req).lang === 'en';
      return sendExcel(reply, `autodebet-${q.date}`, [
        {
          name: E ? 'Auto debit' : 'Autodebet',
          title: [req.principal?.tenantName ?? '', E ? 'Loan auto debit' : 'Autodebet Angsuran Pinjaman', q.date],
          columns: [
            { key: 'loanNumber', header: E ? 'Loan number' : 'No. Pinjaman' },
            { key: 'cifNumber', header: 'CIF' },
            { key: 'memberName', header: E ? 'Member' : 'Anggota', width: 28 },
            { key: 'accountNumber', header: E ? 'Savings account' : 'Rekening Sumber Dana' },
            { key: 'status', header: 'Status' },
            { key: 'due', header: E ? 'Due' : 'Tagihan', format: 'money' },
            { key: 'paid', header: E ? 'Debited' : 'Terdebet', format: 'money' },
            { key: 'message', header: E ? 'Note' : 'Keterangan', width: 40 },
          ],
          rows: r.content.map((x) => ({ ...x })),
        },
      ]);
    },
  );

  app.post(
    '/api/loan/auto-debit/run',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add' },
      schema: {
        tags: TAG,
        summary: "Run (or go on with) a day's auto debit; retry=true tries the day's failed loans again (one loan's with loanId)",
        description: 'Idempotent per loan and day: a loan is debited at most once a day, whatever the number of runs.',
        body: runBody,
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const date = req.body.date ?? today();
      const r = await runAutoDebitAudited(ctx, date, req.body);
      return ok(r, 'portfolio.auto_debit_done', { date, paid: r.paid, partial: r.partial, failed: r.failed });
    },
  );

  app.post(
    '/api/loan/reminders/send',
    {
      ...passthrough,
      config: { permission: 'member_transaction:add' },
      schema: {
        tags: TAG,
        summary:
          "Send the day's installment reminders (due within N days, overdue) by SMS to members who accept notifications; once per installment and day",
        body: z.object({ date: dateString.optional() }).optional(),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const r = await sendReminders(req.server.db, req.server.notifier, ctx.tenantId, req.body?.date ?? today());
      await withTx(ctx, (tx) => audit(tx, ctx, { action: 'loan.remind', entity: 'loan_reminder', after: r }));
      return ok(r, 'portfolio.reminders_sent', { count: r.sent });
    },
  );

  app.get(
    '/api/loan/portfolio-setting',
    { ...passthrough, config: { permission: 'settings:view' }, schema: { tags: TAG, summary: 'Auto debit and reminder settings' } },
    async (req) => ok(await portfolioSetting(ctxOf(req))),
  );

  app.put(
    '/api/loan/portfolio-setting',
    {
      ...passthrough,
      config: { permission: 'settings:update' },
      schema: { tags: TAG, summary: 'Change the auto debit and reminder settings', body: settingBody },
    },
    async (req) => {
      return ok(await changePortfolioSetting(ctxOf(req), req.body), 'portfolio.settings_saved');
    },
  );
}
