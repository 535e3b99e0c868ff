/**
 * Routes of the member upload (Excel) and of the dashboard's member widgets.
 */
import {
  boolFilter,
  memberHomeListQuery,
  memberListItem,
  memberUploadJob,
  memberUploadRowResult,
  memberUploadRowsQuery,
  pageOf,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as home from './members.home.ts';
import { documented, passthroughSerializer, readUpload } from './members.routes.ts';
import * as upload from './members.upload.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Largest member upload file: 100,000 rows of the template are about 8 MB. */
export const MEMBER_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;
const jobParams = z.object({ jobId: z.string().uuid('validation.uuid') });

export async function memberUploadRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const s = { serializerCompiler: passthroughSerializer };
  const TAG = ['member-upload'];

  app.get(
    '/api/member/upload/template',
    {
      // Bulk upload is a back-office right (member:update), not the counter's or the field's registration (member:add).
      config: { permission: 'member:update' },
      schema: { tags: TAG, summary: 'Excel template of the member upload (.xlsx, with an instructions sheet)' },
    },
    async (_req, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', 'attachment; filename="template-upload-anggota.xlsx"')
        .send(await upload.templateWorkbook()),
  );

  app.post(
    '/api/member/upload',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'Upload members from Excel (up to 100,000 rows); answers at once, processing continues',
        description:
          'multipart/form-data with one .xlsx file (the template columns, headers matched by name). Poll GET member/upload/{jobId}/progress. ' +
          'The same file again answers with the earlier job (duplicateOf). Rows failing validation are listed with "Data ke {n} gagal terupload, <reason>".',
        consumes: ['multipart/form-data'],
        response: documented(memberUploadJob),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const file = await readUpload(req, MEMBER_UPLOAD_MAX_BYTES, 'member.upload_file_missing', 'common.payload_too_large');
      const r = await upload.startUpload(ctx, app.storage, file);
      return ok(r.job, r.duplicate ? 'member.upload_same_file' : 'member.upload_started');
    },
  );

  app.get(
    '/api/member/upload',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Member uploads, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: documented(pageOf(memberUploadJob)),
      },
    },
    async (req) => ok(await upload.listJobs(ctxOf(req), req.query.page, req.query.limit)),
  );

  app.get(
    '/api/member/upload/:jobId/progress',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Progress and result counts of an upload (poll while status is RUNNING)',
        params: jobParams,
        response: documented(memberUploadJob),
      },
    },
    async (req) => ok(await upload.jobProgress(ctxOf(req), req.params.jobId)),
  );

  app.get(
    '/api/member/upload/:jobId/rows',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Rows of an upload that failed (with the reason) or were skipped (already registered)',
        params: jobParams,
        querystring: memberUploadRowsQuery,
        response: documented(pageOf(memberUploadRowResult)),
      },
    },
    async (req) => ok(await upload.jobRows(ctxOf(req), req.params.jobId, req.query)),
  );

  app.get(
    '/api/member/upload/:jobId/failed-rows',
    {
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'The failed rows as an Excel file (template columns plus "Keterangan"), to correct and upload again',
        params: jobParams,
      },
    },
    async (req, reply) => {
      const f = await upload.failedRowsWorkbook(ctxOf(req), req.params.jobId);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(f.fileName)}"`)
        .send(f.body);
    },
  );
}

const counts = z.object({ waitingInterview: z.number(), waitingApproval: z.number(), fromMemberApp: z.number() });

export async function memberHomeRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const s = { serializerCompiler: passthroughSerializer };
  const TAG = ['dashboard'];

  app.get(
    '/api/home/prospective-member',
    {
      ...s,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Prospective members waiting for interview or approval (oldest first) with counts',
        querystring: memberHomeListQuery,
        response: documented(pageOf(memberListItem).extend(counts.shape)),
      },
    },
    async (req) => ok(await home.prospectiveMembers(ctxOf(req), req.query)),
  );

  app.get(
    '/api/home/application-to-become-member',
    {
      ...s,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Non-members whose become-member request waits for approval (oldest first)',
        querystring: memberHomeListQuery,
        response: documented(pageOf(memberListItem)),
      },
    },
    async (req) => ok(await home.becomeMemberApplications(ctxOf(req), req.query)),
  );

  const officer = z.object({
    id: z.string(),
    name: z.string(),
    position: z.string(),
    roleName: z.string(),
    branchId: z.string().nullable(),
    branchName: z.string().nullable(),
  });
  const organization = z.object({
    groups: z.array(
      z.object({ group: z.enum(['PENGURUS', 'PENGAWAS', 'KARYAWAN']), label: z.string(), count: z.number(), officers: z.array(officer) }),
    ),
    totalOfficers: z.number(),
    branches: z.array(z.object({ branchId: z.string().nullable(), name: z.string().nullable(), staff: z.number(), members: z.number() })),
  });
  for (const path of ['/api/home/member-organitation', '/api/home/member-organization']) {
    app.get(
      path,
      {
        ...s,
        config: { permission: 'dashboard:view' },
        schema: {
          tags: TAG,
          summary: path.endsWith('organitation')
            ? "The cooperative's organisation: officers by group (pengurus, pengawas, karyawan) and staff and members per branch"
            : 'Alias of home/member-organitation',
          response: documented(organization),
        },
      },
      async (req) => ok(await home.organization(ctxOf(req))),
    );
  }

  app.get(
    '/api/home/member-composition',
    {
      ...s,
      config: { permission: 'dashboard:view' },
      schema: {
        tags: TAG,
        summary: 'Live members by type, gender, age band and branch; membership growth per month (last 12 months)',
        description: 'Computed in one pass over the members and kept 5 minutes per cooperative (computedAt); fresh=1 recomputes.',
        querystring: z.object({ fresh: boolFilter }),
        response: documented(
          z.object({
            computedAt: z.string(),
            total: z.number(),
            byType: z.array(z.object({ memberType: z.string(), count: z.number() })),
            byGender: z.array(z.object({ gender: z.string(), count: z.number() })),
            byAgeBand: z.array(z.object({ band: z.string(), count: z.number() })),
            byBranch: z.array(z.object({ branchId: z.string().nullable(), name: z.string().nullable(), count: z.number() })),
            growth: z.array(z.object({ month: z.string(), joined: z.number(), exited: z.number(), total: z.number() })),
          }),
        ),
      },
    },
    async (req) => ok(await home.composition(ctxOf(req), { fresh: req.query.fresh ?? false })),
  );
}
