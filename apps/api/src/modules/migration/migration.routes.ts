/**
 * Migration routes (spec section 7 "Migration"): the paths as the spec names
 * them; permission section `settings` (Pengaturan holds the migration menu).
 * Uploads are multipart/form-data with one .xlsx file.
 */
import {
  migrationConfirmQuery,
  migrationListQuery,
  migrationNeracaQuery,
  migrationResetParams,
  migrationTemplateParams,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { sendExcel, wantsExcel } from '../../lib/excel.ts';
import { ok } from '../../lib/http.ts';
import { readUpload } from '../members/members.routes.ts';
import { passthrough } from '../products/products.http.ts';
import { type MigrationType, TYPE_OF_PATH } from './migration.columns.ts';
import * as svc from './migration.service.ts';

const TAG = ['migration'];
const MAX_BYTES = 50 * 1024 * 1024;
const VIEW = { permission: 'settings:view' } as const;
const UPDATE = { permission: 'settings:update' } as const;
const stepType = (t: string) => (t === 'neraca' ? 'NERACA' : TYPE_OF_PATH[t]) as svc.StepType;

export async function migrationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  for (const word of Object.keys(TYPE_OF_PATH)) {
    const type = TYPE_OF_PATH[word] as MigrationType;
    app.post(
      `/api/migration/${word}`,
      {
        ...passthrough,
        config: UPDATE,
        schema: {
          tags: TAG,
          summary: `Upload ${word} from Excel: every row checked and staged, replacing the staged ${word}`,
          description: 'multipart/form-data with one .xlsx file (the template of GET migration/template/{type}). Time-out 600000 ms.',
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        const file = await readUpload(req, MAX_BYTES, 'migration.file_missing', 'common.payload_too_large');
        return ok(await svc.upload(ctx, type, file.buffer), 'migration.uploaded');
      },
    );
    app.get(
      `/api/migration/data-${word}`,
      {
        ...passthrough,
        config: VIEW,
        schema: {
          tags: TAG,
          summary: `Staged ${word}: status and errors (format=xlsx&status=FAILED: the correction file)`,
          querystring: migrationListQuery,
        },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        if (wantsExcel(req.query)) return sendExcel(reply, `migrasi-${word}-gagal`, await svc.failedRows(ctx, type));
        return ok(await svc.listStaged(ctx, type, req.query));
      },
    );
  }

  app.get(
    '/api/migration/template/:type',
    {
      ...passthrough,
      config: VIEW,
      schema: {
        tags: TAG,
        summary: "A type's template with the cooperative's products, branches and areas as choices",
        params: migrationTemplateParams,
      },
    },
    async (req, reply) =>
      sendExcel(reply, `template-migrasi-${req.params.type}`, await svc.template(ctxOf(req), TYPE_OF_PATH[req.params.type])),
  );

  app.get(
    '/api/migration/data-coa-format-neraca',
    {
      ...passthrough,
      config: VIEW,
      schema: {
        tags: TAG,
        summary: 'The opening balance sheet from the COA (type=xlsx: the template to fill)',
        querystring: migrationNeracaQuery,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (wantsExcel(req.query) || wantsExcel({ format: req.query.type }))
        return sendExcel(reply, 'neraca-awal-migrasi', await svc.neracaTemplate(ctx));
      return ok(await svc.neraca(ctx));
    },
  );

  app.post(
    '/api/migration/data-coa-format-neraca',
    {
      ...passthrough,
      config: UPDATE,
      schema: { tags: TAG, summary: 'Upload the opening balance sheet (sets the opening balances)', consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const file = await readUpload(req, MAX_BYTES, 'migration.file_missing', 'common.payload_too_large');
      return ok(await svc.uploadNeraca(ctx, file.buffer), 'migration.neraca_uploaded');
    },
  );

  app.post(
    '/api/migration/review',
    {
      ...passthrough,
      config: VIEW,
      schema: { tags: TAG, summary: 'Totals per type against the opening balance sheet, with every difference' },
    },
    async (req) => ok(await svc.review(ctxOf(req))),
  );

  app.get(
    '/api/migration/check',
    { ...passthrough, config: VIEW, schema: { tags: TAG, summary: 'Which steps are uploaded and confirmed' } },
    async (req) => ok(await svc.check(ctxOf(req))),
  );

  app.post(
    '/api/migration/confirm',
    {
      ...passthrough,
      config: UPDATE,
      schema: {
        tags: TAG,
        summary: 'Post the staged rows of a type (members, savings, deposits, loans, neraca); a second confirm answers the first',
        querystring: migrationConfirmQuery,
      },
    },
    async (req) => ok(await svc.confirm(ctxOf(req), stepType(req.query.type)), 'migration.confirmed'),
  );

  app.post(
    '/api/migration/reset-data',
    {
      ...passthrough,
      config: UPDATE,
      schema: { tags: TAG, summary: 'Drop every staged (not posted) row and the unposted opening balance sheet' },
    },
    async (req) => ok(await svc.resetData(ctxOf(req)), 'migration.reset_done'),
  );

  app.post(
    '/api/migration/:type/reset-confirm-step-:n',
    {
      ...passthrough,
      config: UPDATE,
      schema: {
        tags: TAG,
        summary:
          'Go back to wizard step n (1 upload data, 2 adjust account recording, 3 review and process) for the type: its posting undone while nothing moved since; the input of step n..3 dropped. Time-out 300000 ms.',
        params: migrationResetParams,
      },
    },
    async (req) => ok(await svc.resetConfirmStep(ctxOf(req), stepType(req.params.type), req.params.n), 'migration.reset_done'),
  );
}
