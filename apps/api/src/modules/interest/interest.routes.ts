/**
 * Savings interest routes (spec section 7 "Interest"): the base-rate
 * simulation and the voluntary savings release. The cancel route
 * (interest-simulation/{id}/cancel-release) lives in the deposits module and
 * dispatches a savings release here. docs/interest.md.
 */
import { dateString, listQuery } from '@koperasi/contracts';
import { sum } from '@koperasi/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { passthrough } from '../products/products.http.ts';
import * as svc from './interest.service.ts';

const TAG = ['interest'];
const optNum = z.coerce.number().min(0, 'validation.invalid').optional();
const optUuid = z
  .string()
  .optional()
  .transform((v) => (v && v !== 'none' ? v : undefined))
  .pipe(z.string().uuid('validation.uuid').optional());

export const simulationQuery = listQuery.extend({
  start: dateString.optional(),
  end: dateString.optional(),
  startDate: dateString.optional(),
  endDate: dateString.optional(),
  productId: optUuid,
  minBalance: optNum,
  baseRate: z.coerce.number().min(0, 'validation.invalid').max(100, 'validation.invalid').optional(),
  format: z.string().optional(),
});

export const savingReleaseBody = z.object({
  startDate: dateString.optional(),
  endDate: dateString.optional(),
  start: dateString.optional(),
  end: dateString.optional(),
  productId: optUuid,
  chunkSize: z.number().int().min(1).max(5000).optional(),
});

export async function interestRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/interest-simulation/saving-member-baserate',
    {
      ...passthrough,
      config: { permission: 'interest_simulation:view' },
      schema: {
        tags: TAG,
        summary:
          'Voluntary savings interest per member for a period (gross, tax, admin fee, net), paged, with totals; format=xlsx for Excel',
        querystring: simulationQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const ctx = ctxOf(req);
      const r = await svc.simulate(ctx, {
        startDate: q.start ?? q.startDate,
        endDate: q.end ?? q.endDate,
        productId: q.productId,
        minBalance: q.minBalance,
        baseRate: q.baseRate,
        search: q.search,
      });
      const total = (k: 'gross' | 'tax' | 'adminFee' | 'net') => sum(r.rows.map((x) => x[k]));
      const totals = { totalGross: total('gross'), totalTax: total('tax'), totalAdminFee: total('adminFee'), totalNet: total('net') };
      if (wantsExcel(q)) {
        const en = ctx.lang === 'en';
        return sendExcel(reply, `simulasi-jasa-${r.start}-${r.end}`, [
          {
            name: en ? 'Interest simulation' : 'Simulasi jasa',
            title: [en ? 'Savings interest simulation' : 'Simulasi jasa simpanan', `${r.start} s.d. ${r.end}`],
            columns: [
              { key: 'cifNumber', header: 'CIF', width: 14 },
              { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 32 },
              { key: 'accounts', header: en ? 'Accounts' : 'Rekening', format: 'integer' },
              { key: 'gross', header: en ? 'Gross interest' : 'Jasa bruto', format: 'money' },
              { key: 'tax', header: en ? 'Tax' : 'Pajak', format: 'money' },
              { key: 'adminFee', header: en ? 'Admin fee' : 'Biaya admin', format: 'money' },
              { key: 'net', header: en ? 'Net' : 'Jasa bersih', format: 'money' },
            ],
            rows: [
              ...r.rows.map((x) => ({ ...x })),
              {
                $style: 'total',
                memberName: en ? 'Total' : 'Jumlah',
                gross: totals.totalGross,
                tax: totals.totalTax,
                adminFee: totals.totalAdminFee,
                net: totals.totalNet,
              },
            ],
          },
        ]);
      }
      const content = r.rows.slice(q.page * q.limit, q.page * q.limit + q.limit);
      return ok({ ...paged(content, r.rows.length, q.page, q.limit), startDate: r.start, endDate: r.end, ...totals });
    },
  );

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
}
