/**
 * The interest simulations (spec section 7 "Interest"): base rate, profit
 * sharing, deposit profit. Each answers per member gross, tax, admin fee and
 * net, paged, with totals; `format=xlsx` gives the Excel. docs/interest.md.
 */
import { dateString, listQuery } from '@koperasi/contracts';
import { sum } from '@koperasi/finance';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Ctx, ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { passthrough } from '../products/products.http.ts';
import * as sim from './interest.simulation.ts';

const TAG = ['interest'];
const optNum = z.coerce.number().min(0, 'validation.invalid').optional();
const optRate = z.coerce.number().min(0, 'validation.invalid').max(100, 'validation.invalid').optional();
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
  baseRate: optRate,
  profitSharing: optNum,
  interestThreeMonth: optRate,
  interestSixMonth: optRate,
  interestTwelveMonth: optRate,
  format: z.string().optional(),
});
type SimQuery = z.infer<typeof simulationQuery>;

const period = (q: SimQuery) => ({
  startDate: q.start ?? q.startDate,
  endDate: q.end ?? q.endDate,
  productId: q.productId,
  search: q.search,
});

/** Paged rows with totals, or the Excel (one header, the rows, a total row). */
function answer(
  reply: FastifyReply,
  ctx: Ctx,
  q: SimQuery,
  r: sim.SimulationResult & { profitSharing?: unknown },
  file: string,
  title: { id: string; en: string },
) {
  const total = (k: 'gross' | 'tax' | 'adminFee' | 'net') => sum(r.rows.map((x) => x[k]));
  const totals = { totalGross: total('gross'), totalTax: total('tax'), totalAdminFee: total('adminFee'), totalNet: total('net') };
  if (wantsExcel(q)) {
    const en = ctx.lang === 'en';
    return sendExcel(reply, `${file}-${r.start}-${r.end}`, [
      {
        name: en ? 'Simulation' : 'Simulasi',
        title: [en ? title.en : title.id, `${r.start} s.d. ${r.end}`],
        columns: [
          { key: 'cifNumber', header: 'CIF', width: 14 },
          { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 32 },
          { key: 'accounts', header: en ? 'Accounts' : 'Rekening', format: 'integer' },
          { key: 'averageBalance', header: en ? 'Basis balance' : 'Saldo dasar', format: 'money' },
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
  const { rows, start, end, ...extra } = r;
  const content = rows.slice(q.page * q.limit, q.page * q.limit + q.limit);
  return ok({ ...paged(content, rows.length, q.page, q.limit), ...extra, startDate: start, endDate: end, ...totals });
}

export async function simulationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const opts = (summary: string) => ({
    ...passthrough,
    config: { permission: 'interest_simulation:view' as const },
    schema: { tags: TAG, summary, querystring: simulationQuery },
  });

  app.get(
    '/api/interest-simulation/saving-member-baserate',
    opts('Voluntary savings interest per member for a period (gross, tax, admin fee, net), paged, with totals; format=xlsx for Excel'),
    async (req, reply) => {
      const q = req.query;
      const ctx = ctxOf(req);
      const r = await sim.simulate(ctx, { ...period(q), minBalance: q.minBalance, baseRate: q.baseRate });
      return answer(reply, ctx, q, r, 'simulasi-jasa', { id: 'Simulasi jasa simpanan', en: 'Savings interest simulation' });
    },
  );

  app.get(
    '/api/interest-simulation/saving-member-profit-sharing',
    opts(
      'A profit amount (profitSharing) shared over the voluntary savings accounts in proportion to their basis balances (largest remainder to the sen), per member gross, tax, admin fee, net; format=xlsx',
    ),
    async (req, reply) => {
      const q = req.query;
      const ctx = ctxOf(req);
      const r = await sim.simulateProfitSharing(ctx, { ...period(q), profitSharing: q.profitSharing ?? 0, minBalance: q.minBalance });
      return answer(reply, ctx, q, r, 'simulasi-bagi-hasil', {
        id: 'Simulasi bagi hasil simpanan',
        en: 'Savings profit-sharing simulation',
      });
    },
  );

  app.get(
    '/api/interest-simulation/saving-member-profit-deposit',
    opts(
      'Term deposit interest of a period at interestThreeMonth / interestSixMonth / interestTwelveMonth (percent a year) for 3, 6 and 12 month deposits, per member gross, tax, net; format=xlsx',
    ),
    async (req, reply) => {
      const q = req.query;
      const ctx = ctxOf(req);
      const r = await sim.simulateProfitDeposit(ctx, {
        ...period(q),
        interestThreeMonth: q.interestThreeMonth,
        interestSixMonth: q.interestSixMonth,
        interestTwelveMonth: q.interestTwelveMonth,
      });
      return answer(reply, ctx, q, r, 'simulasi-jasa-deposito', {
        id: 'Simulasi jasa simpanan berjangka',
        en: 'Term deposit interest simulation',
      });
    },
  );
}
