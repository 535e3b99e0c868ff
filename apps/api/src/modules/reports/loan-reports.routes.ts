/**
 * Loan reports of spec section 7: report/loan/realization-periode,
 * paid-interest-member, by-periode, {id}/recapitulation, collateral (type).
 * Filters productId, branchId, areaId, officerId and the period start/end
 * (default: this month); `format=xlsx` downloads Excel. Figures in
 * modules/portfolio/loan-reports.*; docs/loans.md "Loan reports".
 */
import { dateString, optionalFilter, uuid } from '@koperasi/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { EXPORT_FETCH_LIMIT, type ExcelColumn, type ExcelRow, sendExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import {
  byPeriodeReport,
  collateralReport,
  paidInterestReport,
  realizationReport,
  recapitulation,
} from '../portfolio/loan-reports.service.ts';
import { passthrough } from '../products/products.http.ts';
import { today } from '../savings/savings.core.ts';

const optionalUuid = optionalFilter.pipe(uuid.optional());
const optionalDate = optionalFilter.pipe(dateString.optional());
const filterQuery = z.object({
  productId: optionalUuid,
  branchId: optionalUuid,
  areaId: optionalUuid,
  officerId: optionalUuid,
  /** Period from / until (default: the current month). */
  start: optionalDate,
  end: optionalDate,
  format: z.string().optional(),
});
type FilterQuery = z.infer<typeof filterQuery>;

const isExcel = (f?: string) => ['xlsx', 'excel'].includes((f ?? '').toLowerCase());
/** An export of a per-loan or per-member list reads at most EXPORT_FETCH_LIMIT rows (a larger one is refused). */
const exportLimit = (f?: string) => (isExcel(f) ? EXPORT_FETCH_LIMIT : undefined);
const period = (q: FilterQuery) => {
  const t = today();
  return { ...q, start: q.start ?? `${t.slice(0, 8)}01`, end: q.end ?? t };
};

type Col = [key: string, id: string, en: string, format?: ExcelColumn['format'], width?: number];
const cols = (req: FastifyRequest, list: Col[]): ExcelColumn[] =>
  list.map(([key, id, en, format, width]) => ({ key, header: ctxOf(req).lang === 'en' ? en : id, format, width }));

function excel(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  title: [string, string],
  columns: Col[],
  rows: ExcelRow[],
  sub: string,
) {
  const E = ctxOf(req).lang === 'en';
  return sendExcel(reply, file, [
    {
      name: (E ? title[1] : title[0]).slice(0, 31),
      title: [req.principal?.tenantName ?? '', E ? title[1] : title[0], sub],
      columns: cols(req, columns),
      rows,
    },
  ]);
}

const LOAN: Col[] = [
  ['loanNumber', 'No. Pinjaman', 'Loan number'],
  ['cifNumber', 'CIF', 'CIF'],
  ['memberName', 'Anggota', 'Member', undefined, 28],
  ['productName', 'Produk', 'Product', undefined, 24],
  ['branchName', 'Cabang', 'Branch'],
];

const opts = (summary: string) => ({
  ...passthrough,
  config: { permission: 'report:view' as const },
  schema: {
    tags: ['report'],
    summary,
    description: 'Filters: productId, branchId, areaId, officerId, start/end (default this month). `format=xlsx` downloads Excel.',
    querystring: filterQuery,
  },
});

export default async function loanReportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/report/loan/realization-periode',
    opts('Loans released in a period, with fees and net disbursed; totals'),
    async (req, reply) => {
      const q = period(req.query);
      const r = await realizationReport(ctxOf(req), q, exportLimit(q.format));
      if (!isExcel(q.format)) return ok(r);
      const total = { loanNumber: 'Total', ...r.totals, $style: 'total' as const };
      return excel(
        req,
        reply,
        `realisasi-pinjaman-${q.start}-${q.end}`,
        ['Realisasi Pinjaman', 'Loan realization'],
        [
          ...LOAN,
          ['releaseDate', 'Tgl Pencairan', 'Released'],
          ['tenorInMonth', 'Tenor', 'Tenor', 'integer'],
          ['interestRate', 'Jasa %/bln', 'Rate %/month', 'decimal'],
          ['amount', 'Plafon', 'Amount', 'money'],
          ['adminFee', 'Biaya Admin', 'Admin fee', 'money'],
          ['provisionFee', 'Provisi', 'Provision fee', 'money'],
          ['netDisbursed', 'Diterima', 'Net disbursed', 'money'],
        ],
        [...r.rows, total],
        `${q.start} - ${q.end}`,
      );
    },
  );

  app.get(
    '/api/report/loan/paid-interest-member',
    opts('Per member: loan interest, principal and fines paid in a period'),
    async (req, reply) => {
      const q = period(req.query);
      const r = await paidInterestReport(ctxOf(req), q, exportLimit(q.format));
      if (!isExcel(q.format)) return ok(r);
      return excel(
        req,
        reply,
        `jasa-pinjaman-anggota-${q.start}-${q.end}`,
        ['Jasa Pinjaman Dibayar', 'Interest paid'],
        [
          ['cifNumber', 'CIF', 'CIF'],
          ['memberName', 'Anggota', 'Member', undefined, 28],
          ['branchName', 'Cabang', 'Branch'],
          ['loanCount', 'Pinjaman', 'Loans', 'integer'],
          ['principal', 'Pokok', 'Principal', 'money'],
          ['interest', 'Jasa', 'Interest', 'money'],
          ['fine', 'Denda', 'Fines', 'money'],
          ['amount', 'Jumlah', 'Total', 'money'],
        ],
        [...r.rows, { memberName: 'Total', ...r.totals, $style: 'total' as const }],
        `${q.start} - ${q.end}`,
      );
    },
  );

  app.get(
    '/api/report/loan/by-periode',
    opts('Per month: loans released, principal, interest and fines received, outstanding at month end'),
    async (req, reply) => {
      const q = period(req.query);
      const r = await byPeriodeReport(ctxOf(req), q);
      if (!isExcel(q.format)) return ok(r);
      return excel(
        req,
        reply,
        `pinjaman-per-periode-${q.start}-${q.end}`,
        ['Pinjaman per Periode', 'Loans by period'],
        [
          ['period', 'Periode', 'Period'],
          ['releasedCount', 'Pencairan', 'Released', 'integer'],
          ['releasedAmount', 'Nominal Pencairan', 'Released amount', 'money'],
          ['principal', 'Pokok Diterima', 'Principal received', 'money'],
          ['interest', 'Jasa Diterima', 'Interest received', 'money'],
          ['fine', 'Denda', 'Fines', 'money'],
          ['outstanding', 'Sisa Pokok Akhir Bulan', 'Outstanding at month end', 'money'],
        ],
        [...r.rows, { period: 'Total', ...r.totals, $style: 'total' as const }],
        `${q.start} - ${q.end}`,
      );
    },
  );

  await recapAndCollateralRoutes(appBase);
}

async function recapAndCollateralRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/report/loan/:id/recapitulation',
    {
      ...passthrough,
      config: { permission: 'report:view' },
      schema: {
        tags: ['report'],
        summary: "One loan's recapitulation: terms, schedule with what was paid, payments, totals ({id}: the loan)",
        params: z.object({ id: uuid }),
        querystring: z.object({ format: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const r = await recapitulation(ctxOf(req), req.params.id);
      if (!isExcel(req.query.format)) return ok(r);
      const E = ctxOf(req).lang === 'en';
      const sub = `${r.loan.loanNumber} - ${r.loan.memberName}`;
      const title = E ? 'Loan recapitulation' : 'Rekapitulasi Pinjaman';
      return sendExcel(reply, `rekap-pinjaman-${r.loan.loanNumber}`, [
        {
          name: E ? 'Schedule' : 'Angsuran',
          title: [req.principal?.tenantName ?? '', title, sub],
          columns: cols(req, [
            ['number', 'Ke', 'No.', 'integer'],
            ['dueDate', 'Jatuh Tempo', 'Due date'],
            ['principal', 'Pokok', 'Principal', 'money'],
            ['interest', 'Jasa', 'Interest', 'money'],
            ['total', 'Angsuran', 'Installment', 'money'],
            ['principalPaid', 'Pokok Dibayar', 'Principal paid', 'money'],
            ['interestPaid', 'Jasa Dibayar', 'Interest paid', 'money'],
            ['finePaid', 'Denda Dibayar', 'Fines paid', 'money'],
            ['paidDate', 'Tgl Lunas', 'Paid on'],
          ]),
          rows: [...r.installments, { dueDate: 'Total', ...r.installmentTotals, $style: 'total' as const }],
        },
        {
          name: E ? 'Payments' : 'Pembayaran',
          title: [req.principal?.tenantName ?? '', title, sub],
          columns: cols(req, [
            ['paymentDate', 'Tanggal', 'Date'],
            ['kind', 'Jenis', 'Kind'],
            ['source', 'Sumber', 'Source'],
            ['principal', 'Pokok', 'Principal', 'money'],
            ['interest', 'Jasa', 'Interest', 'money'],
            ['fine', 'Denda', 'Fines', 'money'],
            ['amount', 'Jumlah', 'Amount', 'money'],
            ['journalNumber', 'No. Jurnal', 'Journal'],
          ]),
          rows: [...r.payments, { paymentDate: 'Total', ...r.paymentTotals, $style: 'total' as const }],
        },
      ]);
    },
  );

  app.get(
    '/api/report/loan/collateral',
    {
      ...opts('Loan collateral by type (filter type), with value and the loan outstanding'),
      schema: {
        ...opts('').schema,
        summary: 'Loan collateral by type (filter type), with value and the loan outstanding',
        querystring: filterQuery.extend({ type: optionalFilter }),
      },
    },
    async (req, reply) => {
      const q = { ...period(req.query), type: req.query.type };
      const r = await collateralReport(ctxOf(req), q, exportLimit(q.format));
      if (!isExcel(q.format)) return ok(r);
      return excel(
        req,
        reply,
        `jaminan-pinjaman-${q.start}-${q.end}`,
        ['Jaminan Pinjaman', 'Loan collateral'],
        [
          ['type', 'Jenis Jaminan', 'Type'],
          ['number', 'No. Jaminan', 'Number'],
          ['detail', 'Keterangan', 'Detail', undefined, 30],
          ...LOAN,
          ['status', 'Status', 'Status'],
          ['value', 'Nilai Jaminan', 'Value', 'money'],
          ['remainingPrincipal', 'Sisa Pokok', 'Outstanding', 'money'],
        ],
        [...r.rows, { type: 'Total', ...r.totals, $style: 'total' as const }],
        `${q.start} - ${q.end}`,
      );
    },
  );
}
