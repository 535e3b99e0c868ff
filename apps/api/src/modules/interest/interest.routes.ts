/**
 * Savings interest routes (spec section 7 "Interest"): the base-rate
 * simulation and the voluntary savings release. The cancel route
 * (interest-simulation/{id}/cancel-release) lives in the deposits module and
 * dispatches a savings release here. docs/interest.md.
 */
import { dateString, listQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import { passthrough } from '../products/products.http.ts';
import * as svc from './interest.service.ts';
import { simulationRoutes } from './interest.simulation.routes.ts';

const TAG = ['interest'];
const _optNum = z.coerce.number().min(0, 'validation.invalid').optional();
const optUuid = z
  .string()
  .optional()
  .transform((v) => (v && v !== 'none' ? v : undefined))
  .pipe(z.string().uuid('validation.uuid').optional());

export const savingReleaseBody = z.object({
  startDate: dateString.optional(),
  endDate: dateString.optional(),
  start: dateString.optional(),
  end: dateString.optional(),
  productId: optUuid,
  chunkSize: z.number().int().min(1).max(5000).optional(),
});

export async function interestRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  await simulationRoutes(appBase);
  releaseRoutes(app);
  memberInterestReportRoutes(app);
  releaseReportRoutes(app);
}

/** The savings release and the release screen's list. */
function releaseRoutes(app: ZodApp) {
  app.post(
    '/api/interest-simulation/saving/release',
    {
      ...passthrough,
      config: { permission: 'interest_release:add' },
      schema: {
        tags: TAG,
        summary: 'Release voluntary savings interest for a period (period dates or a product required), in committed chunks; resumable',
        description:
          'Each account and period is paid once: a second call posts nothing, and a run stopped half-way is resumed by the next call with the ' +
          'same input (cursor). Not under Idempotency-Key: the release spans many transactions and is idempotent by itself.',
        body: savingReleaseBody,
      },
    },
    async (req) => {
      const b = req.body;
      return ok(
        await svc.releaseSavings(ctxOf(req), {
          startDate: b.startDate ?? b.start,
          endDate: b.endDate ?? b.end,
          productId: b.productId,
          chunkSize: b.chunkSize,
        }),
        'interest.release_success',
      );
    },
  );

  app.get(
    '/api/interest-simulation/saving/releases',
    {
      ...passthrough,
      config: { permission: 'interest_release:view' },
      schema: { tags: TAG, summary: 'Savings interest releases, newest first', querystring: listQuery },
    },
    async (req) => {
      const r = await svc.listSavingReleases(ctxOf(req), req.query.page, req.query.limit);
      return ok(paged(r.rows, r.total, req.query.page, req.query.limit));
    },
  );
}

// ------------------------------------------------------------ reports

const reportQuery = listQuery.extend({
  startDate: dateString.optional(),
  endDate: dateString.optional(),
  productId: optUuid,
  format: z.string().optional(),
});
const REPORT = ['report'];
const filterOf = (q: z.output<typeof reportQuery>) => ({
  startDate: q.startDate,
  endDate: q.endDate,
  productId: q.productId,
  search: q.search,
  page: q.page,
  limit: q.limit,
});
const money = (key: string, header: string) => ({ key, header, format: 'money' as const });

/** report/saving-member-interest: savings interest per account and period. */
function memberInterestReportRoutes(app: ZodApp) {
  app.get(
    '/api/report/saving-member-interest',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: REPORT,
        summary: 'Savings interest posted per account and period, with totals; format=xlsx for Excel',
        querystring: reportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const xlsx = wantsExcel(q);
      const r = await svc.savingMemberInterest(ctx, filterOf(q), xlsx);
      if (xlsx) {
        const en = ctx.lang === 'en';
        return sendExcel(reply, 'jasa-simpanan-anggota', [
          {
            name: en ? 'Savings interest' : 'Jasa simpanan',
            title: [en ? 'Savings interest per member' : 'Jasa simpanan anggota', `${q.startDate ?? ''} s.d. ${q.endDate ?? ''}`],
            columns: [
              { key: 'cifNumber', header: 'CIF', width: 14 },
              { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 30 },
              { key: 'accountNumber', header: en ? 'Account' : 'Rekening', width: 18 },
              { key: 'startDate', header: en ? 'From' : 'Dari', width: 12 },
              { key: 'endDate', header: en ? 'To' : 'Sampai', width: 12 },
              money('basisBalance', en ? 'Balance basis' : 'Saldo dasar'),
              money('gross', en ? 'Gross' : 'Jasa bruto'),
              money('tax', en ? 'Tax' : 'Pajak'),
              money('adminFee', en ? 'Admin fee' : 'Biaya admin'),
              money('net', en ? 'Net' : 'Jasa bersih'),
            ],
            rows: [
              ...(r.rows as never[]),
              {
                $style: 'total',
                memberName: en ? 'Total' : 'Jumlah',
                gross: r.totals.totalGross,
                tax: r.totals.totalTax,
                adminFee: r.totals.totalAdminFee,
                net: r.totals.totalNet,
              },
            ],
          },
        ]);
      }
      return ok({ ...paged(r.rows, r.total, q.page, q.limit), ...r.totals });
    },
  );
}

/** report/release-interest (list, detail) and report/v2/release-interest-periode. */
function releaseReportRoutes(app: ZodApp) {
  app.get(
    '/api/report/release-interest',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: REPORT,
        summary: 'Interest releases (savings and deposit), newest first; format=xlsx for Excel',
        querystring: reportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const xlsx = wantsExcel(q);
      const r = await svc.releaseInterest(ctx, filterOf(q), xlsx);
      if (xlsx) {
        const en = ctx.lang === 'en';
        return sendExcel(reply, 'rilis-jasa', [
          {
            name: en ? 'Interest releases' : 'Rilis jasa',
            title: [en ? 'Interest releases' : 'Rilis jasa'],
            columns: [
              { key: 'kind', header: en ? 'Kind' : 'Jenis', width: 10 },
              { key: 'startDate', header: en ? 'From' : 'Dari', width: 12 },
              { key: 'endDate', header: en ? 'To' : 'Sampai', width: 12 },
              { key: 'productName', header: en ? 'Product' : 'Produk', width: 24 },
              { key: 'status', header: 'Status', width: 12 },
              { key: 'items', header: en ? 'Items' : 'Jumlah data', format: 'integer' },
              money('totalGross', en ? 'Gross' : 'Jasa bruto'),
              money('totalTax', en ? 'Tax' : 'Pajak'),
              money('totalAdminFee', en ? 'Admin fee' : 'Biaya admin'),
              money('totalNet', en ? 'Net' : 'Jasa bersih'),
            ],
            rows: r.rows as never[],
          },
        ]);
      }
      return ok(paged(r.rows, r.total, q.page, q.limit));
    },
  );

  app.get(
    '/api/report/release-interest/:id/detail',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: REPORT,
        summary: 'One interest release and its interest per account',
        params: z.object({ id: z.string().uuid('validation.uuid') }),
      },
    },
    async (req) => ok(await svc.releaseInterestDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/report/v2/release-interest-periode',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: REPORT,
        summary: 'Interest posted per month and kind (savings, deposit); format=xlsx for Excel',
        querystring: reportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const rows = await svc.releaseInterestPeriode(ctx, filterOf(q));
      if (wantsExcel(q)) {
        const en = ctx.lang === 'en';
        return sendExcel(reply, 'rilis-jasa-periode', [
          {
            name: en ? 'Per period' : 'Per periode',
            title: [en ? 'Interest released per period' : 'Rilis jasa per periode'],
            columns: [
              { key: 'periode', header: en ? 'Period' : 'Periode', width: 10 },
              { key: 'kind', header: en ? 'Kind' : 'Jenis', width: 10 },
              { key: 'items', header: en ? 'Items' : 'Jumlah data', format: 'integer' },
              money('totalGross', en ? 'Gross' : 'Jasa bruto'),
              money('totalTax', en ? 'Tax' : 'Pajak'),
              money('totalAdminFee', en ? 'Admin fee' : 'Biaya admin'),
              money('totalNet', en ? 'Net' : 'Jasa bersih'),
            ],
            rows: rows as never[],
          },
        ]);
      }
      return ok(rows);
    },
  );
}
