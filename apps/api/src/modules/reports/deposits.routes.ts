/**
 * GET /api/report/deposit (Laporan Simpanan Berjangka): deposits with their
 * principal, interest paid, tax withheld and penalty, with totals; Excel with
 * `format=xlsx`. The queries live in the deposits module (deposits.queries.ts).
 */
import { depositListQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { type ExcelSheet, sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { depositReport } from '../deposits/deposits.queries.ts';
import { passthrough } from '../products/products.http.ts';

export default async function depositReportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/report/deposit',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: 'Term deposits: principal, rate, maturity, interest paid, tax, penalty; totals',
        description:
          'Filters: search, status (comma-separated), productId, memberId, startDate/endDate (placement). `format=xlsx` downloads Excel.',
        querystring: depositListQuery.extend({ format: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (req.query.format === 'xlsx') {
        const r = await depositReport(ctx, req.query, true);
        const en = ctx.lang === 'en';
        const money = (key: string, header: string) => ({ key, header, format: 'money' as const, width: 16 });
        const sheet: ExcelSheet = {
          name: en ? 'Term deposits' : 'Simpanan Berjangka',
          title: [
            req.principal?.tenantName ?? '',
            en ? 'Term deposit report' : 'Laporan Simpanan Berjangka',
            `${en ? 'As of' : 'Per'} ${r.asOf}`,
          ],
          autoFilter: true,
          columns: [
            { key: 'accountNumber', header: en ? 'Account' : 'No. Rekening', width: 14 },
            { key: 'certificateNumber', header: en ? 'Certificate' : 'No. Bilyet', width: 18 },
            { key: 'cifNumber', header: 'CIF', width: 14 },
            { key: 'memberName', header: en ? 'Member' : 'Nama Anggota', width: 28 },
            { key: 'productName', header: en ? 'Product' : 'Produk', width: 22 },
            { key: 'status', header: 'Status', width: 11 },
            { key: 'tenor', header: en ? 'Tenor (months)' : 'Jangka (bulan)', format: 'integer' },
            { key: 'rate', header: en ? 'Rate %' : 'Bunga %', format: 'decimal' },
            { key: 'startDate', header: en ? 'Start' : 'Mulai', format: 'date' },
            { key: 'maturityDate', header: en ? 'Maturity' : 'Jatuh Tempo', format: 'date' },
            money('principal', en ? 'Principal' : 'Pokok'),
            money('interestPaid', en ? 'Interest paid' : 'Bunga Dibayar'),
            money('taxPaid', en ? 'Tax' : 'Pajak'),
            money('penalty', en ? 'Penalty' : 'Penalti'),
          ],
          rows: [
            ...r.content,
            {
              $style: 'total',
              memberName: en ? 'Total' : 'Jumlah',
              principal: r.totalPrincipal,
              interestPaid: r.totalInterestPaid,
              taxPaid: r.totalTaxPaid,
              penalty: r.totalPenalty,
            },
          ],
        };
        return sendExcel(reply, `laporan-deposito-${r.asOf}`, [sheet]);
      }
      return ok(await depositReport(ctx, req.query));
    },
  );
}
