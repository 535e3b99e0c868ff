/**
 * Bill reports (spec section 7 Reports): report/bill/realization-periode —
 * bills approved between start and end with what was paid, deducted from
 * savings, written off and is still owed. JSON, or Excel with `format=xlsx`.
 * The figures come from the bills module (bills.reads.ts); docs/bills.md.
 */
import { billRealizationQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { realization } from '../bills/bills.reads.ts';
import { passthrough } from '../products/products.http.ts';

export default async function billReportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/report/bill/realization-periode',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: 'Bills approved in a period (start, end; default this month) with paid, deducted, written off and debt',
        description: "Filters: start, end (approval date), productId, branchId (the member's), billType. `format=xlsx` downloads Excel.",
        querystring: billRealizationQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const xlsx = wantsExcel(req.query);
      const r = await realization(ctx, req.query, xlsx ? EXPORT_FETCH_LIMIT : undefined);
      if (!xlsx) return ok(r);
      const E = ctx.lang === 'en';
      return sendExcel(reply, `realisasi-tagihan-${r.start}-${r.end}`, [
        {
          name: E ? 'Bill realization' : 'Realisasi Tagihan',
          title: [req.principal?.tenantName ?? '', E ? 'Bill realization' : 'Realisasi Tagihan', `${r.start} s/d ${r.end}`],
          columns: [
            { key: 'approvedDate', header: E ? 'Approved' : 'Tgl Realisasi' },
            { key: 'billNumber', header: E ? 'Bill number' : 'No. Tagihan' },
            { key: 'name', header: E ? 'Bill' : 'Nama Tagihan', width: 24 },
            { key: 'cifNumber', header: 'CIF' },
            { key: 'memberName', header: E ? 'Member' : 'Anggota', width: 28 },
            { key: 'productName', header: E ? 'Product' : 'Produk', width: 22 },
            { key: 'billType', header: E ? 'Type' : 'Jenis' },
            { key: 'installments', header: E ? 'Installments' : 'Angsuran', format: 'integer' },
            { key: 'amount', header: E ? 'Amount' : 'Nominal', format: 'money' },
            { key: 'adminFee', header: E ? 'Admin fee' : 'Biaya Admin', format: 'money' },
            { key: 'paid', header: E ? 'Paid' : 'Dibayar', format: 'money' },
            { key: 'deducted', header: E ? 'Deducted from savings' : 'Potong Simpanan', format: 'money' },
            { key: 'writtenOff', header: E ? 'Written off' : 'Dihapus', format: 'money' },
            { key: 'debt', header: E ? 'Debt' : 'Sisa Tagihan', format: 'money' },
            { key: 'status', header: 'Status' },
          ],
          rows: r.items.map((b) => ({ ...b, createdDate: undefined })),
          total: { label: 'Total', keys: ['amount', 'adminFee', 'paid', 'deducted', 'writtenOff', 'debt'] },
        },
      ]);
    },
  );
}
