/**
 * Interest upload routes (spec section 7 "Interest": POST /api/upload/interest; GET /api/upload/v2/interest-by-date;
 * POST /api/upload/interest/confirm-by-date). The template and the failed rows' file are ours. The release it
 * creates is cancelled by POST interest-simulation/{id}/cancel-release. Permission section interest_release.
 */
import { dateString, interestByDateQuery, interestConfirmBody } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sendExcel, XLSX_MIME } from '../../lib/excel.ts';
import { ok, paged } from '../../lib/http.ts';
import { passthrough } from '../products/products.http.ts';
import * as svc from './interest-upload.service.ts';
import { COLUMNS, templateWorkbook } from './interest-upload.sheet.ts';

const TAG = ['interest-upload'];
const MAX_BYTES = 20 * 1024 * 1024;
const VIEW = { permission: 'interest_release:view' } as const;
const ADD = { permission: 'interest_release:add' } as const;

export async function interestUploadRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/upload/interest',
    {
      ...passthrough,
      config: ADD,
      schema: {
        tags: TAG,
        summary: 'Upload the interest of a release date from Excel: every row checked, errors by row and column, nothing posted',
        description:
          'multipart/form-data: the field releaseDate (YYYY-MM-DD; or the query parameter) and one .xlsx file (the template of GET upload/interest/template). ' +
          "Replaces the date's unconfirmed upload.",
        consumes: ['multipart/form-data'],
        querystring: z.object({ releaseDate: dateString.optional() }),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      let part: Awaited<ReturnType<typeof req.file>>;
      try {
        part = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
      } catch {
        throw badRequest('FILE_MISSING', 'interest_upload.file_missing');
      }
      if (!part) throw badRequest('FILE_MISSING', 'interest_upload.file_missing');
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'FILE_TOO_LARGE', 'interest_upload.too_large');
        throw err;
      }
      const field = (part.fields.releaseDate as { value?: unknown } | undefined)?.value;
      const date = dateString.safeParse(req.query.releaseDate ?? field);
      if (!date.success)
        throw new AppError(400, 'VALIDATION_FAILED', 'validation.date', { field: 'releaseDate' }, [
          { field: 'releaseDate', message: 'validation.date' },
        ]);
      return ok(await svc.upload(ctx, date.data, { buffer, fileName: part.filename }), 'interest_upload.uploaded');
    },
  );

  app.get(
    '/api/upload/interest/template',
    { ...passthrough, config: VIEW, schema: { tags: TAG, summary: 'The interest upload template (.xlsx)' } },
    async (req, reply) => {
      const buf = await templateWorkbook(ctxOf(req).lang);
      return reply.header('content-type', XLSX_MIME).header('content-disposition', 'attachment; filename="template-jasa.xlsx"').send(buf);
    },
  );

  app.get(
    '/api/upload/v2/interest-by-date',
    {
      ...passthrough,
      config: VIEW,
      schema: {
        tags: TAG,
        summary:
          "With releaseDate: the date's current upload and its rows (status filter; format=xlsx&status=FAILED: the failed rows with their errors). Without: the uploads by date",
        querystring: interestByDateQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const q = req.query;
      const xlsx = q.format === 'xlsx';
      const r = await svc.byDate(ctx, q, xlsx);
      if (xlsx && q.releaseDate) {
        const en = ctx.lang === 'en';
        const rows = (
          r.rows as Array<{ raw: Record<string, string>; row: number; status: string; errors: Array<{ column: string; message: string }> }>
        ).map((x) => ({
          ...x.raw,
          row: x.row,
          status: x.status,
          errors: x.errors.map((e) => `${e.column}: ${e.message}`).join('; '),
        }));
        return sendExcel(reply, `jasa-${q.releaseDate}${q.status ? `-${q.status.toLowerCase()}` : ''}`, [
          {
            name: en ? 'Interest' : 'Jasa',
            columns: [
              ...COLUMNS.map((c) => ({ key: c.key, header: en ? c.en : c.header, width: c.width })),
              { key: 'row', header: en ? 'Row' : 'Baris', format: 'integer' as const },
              { key: 'status', header: 'Status', width: 10 },
              { key: 'errors', header: en ? 'Errors' : 'Kesalahan', width: 60 },
            ],
            rows: rows as never[],
          },
        ]);
      }
      return ok({ ...paged(r.rows as unknown[], r.total, q.page, q.limit), upload: r.upload, ...(r.totals ?? {}) });
    },
  );

  app.post(
    '/api/upload/interest/confirm-by-date',
    {
      ...passthrough,
      config: { ...ADD, idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: "Post the release date's uploaded interest once (refused while rows failed); a second call posts nothing",
        body: interestConfirmBody,
      },
    },
    async (req) =>
      ok(await svc.confirmByDate(ctxOf(req), req.body.releaseDate), 'interest_upload.confirmed', { date: req.body.releaseDate }),
  );
}
