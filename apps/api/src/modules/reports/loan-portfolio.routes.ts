/**
 * Loan portfolio reports (spec section 7): report/loan/collectibility,
 * report/loan/npl (query `time` = the day) and member/{id}/collectability/{date}/by-date.
 * JSON, or Excel with `format=xlsx`. The grading lives in the loans module
 * (loans.portfolio.ts); docs/loans.md "Portfolio".
 */
import { dateString, LOAN_STATUSES, listQuery, optionalFilter, uuid } from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, type ExcelSheet, sendExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import { byProductReport, collectibilityReport, loanListReport, nplReport } from '../loans/loans.portfolio.ts';
import { passthrough } from '../products/products.http.ts';
import { today } from '../savings/savings.core.ts';
import { memberCollectabilityOf } from './reports.service.ts';

const TAG = ['report'];
const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const reportFormat = z
  .string()
  .optional()
  .transform((v) => (v && ['xlsx', 'excel'].includes(v.toLowerCase()) ? ('xlsx' as const) : ('json' as const)));

const collectibilityQuery = z.object({
  productId: optionalUuid,
  branchId: optionalUuid,
  /** The member's area. */
  areaId: optionalUuid,
  /** The loan's officer, else the member's agent. */
  officerId: optionalUuid,
  /** The day (default today). */
  date: optionalDate,
  format: reportFormat,
});
const nplQuery = z.object({
  productId: optionalUuid,
  branchId: optionalUuid,
  /** The member's area. */
  areaId: optionalUuid,
  /** The loan's officer, else the member's agent. */
  officerId: optionalUuid,
  /** The day (default today); spec name `time`. */
  time: optionalDate,
  format: reportFormat,
});

const byProductQuery = z.object({
  branchId: optionalUuid,
  /** The member's area. */
  areaId: optionalUuid,
  /** The loan's officer, else the member's agent. */
  officerId: optionalUuid,
  date: optionalDate,
  format: reportFormat,
});
const loanListQuery = listQuery.extend({
  productId: optionalUuid,
  branchId: optionalUuid,
  /** The member's area. */
  areaId: optionalUuid,
  /** The loan's officer, else the member's agent. */
  officerId: optionalUuid,
  status: optionalFilter.pipe(z.enum(LOAN_STATUSES, { error: 'validation.invalid' }).optional()),
  /** Application date from / until. */
  start: optionalDate,
  end: optionalDate,
  format: reportFormat,
});

const tenantName = (req: FastifyRequest) => req.principal?.tenantName ?? '';
const en = (req: FastifyRequest) => ctxOf(req).lang === 'en';

export default async function loanPortfolioRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  gradeRoutes(app);
  listRoutes(app);
}

/** Collectability and NPL on a day. */
function gradeRoutes(app: ZodApp) {
  app.get(
    '/api/report/loan/collectibility',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Loans outstanding on a day by collectability grade (tenant settings), with outstanding principal',
        description:
          "Filters: productId, branchId and areaId (the member's), officerId (the loan's officer, else the member's agent), date (default today). `format=xlsx` downloads Excel.",
        querystring: collectibilityQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const xlsx = req.query.format === 'xlsx';
      const r = await collectibilityReport(ctx, { ...req.query, date: req.query.date ?? today() }, xlsx ? EXPORT_FETCH_LIMIT : undefined);
      if (!xlsx) return ok(r);
      const E = en(req);
      const summary: ExcelSheet = {
        name: E ? 'Summary' : 'Ringkasan',
        title: [tenantName(req), E ? 'Loan collectability' : 'Kolektibilitas Pinjaman', r.date],
        columns: [
          { key: 'grade', header: E ? 'Grade' : 'Kolektibilitas' },
          { key: 'loanCount', header: E ? 'Loans' : 'Jumlah Pinjaman', format: 'integer' },
          { key: 'outstanding', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
          { key: 'share', header: '%', format: 'percent' },
        ],
        rows: [
          ...r.grades.map((g) => ({ ...g })),
          { grade: 'Total', loanCount: r.total.loanCount, outstanding: r.total.outstanding, share: 1, $style: 'total' as const },
        ],
      };
      const detail: ExcelSheet = {
        name: E ? 'Loans' : 'Pinjaman',
        title: [tenantName(req), E ? 'Loan collectability' : 'Kolektibilitas Pinjaman', r.date],
        columns: [
          { key: 'loanNumber', header: E ? 'Loan number' : 'No. Pinjaman' },
          { key: 'cifNumber', header: 'CIF' },
          { key: 'memberName', header: E ? 'Member' : 'Anggota', width: 28 },
          { key: 'productName', header: E ? 'Product' : 'Produk', width: 24 },
          { key: 'branchName', header: E ? 'Branch' : 'Cabang' },
          { key: 'releaseDate', header: E ? 'Released' : 'Tgl Pencairan' },
          { key: 'amount', header: E ? 'Amount' : 'Plafon', format: 'money' },
          { key: 'outstandingPrincipal', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
          { key: 'daysLate', header: E ? 'Days late' : 'Hari Tunggak', format: 'integer' },
          { key: 'collectability', header: E ? 'Grade' : 'Kolektibilitas' },
        ],
        rows: r.loans.map((l) => ({ ...l })),
      };
      return sendExcel(reply, `kolektibilitas-pinjaman-${r.date}`, [summary, detail]);
    },
  );

  app.get(
    '/api/report/loan/npl',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary:
          'Non-performing loans on a day: outstanding principal KURANG LANCAR + DIRAGUKAN + MACET over the total, per branch and product',
        description:
          "Filters: time (the day, default today), productId, branchId, areaId, officerId (the loan's, else the member's agent). `format=xlsx` downloads Excel.",
        querystring: nplQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { time, format: _f, ...filter } = req.query;
      const r = await nplReport(ctx, { ...filter, date: time ?? today() });
      if (req.query.format !== 'xlsx') return ok(r);
      const E = en(req);
      const columns = (first: string) => [
        { key: 'name', header: first, width: 28 },
        { key: 'loanCount', header: E ? 'Loans' : 'Jumlah Pinjaman', format: 'integer' as const },
        { key: 'outstanding', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' as const },
        { key: 'nonPerforming', header: E ? 'Non-performing' : 'Pinjaman Bermasalah', format: 'money' as const },
        { key: 'nplRatio', header: 'NPL', format: 'percent' as const },
      ];
      const title = [tenantName(req), 'Non Performing Loan (NPL)', r.date];
      const total = { name: 'Total', ...r.total, $style: 'total' as const };
      return sendExcel(reply, `npl-${r.date}`, [
        {
          name: E ? 'By branch' : 'Per Cabang',
          title,
          columns: columns(E ? 'Branch' : 'Cabang'),
          rows: [...r.byBranch.map((b) => ({ ...b, name: b.name ?? (E ? '(no branch)' : '(tanpa cabang)') })), total],
        },
        {
          name: E ? 'By product' : 'Per Produk',
          title,
          columns: columns(E ? 'Product' : 'Produk'),
          rows: [...r.byProduct.map((b) => ({ ...b })), total],
        },
      ]);
    },
  );
}

/** A member's grades, per product, the loan list. */
function listRoutes(app: ZodApp) {
  app.get(
    '/api/member/:id/collectability/:x/by-date',
    {
      ...passthrough,
      config: { permission: 'member:view' },
      schema: {
        tags: ['member'],
        summary: "A member's loans graded on a day (x = the date YYYY-MM-DD) and the member's worst grade",
        params: z.object({ id: uuid, x: dateString }),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return ok(await memberCollectabilityOf(ctx, req.params.id, req.params.x));
    },
  );

  app.get(
    '/api/report/loan/by-product',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Per loan product on a day: loans, amount, outstanding principal per grade, NPL',
        description:
          "Filters: date (default today), branchId, areaId, officerId (the loan's, else the member's agent). `format=xlsx` downloads Excel.",
        querystring: byProductQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { date, format: _f, ...filter } = req.query;
      const r = await byProductReport(ctx, { ...filter, date: date ?? today() });
      if (req.query.format !== 'xlsx') return ok(r);
      const E = en(req);

      return sendExcel(reply, `pinjaman-per-produk-${r.date}`, [
        {
          name: E ? 'By product' : 'Per Produk',
          title: [tenantName(req), E ? 'Loans by product' : 'Pinjaman per Produk', r.date],
          columns: [
            { key: 'productName', header: E ? 'Product' : 'Produk', width: 28 },
            { key: 'loanCount', header: E ? 'Loans' : 'Jumlah Pinjaman', format: 'integer' },
            { key: 'amount', header: E ? 'Amount' : 'Plafon', format: 'money' },
            { key: 'outstanding', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
            ...['LANCAR', 'KURANG LANCAR', 'DIRAGUKAN', 'MACET'].map((g) => ({ key: g, header: g, format: 'money' as const })),
            { key: 'nplRatio', header: 'NPL', format: 'percent' },
          ],
          rows: [
            ...r.products.map(({ grades, ...x }) => ({ ...x, ...grades })),
            { productName: 'Total', ...r.total, $style: 'total' as const },
          ],
        },
      ]);
    },
  );

  app.get(
    '/api/report/loan',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Loans with their outstanding principal (paged), totals',
        description:
          'Filters: search, productId, branchId, areaId, officerId, status, start/end (application date); sortBy loanNumber|memberName|amount|remainingPrincipal|applicationDate|releaseDate|status. `format=xlsx` downloads Excel (every row).',
        querystring: loanListQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      if (q.format !== 'xlsx') {
        const r = await loanListReport(ctx, q);
        return ok({ ...paged(r.content, r.total, q.page, q.limit), totals: r.totals });
      }
      const r = await loanListReport(ctx, q, true);
      const E = en(req);
      return sendExcel(reply, `laporan-pinjaman-${today()}`, [
        {
          name: E ? 'Loans' : 'Pinjaman',
          title: [tenantName(req), E ? 'Loans report' : 'Laporan Pinjaman', `${q.start ?? ''} - ${q.end ?? ''}`],
          columns: [
            { key: 'loanNumber', header: E ? 'Loan number' : 'No. Pinjaman' },
            { key: 'cifNumber', header: 'CIF' },
            { key: 'memberName', header: E ? 'Member' : 'Anggota', width: 28 },
            { key: 'productName', header: E ? 'Product' : 'Produk', width: 24 },
            { key: 'branchName', header: E ? 'Branch' : 'Cabang' },
            { key: 'status', header: 'Status' },
            { key: 'applicationDate', header: E ? 'Applied' : 'Tgl Pengajuan' },
            { key: 'releaseDate', header: E ? 'Released' : 'Tgl Pencairan' },
            { key: 'tenorInMonth', header: E ? 'Tenor' : 'Tenor', format: 'integer' },
            { key: 'amount', header: E ? 'Amount' : 'Plafon', format: 'money' },
            { key: 'remainingPrincipal', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
            { key: 'fineDue', header: E ? 'Fine due' : 'Denda', format: 'money' },
          ],
          rows: [
            ...r.content.map((l) => ({ ...l })),
            {
              loanNumber: 'Total',
              amount: r.totals.amount,
              remainingPrincipal: r.totals.remainingPrincipal,
              fineDue: r.totals.fineDue,
              $style: 'total' as const,
            },
          ],
        },
      ]);
    },
  );
}
