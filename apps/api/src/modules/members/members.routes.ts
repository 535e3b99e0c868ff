/**
 * HTTP routes of the members area: the record, its lifecycle, photos. Paths are
 * the spec's, typos included (member/aprroval); a correctly spelled alias sits
 * beside the misspelt one. Every route declares its permission on the Anggota
 * menu section (`member:<view|add|update|delete>`).
 */
import {
  envelopeOf,
  hasPermission,
  MEMBER_PHOTO_MAX_BYTES,
  memberApprovalBody,
  memberAssignedQuery,
  memberCreateBody,
  memberDatatableQuery,
  memberDetail,
  memberExitCheckQuery,
  memberExitCheckResult,
  memberExitConfirmBody,
  memberIdBody,
  memberInterviewBody,
  memberListItem,
  memberNotificationBody,
  memberOnlineRegistrationBody,
  memberPhotoParams,
  memberSearchQuery,
  memberTimelineEntry,
  memberTimelineQuery,
  memberUpdateBody,
  memberUpgradeBody,
  pageOf,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { type ZodApp, zodApp } from '../../lib/routes.ts';
import * as lifecycle from './members.lifecycle.ts';
import * as lists from './members.list.ts';
import * as members from './members.service.ts';

/**
 * Answers are sent as they are (money as `Dec`, serialised to JSON numbers);
 * the response schemas only document them in OpenAPI, so they are typed as
 * unknown for the handlers and not used for serialisation.
 */
export const passthroughSerializer = () => (data: unknown) => JSON.stringify(data);
export const documented = <T extends z.ZodType>(data: T) => ({ 200: envelopeOf(data) }) as unknown as { 200: z.ZodUnknown };

const TAG = ['member'];
const s = { serializerCompiler: passthroughSerializer };
const idOnly = z.object({ id: z.string().uuid('validation.uuid') });
const lifecycleResult = z.object({
  outcome: z.enum(['APPROVED', 'REJECTED', 'UPGRADED', 'UPGRADE_REJECTED', 'WAITING_APPROVAL']),
  principalStatus: z.enum(['NOT_REQUIRED', 'OWED', 'PAID']).nullable(),
  member: memberDetail,
});

/** The uploaded file of a multipart request, at most `maxBytes`, or a clear 400/413. */
export async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
  missingKey: string,
  tooLargeKey: string,
  params?: Record<string, unknown>,
) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest('FILE_MISSING', missingKey);
  }
  if (!part) throw badRequest('FILE_MISSING', missingKey);
  try {
    const buf = await part.toBuffer();
    return { buffer: buf, fileName: part.filename, mimetype: part.mimetype };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', tooLargeKey, params);
    throw err;
  }
}

export async function memberRoutes(appBase: FastifyInstance) {
  const app = zodApp(appBase);
  recordRoutes(app);
  lookupRoutes(app);
  lifecycleRoutes(app);
  photoAndOnlineRoutes(app);
}

function recordRoutes(app: ZodApp) {
  app.get(
    '/api/member/datatable',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Member list with search, filters and paging',
        description:
          'search (name contains; CIF, phone or identity number starts with; lower-cased), isActive, isNonMember (1: non-members, 0: members), ' +
          'memberType, status, branchId, areaId, agentId, start/end (registration date, WIB), sort ("column" or "column,asc|desc") or sortBy + ascOrDesc ' +
          '(created_date default, cif_number, full_name, join_date, birth_date, status, member_type). Agents see only their assigned members. ' +
          'A search matching more than 1,000 members answers totalElements 1000 with totalCapped true (show "1.000+"; refine the search).',
        querystring: memberDatatableQuery,
        response: documented(pageOf(memberListItem).extend({ totalCapped: z.boolean() })),
      },
    },
    async (req) => ok(await lists.datatable(ctxOf(req), req.query)),
  );

  app.post(
    '/api/member',
    {
      ...s,
      config: { permission: 'member:add' },
      schema: {
        tags: TAG,
        summary: 'Register a member (staff entry)',
        description:
          'memberType PROSPECTIVE (default) starts the lifecycle (waiting for interview); NON_MEMBER records a customer served without membership; ' +
          'MEMBER records an existing member (join date, principal saving owed). cifNumber is generated from the cooperative CIF pattern when empty. ' +
          'Identity number (KTP: 16-digit NIK) and phone are unique among live members.',
        body: memberCreateBody,
        response: documented(memberDetail),
      },
    },
    async (req) => ok(await members.createMember(ctxOf(req), req.body), 'member.created'),
  );

  app.patch(
    '/api/member',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'Update a member (only the fields given)',
        description:
          'Type and status change only through the lifecycle calls; exited or rejected records cannot be changed. Empty text clears a field.',
        body: memberUpdateBody,
        response: documented(memberDetail),
      },
    },
    async (req) => ok(await members.updateMemberRecord(ctxOf(req), req.body), 'member.updated'),
  );

  app.get(
    '/api/member/:id/detail',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Member detail with account counts',
        description:
          'summary holds the counts and amounts other modules register (savings, deposits, equity, loans by state, stores owed, principal owed).',
        params: idOnly,
        response: documented(memberDetail),
      },
    },
    async (req) => ok(await members.getDetail(ctxOf(req), req.params.id)),
  );
}

function lookupRoutes(app: ZodApp) {
  app.get(
    '/api/member/:id/search-member',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'As-you-type member lookup by CIF, phone, identity number or name (path: member/{q}/search-member)',
        description:
          'Live members only unless includeInactive=1. Exact CIF first, then prefixes of CIF, phone and identity number, then names.',
        params: z.object({ id: z.string().trim().min(1, 'validation.required').max(100) }),
        querystring: memberSearchQuery,
        response: documented(z.array(memberListItem)),
      },
    },
    async (req) => ok(await lists.searchMembers(ctxOf(req), req.params.id, req.query.limit, req.query.includeInactive ?? false)),
  );

  app.get(
    '/api/member/assign-to-me',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: "The signed-in agent's assigned members",
        description: 'Active members whose agent is the signed-in user or who live in the user area (page 0, limit 1000 by default).',
        querystring: memberAssignedQuery,
        response: documented(pageOf(memberListItem)),
      },
    },
    async (req) => ok(await lists.assignedToMe(ctxOf(req), req.query)),
  );

  app.get(
    '/api/member/:id/suggestion-cif',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'The next CIF number (ID Anggota) the pattern gives',
        description:
          '{id}: a member (uses its branch and join date), a branch (uses its code), or anything else (no branch, today). Nothing is reserved.',
        params: z.object({ id: z.string().trim().min(1).max(64) }),
        response: documented(z.object({ cifNumber: z.string(), pattern: z.string() })),
      },
    },
    async (req) => ok(await members.suggestionCif(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/member/:id/timeline',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Everything that happened to a member, newest first (from the audit log)',
        params: idOnly,
        querystring: memberTimelineQuery,
        response: documented(pageOf(memberTimelineEntry)),
      },
    },
    async (req) => ok(await members.timeline(ctxOf(req), req.params.id, req.query.page, req.query.limit)),
  );

  app.post(
    '/api/member/update-notification',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'Turn notifications to the member on or off',
        body: memberNotificationBody,
        response: documented(z.object({ memberId: z.string(), isSendNotification: z.boolean() })),
      },
    },
    async (req) =>
      ok(await members.updateNotification(ctxOf(req), req.body.memberId, req.body.isSendNotification), 'member.notification_updated'),
  );

  app.post(
    '/api/member/reset-pin',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'New 6-digit member app PIN, sent by SMS',
        description: 'The PIN is stored hashed (argon2id) and never returned; the answer names the masked phone it was sent to.',
        body: memberIdBody,
        response: documented(z.object({ memberId: z.string(), sentTo: z.string() })),
      },
    },
    async (req) => ok(await members.resetPin(ctxOf(req), app.notifier, req.body.memberId), 'member.pin_reset'),
  );
}

function lifecycleRoutes(app: ZodApp) {
  app.post(
    '/api/member/interview',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'Record the interview of a prospective member (or of a become-member request)',
        description:
          'A prospective member moves to WAITING_APPROVAL. interviewerId defaults to the signed-in user unless interviewerName is given.',
        body: memberInterviewBody,
        response: documented(memberDetail),
      },
    },
    async (req) => ok(await lifecycle.interview(ctxOf(req), req.body), 'member.interviewed'),
  );

  for (const path of ['/api/member/aprroval', '/api/member/approval']) {
    app.post(
      path,
      {
        ...s,
        config: { permission: 'member:update' },
        schema: {
          tags: TAG,
          summary: path.endsWith('aprroval')
            ? 'Approve or reject a prospective member or a become-member request'
            : 'Alias of member/aprroval',
          description:
            'status APPROVED or REJECTED (reason required to reject). Approval runs the approval hooks (principal saving); without a savings module the ' +
            "regulation's principal saving amount is recorded as owed. A prospective member must be interviewed first while the regulation requires approval.",
          body: memberApprovalBody,
          response: documented(lifecycleResult),
        },
      },
      async (req) => {
        const r = await lifecycle.approval(ctxOf(req), req.body);
        const key =
          r.outcome === 'REJECTED' || r.outcome === 'UPGRADE_REJECTED'
            ? 'member.rejected'
            : r.outcome === 'UPGRADED'
              ? 'member.upgraded'
              : 'member.approved';
        return ok(r, key);
      },
    );
  }

  app.post(
    '/api/member/upgrade-member-verify',
    {
      ...s,
      config: { permission: 'member:update' },
      schema: {
        tags: TAG,
        summary: 'A non-member asks to become a member',
        description:
          'isNeedApproval true: the request waits on the dashboard for member/aprroval; false: the non-member becomes a member now.',
        body: memberUpgradeBody,
        response: documented(lifecycleResult),
      },
    },
    async (req) => {
      const r = await lifecycle.upgradeVerify(ctxOf(req), req.body);
      return ok(r, r.outcome === 'UPGRADED' ? 'member.upgraded' : 'member.upgrade_requested');
    },
  );

  app.get(
    '/api/member/exit-check',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'What blocks or settles the exit of a member',
        description:
          'blocking: open loans and bills (the exit is refused while any is listed); settlement: savings, deposits and equity returned, with amounts.',
        querystring: memberExitCheckQuery,
        response: documented(memberExitCheckResult),
      },
    },
    async (req) => ok(await lifecycle.exitCheck(ctxOf(req), req.query.memberId)),
  );

  app.post(
    '/api/member/exit-confirm',
    {
      ...s,
      config: { permission: 'member:delete', idempotency: 'transactional' },
      schema: {
        tags: TAG,
        summary: 'Close the membership',
        description:
          'Refused (422 MEMBER_EXIT_BLOCKED, blockers in data.fields) while exit-check lists blocking items. Settles through the modules that registered a ' +
          'settlement, records the exit date (default today), makes the member inactive. Extra body fields are passed to the settlements. Idempotency-Key supported.',
        body: memberExitConfirmBody,
        response: documented(memberExitCheckResult.extend({ exitDate: z.string(), member: memberDetail })),
      },
    },
    async (req) => ok(await lifecycle.exitConfirm(ctxOf(req), req.body), 'member.exited'),
  );
}

function photoAndOnlineRoutes(app: ZodApp) {
  app.post(
    '/api/member/:id/photo/:kind',
    {
      ...s,
      config: { permission: 'member:add' },
      schema: {
        tags: TAG,
        summary: 'Upload a photo: self, identity-card (KTP) or family-card (KK)',
        description:
          `multipart/form-data with one file field. JPEG, PNG or WebP (checked by content), at most ${MEMBER_PHOTO_MAX_BYTES / 1048576} MB; ` +
          're-encoded to JPEG (max 1600 px), metadata stripped. member:update may upload for any member; member:add only for a prospective member ' +
          'the user registered and that is not interviewed yet.',
        consumes: ['multipart/form-data'],
        params: memberPhotoParams,
        response: documented(z.object({ memberId: z.string(), kind: z.string(), url: z.string(), bytes: z.number() })),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const file = await readUpload(req, MEMBER_PHOTO_MAX_BYTES, 'member.photo_missing', 'member.photo_too_large', {
        mb: MEMBER_PHOTO_MAX_BYTES / 1048576,
      });
      const canUpdate = hasPermission(req.principal?.permissions, 'member', 'update');
      return ok(await members.savePhoto(ctx, app.storage, req.params.id, req.params.kind, file.buffer, canUpdate), 'member.photo_saved');
    },
  );

  app.get(
    '/api/member/:id/photo/:kind',
    {
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Download a member photo (image/jpeg)',
        params: memberPhotoParams,
      },
    },
    async (req, reply) => {
      const file = await members.getPhoto(ctxOf(req), app.storage, req.params.id, req.params.kind);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="${req.params.id}-${req.params.kind}.jpg"`)
        .send(file.body);
    },
  );

  app.post(
    '/api/member/registration-online',
    {
      ...s,
      config: { public: true, rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: TAG,
        summary: 'Member app: a prospective member applies (public, per cooperative)',
        description:
          "The member app sends the cooperative's tenantId, the applicant's data and the 6-digit PIN they choose. The applicant appears on the dashboard " +
          '(home/prospective-member) waiting for an interview. Rate-limited per IP; an already registered identity number or phone gets a generic 409.',
        security: [],
        body: memberOnlineRegistrationBody,
        response: documented(z.object({ id: z.string(), cifNumber: z.string(), status: z.literal('WAITING_INTERVIEW') })),
      },
    },
    async (req) =>
      ok(
        await members.registerOnline(app.db, req.body, {
          requestId: String(req.id),
          ip: req.ip ?? null,
          userAgent: (req.headers['user-agent'] as string | undefined) ?? null,
        }),
        'member.registered_online',
      ),
  );
}
