/**
 * GET /api/report/loan/ppap: the loan loss provision (PPAP) on a day, per grade
 * and per loan, the allowance account's balance then and the difference a
 * posting would book. Figures in modules/portfolio/ppap.service.ts.
 */
import { dateString, optionalFilter, uuid } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { provisionReport } from '../portfolio/ppap.service.ts';
import { passthrough } from '../products/products.http.ts';
import { today } from '../savings/savings.core.ts';

const optionalUuid = optionalFilter.pipe(uuid.optional());
const query = z.object({
  date: optionalFilter.pipe(dateString.optional()),
  productId: optionalUuid,
  branchId: optionalUuid,
  format: z.string().optional(),
});

export default async function loanPpapRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/report/loan/ppap',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: 'Loan loss provision (PPAP) on a day: per grade outstanding x percent (tenant settings), per loan, the allowance balance',
        description: 'Filters: date (default today), productId, branchId. `format=xlsx` downloads Excel.',
        querystring: query,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const xlsx = ['xlsx', 'excel'].includes(req.query.format ?? '');
      const r = await provisionReport(ctx, { ...req.query, date: req.query.date ?? today() }, xlsx ? EXPORT_FETCH_LIMIT : undefined);
      if (!xlsx) return ok(r);
      const E = ctx.lang === 'en';
      const title = [
        req.principal?.tenantName ?? '',
        E ? 'Loan loss provision (PPAP)' : 'Penyisihan Penghapusan Aktiva Produktif (PPAP)',
        r.date,
      ];
      return sendExcel(reply, `ppap-${r.date}`, [
        {
          name: E ? 'Summary' : 'Ringkasan',
          title,
          columns: [
            { key: 'grade', header: E ? 'Grade' : 'Kolektibilitas', width: 18 },
            { key: 'loanCount', header: E ? 'Loans' : 'Jumlah Pinjaman', format: 'integer' },
            { key: 'outstanding', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
            { key: 'percentShare', header: E ? 'Percent' : 'Persen PPAP', format: 'percent' },
            { key: 'provision', header: 'PPAP', format: 'money' },
          ],
          rows: [
            ...r.grades.map((g) => ({ ...g, percentShare: g.percent.div(100) })),
            {
              grade: 'Total',
              loanCount: r.total.loanCount,
              outstanding: r.total.outstanding,
              provision: r.total.provision,
              $style: 'total' as const,
            },
            { grade: E ? 'Allowance balance' : 'Saldo Penyisihan', provision: r.allowanceBalance },
          ],
        },
        {
          name: E ? 'Loans' : 'Pinjaman',
          title,
          columns: [
            { key: 'loanNumber', header: E ? 'Loan number' : 'No. Pinjaman' },
            { key: 'cifNumber', header: 'CIF' },
            { key: 'memberName', header: E ? 'Member' : 'Anggota', width: 28 },
            { key: 'productName', header: E ? 'Product' : 'Produk', width: 24 },
            { key: 'branchName', header: E ? 'Branch' : 'Cabang' },
            { key: 'outstandingPrincipal', header: E ? 'Outstanding principal' : 'Sisa Pokok', format: 'money' },
            { key: 'daysLate', header: E ? 'Days late' : 'Hari Tunggak', format: 'integer' },
            { key: 'collectability', header: E ? 'Grade' : 'Kolektibilitas' },
            { key: 'provision', header: 'PPAP', format: 'money' },
          ],
          rows: r.loans.map((l) => ({ ...l })),
        },
      ]);
    },
  );
}
