/**
 * Two reads the web screens of the members area need and the spec's calls do
 * not give (added with the screens, issue 6):
 *
 *  - `GET /api/member/form-options` (member:view): what the member form and
 *    the interview dialog choose from — active branches, active areas (with
 *    their branch), the users a member can be assigned to (the built-in AGENT
 *    role and account officers) and the active staff who can interview. The
 *    branch and area lists of their own menus need `branch:view` /
 *    `area:view`, which a teller registering members usually lacks; these are
 *    names only, the same a member record shows.
 *  - `GET /api/member/upgrade-request/datatable` (member:view): become-member
 *    requests of non-members by state (WAITING_APPROVAL by default, APPROVED,
 *    REJECTED, ALL), with the request, interview and decision facts, so the
 *    "Pengajuan Anggota" screen shows decided requests too (the dashboard's
 *    home/application-to-become-member lists the waiting ones only). Waiting
 *    requests come from the partial index `member_upgrade_idx`; decided ones
 *    are few per cooperative and read with the tenant's rows. Agents see only
 *    their assigned members, as in every member read.
 */
import { listQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { documented, passthroughSerializer } from './members.routes.ts';
import { formOptions, UPGRADE_REQUEST_STATES, upgradeRequests } from './members.web.ts';

const TAG = ['member'];

const option = z.object({ id: z.string(), name: z.string() });
export const memberFormOptions = z.object({
  branches: z.array(option.extend({ code: z.string().nullable() })),
  areas: z.array(option.extend({ branchId: z.string().nullable(), branchName: z.string().nullable() })),
  agents: z.array(
    option.extend({
      position: z.string().nullable(),
      roleName: z.string(),
      isAgent: z.boolean(),
      isAccountOfficer: z.boolean(),
      branchId: z.string().nullable(),
      areaId: z.string().nullable(),
    }),
  ),
  staff: z.array(option.extend({ position: z.string().nullable(), roleName: z.string() })),
});

export const upgradeRequestQuery = listQuery.extend({
  status: z
    .enum(UPGRADE_REQUEST_STATES, { error: 'validation.invalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const upgradeRequestItem = z.object({
  id: z.string(),
  cifNumber: z.string(),
  fullName: z.string(),
  gender: z.string(),
  phone: z.string().nullable(),
  identityNumber: z.string(),
  memberType: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  branchName: z.string().nullable(),
  areaName: z.string().nullable(),
  upgradeStatus: z.enum(['WAITING_APPROVAL', 'APPROVED', 'REJECTED']),
  upgradeReason: z.string().nullable(),
  requestedAt: z.string().nullable(),
  requestedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  interviewDate: z.string().nullable(),
  interviewResult: z.string().nullable(),
  joinDate: z.string().nullable(),
});

export async function memberWebRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const s = { serializerCompiler: passthroughSerializer };

  app.get(
    '/api/member/form-options',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'What the member form chooses from: active branches, areas, agents and account officers, staff (interviewers)',
        response: documented(memberFormOptions),
      },
    },
    async (req) => ok(await formOptions(ctxOf(req))),
  );

  app.get(
    '/api/member/upgrade-request/datatable',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Become-member requests of non-members by state (WAITING_APPROVAL default, APPROVED, REJECTED, ALL)',
        description:
          'search (name contains or CIF starts with), page, limit, sortBy (requested_at, decided_at, full_name, cif_number), ascOrDesc. ' +
          'Waiting requests oldest first by default, decided ones newest first. Agents see only their assigned members.',
        querystring: upgradeRequestQuery,
        response: documented(
          z.object({
            content: z.array(upgradeRequestItem),
            page: z.number(),
            limit: z.number(),
            totalElements: z.number(),
            totalPages: z.number(),
          }),
        ),
      },
    },
    async (req) => ok(await upgradeRequests(ctxOf(req), req.query)),
  );
}
