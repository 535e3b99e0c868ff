/**
 * HTTP routes of the general ledger: manual journals (Jurnal Umum),
 * adjustment journals (Jurnal Penyesuaian), the general ledger list of every
 * journal, and closing the books. Permissions follow the menu sections:
 * general_journal (Jurnal Umum, closing), adjustment_journal (Jurnal Penyesuaian).
 */
import {
  fiscalYearBody,
  fiscalYearReopenBody,
  journalBySourceQuery,
  journalCancelBody,
  journalListQuery,
  manualJournalBody,
  periodCloseBody,
  periodReopenBody,
  periodStatusQuery,
  uuid,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Ctx, ctxOf } from '../../lib/context.ts';
import { sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { t } from '../../lib/i18n.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import * as closing from './closing.service.ts';
import * as journals from './journal.service.ts';
import { journalListSheet } from './ledger-excel.ts';
import { numbersFirst } from './posting.ts';

const idParam = z.object({ id: uuid });

/** A journal list as JSON, or every journal of its filter as Excel with `format=xlsx`. */
async function journalList(
  ctx: Ctx,
  reply: FastifyReply,
  q: journals.JournalListQuery & { format: 'json' | 'xlsx' },
  scope: 'manual' | 'adjustment' | 'all',
  title: string,
  file: string,
) {
  if (q.format !== 'xlsx') return ok(await journals.listJournalPage(ctx, q, scope));
  const { rows, totalAmount } = await journals.listAllJournals(ctx, q, scope);
  return sendExcel(reply, `${file}-${q.start ?? 'awal'}-${q.end ?? 'akhir'}`, [
    journalListSheet(title, rows, totalAmount, ctx.lang, ctx.principal?.tenantName ?? '', q),
  ]);
}
const JOURNAL_TAG = ['journal'];
const CLOSING_TAG = ['closing'];

export async function ledgerRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  manualJournalRoutes(app);
  adjustmentJournalRoutes(app);
  journalRoutes(app);
  closingRoutes(app);
}

function manualJournalRoutes(app: ZodApp) {
  // ------------------------------------------------------------ Jurnal Umum

  app.get(
    '/api/journal-manual/v2/datatable',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'Manual journals (Jurnal Umum), paged',
        description:
          'Lists MANUAL journals by default; `sourceModule` (comma separated) lists other sources, `isAdjustment` filters adjustment journals. ' +
          'Search matches number, reference and description. Sort: created_date (default), date, number, totalAmount, description. ' +
          '`format=xlsx` downloads every journal of the filter.',
        querystring: journalListQuery,
      },
    },
    async (req, reply) => journalList(ctxOf(req), reply, req.query, 'manual', t(req, 'report.manual_journal'), 'jurnal-umum'),
  );

  app.post(
    '/api/journal-manual',
    {
      config: { permission: 'general_journal:add', idempotency: 'transactional' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'Post a manual journal',
        description:
          'Lines name the account as `coaId` with either `debit` or `credit`. Refused: fewer than 2 lines, a zero or negative amount, ' +
          'a line with both sides, unbalanced totals (JOURNAL_UNBALANCED), an inactive or header account, a closed period, a future date. ' +
          'Send an Idempotency-Key to make retries safe.',
        body: manualJournalBody,
      },
    },
    async (req) => ok(await journals.createJournal(ctxOf(req), req.body, 'MANUAL'), 'ledger.journal_created'),
  );

  app.get(
    '/api/journal-manual/:id/detail',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'A journal with its lines, source (module + id) and reversal links',
        params: idParam,
      },
    },
    async (req) => ok(await journals.journalDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/journal-manual/cancel',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:delete', idempotency: 'transactional' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'Cancel a journal by posting its reversal',
        description:
          'Only ledger journals (MANUAL, ADJUSTMENT, BALANCE_ADJUSTMENT, OPENING); others are cancelled in their module. ' +
          'A reason is required; an adjustment journal also needs adjustment_journal:delete. The reversal is dated `date`, ' +
          'else the journal’s date when its month is open, else today.',
        body: journalCancelBody,
      },
    },
    async (req) => ok(await journals.cancelJournal(ctxOf(req), req.body, 'general'), 'ledger.journal_cancelled'),
  );
}

function adjustmentJournalRoutes(app: ZodApp) {
  // ------------------------------------------------------------ Jurnal Penyesuaian

  app.post(
    '/api/journal-manual/adjust',
    {
      config: { permission: 'adjustment_journal:add', idempotency: 'transactional' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'Post an adjustment journal (Jurnal Penyesuaian)',
        description: 'Same body and rules as POST /api/journal-manual; the journal is flagged as an adjustment (source ADJUSTMENT).',
        body: manualJournalBody,
      },
    },
    async (req) => ok(await journals.createJournal(ctxOf(req), req.body, 'ADJUSTMENT'), 'ledger.adjustment_created'),
  );

  app.get(
    '/api/journal-adjustment/v2/datatable',
    {
      ...numbersFirst,
      config: { permission: 'adjustment_journal:view' },
      schema: { tags: JOURNAL_TAG, summary: 'Adjustment journals (Jurnal Penyesuaian), paged', querystring: journalListQuery },
    },
    async (req, reply) =>
      journalList(ctxOf(req), reply, req.query, 'adjustment', t(req, 'report.adjustment_journal'), 'jurnal-penyesuaian'),
  );

  app.get(
    '/api/journal-adjustment/:id/detail',
    {
      ...numbersFirst,
      config: { permission: 'adjustment_journal:view' },
      schema: { tags: JOURNAL_TAG, summary: 'An adjustment journal with its lines', params: idParam },
    },
    async (req) => ok(await journals.journalDetail(ctxOf(req), req.params.id, 'adjustment')),
  );

  app.post(
    '/api/journal-adjustment/cancel',
    {
      ...numbersFirst,
      config: { permission: 'adjustment_journal:delete', idempotency: 'transactional' },
      schema: { tags: JOURNAL_TAG, summary: 'Cancel an adjustment journal by posting its reversal', body: journalCancelBody },
    },
    async (req) => ok(await journals.cancelJournal(ctxOf(req), req.body, 'adjustment'), 'ledger.journal_cancelled'),
  );
}

function journalRoutes(app: ZodApp) {
  // ------------------------------------------------------------ general ledger (every source)

  app.get(
    '/api/journal/v2/datatable',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'Every journal of the general ledger (any source), paged',
        description:
          'Filters: start, end, search, sourceModule (comma separated), sourceId, isAdjustment, status (POSTED, CANCELLED, REVERSAL), ' +
          'coaId (journals with a line on the account), businessUnitId. `totalAmount` is the sum over the whole filter.',
        querystring: journalListQuery,
      },
    },
    async (req, reply) => journalList(ctxOf(req), reply, req.query, 'all', t(req, 'report.general_ledger_list'), 'jurnal'),
  );

  app.get(
    '/api/journal/:id/detail',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: { tags: JOURNAL_TAG, summary: 'Any journal with its lines, source and reversal links', params: idParam },
    },
    async (req) => ok(await journals.journalDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/journal/by-source',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: {
        tags: JOURNAL_TAG,
        summary: 'The journals of one source record (module + id), oldest first, with lines',
        querystring: journalBySourceQuery,
      },
    },
    async (req) => ok(await journals.journalsOfSource(ctxOf(req), req.query.module, req.query.id)),
  );
}

function closingRoutes(app: ZodApp) {
  // ------------------------------------------------------------ closing the books

  app.get(
    '/api/ledger/period',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: {
        tags: CLOSING_TAG,
        summary: 'Months of a fiscal year: open or closed, who closed or reopened them, totals',
        querystring: periodStatusQuery,
      },
    },
    async (req) => ok(await closing.periodStatus(ctxOf(req), req.query.year)),
  );

  app.get(
    '/api/ledger/fiscal-year',
    {
      ...numbersFirst,
      config: { permission: 'general_journal:view' },
      schema: { tags: CLOSING_TAG, summary: 'Fiscal years with journals: status, closing journal, surplus' },
    },
    async (req) => ok(await closing.fiscalYears(ctxOf(req))),
  );

  app.post(
    '/api/ledger/period/close',
    {
      config: { permission: 'general_journal:update' },
      schema: {
        tags: CLOSING_TAG,
        summary: 'Close the books up to a month (YYYY-MM)',
        description: 'Closes the month and every earlier open month. The month must have ended. Nothing can be posted on a closed date.',
        body: periodCloseBody,
      },
    },
    async (req) => {
      const r = await closing.closeMonth(ctxOf(req), req.body.periode);
      return ok(r, 'ledger.period_closed_ok', { periode: req.body.periode });
    },
  );

  app.post(
    '/api/ledger/period/reopen',
    {
      config: { permission: 'general_journal:delete' },
      schema: {
        tags: CLOSING_TAG,
        summary: 'Reopen a closed month (and every later month), with a reason',
        description: 'Audited. Refused inside a closed fiscal year (reopen the year first).',
        body: periodReopenBody,
      },
    },
    async (req) => {
      const r = await closing.reopenMonth(ctxOf(req), req.body.periode, req.body.reason);
      return ok(r, 'ledger.period_reopened', { periode: req.body.periode });
    },
  );

  app.post(
    '/api/ledger/fiscal-year/close',
    {
      config: { permission: 'general_journal:update', idempotency: 'transactional' },
      schema: {
        tags: CLOSING_TAG,
        summary: 'Close a fiscal year: closing entries into CURRENT_YEAR_SURPLUS, every month closed',
        description:
          'The year must have ended and earlier years with journals be closed. Posts one CLOSING journal dated the last day of the year ' +
          'that zeroes every income and expense account against CURRENT_YEAR_SURPLUS (earlier surplus left there moves to RETAINED_SURPLUS).',
        body: fiscalYearBody,
      },
    },
    async (req) => ok(await closing.closeYear(ctxOf(req), req.body.year), t(req, 'ledger.year_closed_ok', { year: req.body.year })),
  );

  app.post(
    '/api/ledger/fiscal-year/reopen',
    {
      config: { permission: 'general_journal:delete', idempotency: 'transactional' },
      schema: {
        tags: CLOSING_TAG,
        summary: 'Reopen a closed fiscal year (reverses its closing journal), with a reason',
        description: 'Audited. The following year must be open. The months stay closed until reopened.',
        body: fiscalYearReopenBody,
      },
    },
    async (req) =>
      ok(await closing.reopenYear(ctxOf(req), req.body.year, req.body.reason), t(req, 'ledger.year_reopened', { year: req.body.year })),
  );
}
