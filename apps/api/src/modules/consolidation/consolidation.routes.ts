/**
 * Consolidated interest release (spec section 7 "Interest": consolidation GET datatable, review, {id}/detail; POST
 * process, {id}/cancel, {id}/update). The spec names no prefix: /api/consolidation/. The release of a batch
 * (POST {id}/release) and the list of batches (GET list) are ours. Permission section interest_release.
 */
import {
  consolidationCancelBody,
  consolidationProcessBody,
  consolidationQuery,
  consolidationReleaseBody,
  consolidationUpdateBody,
  idParam,
  listQuery,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { passthrough } from '../products/products.http.ts';
import * as svc from './consolidation.service.ts';

const TAG = ['consolidation'];
const VIEW = { permission: 'interest_release:view' } as const;
const ADD = { permission: 'interest_release:add', idempotency: 'transactional' } as const;
const UPDATE = { permission: 'interest_release:update', idempotency: 'transactional' } as const;
const money = (key: string, header: string) => ({ key, header, format: 'money' as const });

/** The batch per member as Excel: a subtotal row per member, its lines indented, the total. */
function datatableExcel(reply: FastifyReply, lang: string, r: Awaited<ReturnType<typeof svc.datatable>>) {
  const en = lang === 'en';
  const rows = r.rows.flatMap((m) => [
    {
      $style: 'subtotal' as const,
      cifNumber: m.cifNumber,
      memberName: m.memberName,
      branchName: m.branchName,
      gross: m.gross,
      tax: m.tax,
      adminFee: m.adminFee,
      net: m.net,
    },
    ...m.lines.map((l) => ({
      accountNumber: l.accountNumber,
      productName: l.productName,
      basisBalance: l.basisBalance,
      gross: l.gross,
      tax: l.tax,
      adminFee: l.adminFee,
      net: l.net,
      reason: l.reason ?? '',
      $indent: 1,
    })),
  ]);
  const tax = r.rows.reduce((s, m) => s.plus(m.tax), r.totalGross.times(0));
  return sendExcel(reply, 'konsolidasi-jasa', [
    {
      name: en ? 'Consolidation' : 'Konsolidasi',
      title: [
        en ? 'Consolidated interest' : 'Konsolidasi jasa simpanan',
        `${r.batch.startDate} s.d. ${r.batch.endDate} (${r.batch.status})`,
      ],
      columns: [
        { key: 'cifNumber', header: 'CIF', width: 14 },
        { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 28 },
        { key: 'branchName', header: en ? 'Branch' : 'Cabang', width: 16 },
        { key: 'accountNumber', header: en ? 'Account' : 'Rekening', width: 18 },
        { key: 'productName', header: en ? 'Product' : 'Produk', width: 20 },
        money('basisBalance', en ? 'Balance basis' : 'Saldo dasar'),
        money('gross', en ? 'Gross' : 'Jasa bruto'),
        money('tax', en ? 'Tax' : 'Pajak'),
        money('adminFee', en ? 'Admin fee' : 'Biaya admin'),
        money('net', en ? 'Net' : 'Jasa bersih'),
        { key: 'reason', header: en ? 'Adjustment reason' : 'Alasan koreksi', width: 30 },
      ],
      rows: [
        ...(rows as never[]),
        {
          $style: 'total',
          memberName: en ? 'Total' : 'Jumlah',
          gross: r.totalGross,
          tax,
          adminFee: r.totalAdminFee,
          net: r.totalGross.minus(tax).minus(r.totalAdminFee),
        },
      ],
    },
  ]);
}

export async function consolidationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/consolidation/process',
    {
      ...passthrough,
      config: ADD,
      schema: {
        tags: TAG,
        summary: "Gather a period's computed savings interest of every product and branch into one batch (one live batch per period)",
        body: consolidationProcessBody,
      },
    },
    async (req) => ok(await svc.processBatch(ctxOf(req), req.body), 'consolidation.processed'),
  );

  app.get(
    '/api/consolidation/list',
    { ...passthrough, config: VIEW, schema: { tags: TAG, summary: 'Consolidation batches, newest first', querystring: listQuery } },
    async (req) => {
      const r = await svc.list(ctxOf(req), req.query.page, req.query.limit);
      return ok(paged(r.rows, r.total, req.query.page, req.query.limit));
    },
  );

  app.get(
    '/api/consolidation/review',
    {
      ...passthrough,
      config: VIEW,
      schema: {
        tags: TAG,
        summary: 'A batch (else the newest live one): totals, estimated tax, per product and per branch',
        querystring: consolidationQuery,
      },
    },
    async (req) => ok(await svc.review(ctxOf(req), req.query.consolidationId ?? req.query.id)),
  );

  app.get(
    '/api/consolidation/datatable',
    {
      ...passthrough,
      config: VIEW,
      schema: {
        tags: TAG,
        summary: "A batch's interest per member (each member's lines inside), with totals; format=xlsx for Excel",
        querystring: consolidationQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const xlsx = wantsExcel(q);
      const r = await svc.datatable(ctx, { id: q.consolidationId ?? q.id, search: q.search, page: q.page, limit: q.limit }, xlsx);
      if (xlsx) return datatableExcel(reply, ctx.lang, r);
      return ok({ ...paged(r.rows, r.total, q.page, q.limit), batch: r.batch, totalGross: r.totalGross, totalAdminFee: r.totalAdminFee });
    },
  );

  app.get(
    '/api/consolidation/:id/detail',
    {
      ...passthrough,
      config: VIEW,
      schema: { tags: TAG, summary: 'A batch with every line, or one line with its batch', params: idParam },
    },
    async (req) => ok(await svc.detail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/consolidation/:id/update',
    {
      ...passthrough,
      config: UPDATE,
      schema: {
        tags: TAG,
        summary: "Adjust one line's gross interest (and admin fee) with a reason; only before the release",
        params: idParam,
        body: consolidationUpdateBody,
      },
    },
    async (req) => ok(await svc.updateLine(ctxOf(req), req.params.id, req.body), 'consolidation.updated'),
  );

  app.post(
    '/api/consolidation/:id/cancel',
    {
      ...passthrough,
      config: UPDATE,
      schema: { tags: TAG, summary: 'Cancel a batch before its release', params: idParam, body: consolidationCancelBody },
    },
    async (req) => ok(await svc.cancelBatch(ctxOf(req), req.params.id, req.body?.reason), 'consolidation.cancelled_ok'),
  );

  app.post(
    '/api/consolidation/:id/release',
    {
      ...passthrough,
      config: { permission: 'interest_release:add' },
      schema: {
        tags: TAG,
        summary: "Post a batch's lines (committed chunks, resumable, each account once); a released batch posts nothing again",
        description: 'Not under Idempotency-Key: the release spans many transactions and is idempotent by itself.',
        params: idParam,
        body: consolidationReleaseBody,
      },
    },
    async (req) => ok(await svc.releaseBatch(ctxOf(req), req.params.id, req.body?.chunkSize), 'consolidation.released'),
  );
}
