/**
 * Saving reports (Laporan, spec section 7 "Reports"): saving, transactions,
 * transactions/{id}/detail, transactions/{code}/detail-by-code, saving-product,
 * saving-product-periode, topup-saving-product, withdraw-saving-product,
 * saving-product/with-plan. Every one answers JSON, or Excel with
 * `format=xlsx`. Permission report:view. The queries live in the savings
 * module (savings.reports.ts).
 */
import {
  movementReportQuery,
  planReportQuery,
  savingProductPeriodeQuery,
  savingProductReportQuery,
  savingReportQuery,
  transactionsReportQuery,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import { numbersFirst } from '../ledger/posting.ts';
import { passthrough } from '../products/products.http.ts';
import { transactionDetail, transactionSheet } from '../savings/savings.lists.ts';
import * as productReports from '../savings/savings.product-reports.ts';
import * as reports from '../savings/savings.reports.ts';

const TAG = ['report'];
const XLSX = '`format=xlsx` downloads Excel (every row).';

function tenantName(req: FastifyRequest): string {
  return req.principal?.tenantName ?? '';
}

export default async function savingReportRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  accountRoutes(app);
  productRoutes(app);
}

/** Savings, transactions and one transaction. */
function accountRoutes(app: ZodApp) {
  app.get(
    '/api/report/saving',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Saving accounts with their balance on a day (periode, default today), totals',
        description: `Filters: search, productId, productCode, kind, isActive, branchId, areaId, showZeroAmount (default false). ${XLSX}`,
        querystring: savingReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const r = await reports.savingReport(ctx, req.query, true);
        return sendExcel(reply, `laporan-simpanan-${r.asOf}`, [reports.savingReportSheet(r, ctx, tenantName(req))]);
      }
      return ok(await reports.savingReport(ctx, req.query));
    },
  );

  app.get(
    '/api/report/transactions',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Member transactions of a period (start/end, default this month) with totals in and out',
        description: `Filters: search, productId/productCode, kind, activity, userId, branchId, channel, isActive. ${XLSX}`,
        querystring: transactionsReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const r = await reports.transactionsReport(ctx, req.query, true);
        return sendExcel(reply, `laporan-transaksi-${r.start}-${r.end}`, [
          transactionSheet(r.content, ctx, [
            tenantName(req),
            ctx.lang === 'en' ? 'Transactions report' : 'Laporan Transaksi',
            `${r.start} - ${r.end}`,
          ]),
        ]);
      }
      return ok(await reports.transactionsReport(ctx, req.query));
    },
  );

  app.get(
    '/api/report/transactions/:id/detail',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'One transaction with its operation, reversal and journal lines',
        params: z.object({ id: z.string().uuid('validation.uuid') }),
      },
    },
    async (req) => ok(await transactionDetail(ctxOf(req), 'id', req.params.id)),
  );

  app.get(
    '/api/report/transactions/:id/detail-by-code',
    {
      ...numbersFirst,
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'One transaction by its code (path transactions/{code}/detail-by-code)',
        params: z.object({ id: z.string().trim().min(1).max(40) }),
      },
    },
    async (req) => ok(await transactionDetail(ctxOf(req), 'code', req.params.id)),
  );
}

/** Per product: balances, periods, movements, plans. */
function productRoutes(app: ZodApp) {
  app.get(
    '/api/report/saving-product',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Savings per product on a day, and each control account’s member balances against the ledger (reconciliation)',
        description: `periode (default today), kind. ${XLSX}`,
        querystring: savingProductReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const r = await productReports.savingProductReport(ctx, req.query);
      if (req.query.format === 'xlsx')
        return sendExcel(reply, `simpanan-per-produk-${r.asOf}`, productReports.savingProductSheets(r, ctx, tenantName(req)));
      return ok(r);
    },
  );

  app.get(
    '/api/report/saving-product-periode',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Per product and month: opening, deposits, withdrawals, corrections (cancellations), closing',
        description: `start/end (months of these days; default this month), productId. ${XLSX}`,
        querystring: savingProductPeriodeQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const r = await productReports.savingProductPeriode(ctx, req.query);
      if (req.query.format === 'xlsx') {
        return sendExcel(reply, `simpanan-per-periode-${r.start}-${r.end}`, [
          productReports.savingProductPeriodeSheet(r, ctx, tenantName(req)),
        ]);
      }
      return ok(r);
    },
  );

  for (const [path, direction, file] of [
    ['/api/report/topup-saving-product', 'TOPUP', 'setoran-simpanan'],
    ['/api/report/withdraw-saving-product', 'WITHDRAW', 'penarikan-simpanan'],
  ] as const) {
    app.get(
      path,
      {
        ...passthrough,
        config: { permission: 'report:view' },
        schema: {
          tags: TAG,
          summary:
            direction === 'TOPUP'
              ? 'Deposits per saving product in a period, with the rows'
              : 'Withdrawals per saving product in a period, with the rows',
          description: `start/end (default this month), productId, userId, branchId, search, paging. Standing movements only. ${XLSX}`,
          querystring: movementReportQuery,
        },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        if (req.query.format === 'xlsx') {
          const r = await productReports.movementReport(ctx, direction, req.query, true);
          return sendExcel(reply, `${file}-${r.start}-${r.end}`, productReports.movementSheet(r, ctx, tenantName(req)));
        }
        return ok(await productReports.movementReport(ctx, direction, req.query));
      },
    );
  }

  app.get(
    '/api/report/saving-product/with-plan',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: TAG,
        summary: 'Plan (target) savings with their progress: expected balance, shortfall, percent of target, status',
        description: `productId, progress (ON_TRACK, BEHIND, REACHED), search, paging. ${XLSX}`,
        querystring: planReportQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const r = await reports.planReport(ctx, req.query, true);
        return sendExcel(reply, 'tabungan-berencana', [reports.planSheet(r, ctx, tenantName(req))]);
      }
      return ok(await reports.planReport(ctx, req.query));
    },
  );
}
