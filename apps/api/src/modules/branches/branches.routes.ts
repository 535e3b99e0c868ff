import { branchCreateBody, branchUpdateBody, idParam, organizationListQuery, organizationMemberQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as branches from './branches.service.ts';

const TAG = 'branches';

export async function branchesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/branch/datatable',
    {
      config: { permission: 'branch:view' },
      schema: {
        tags: [TAG],
        summary: 'Branches with user, member and area counts (search, page, limit, isActive, sortBy, ascOrDesc)',
        querystring: organizationListQuery,
      },
    },
    async (req) => ok(await branches.listBranches(ctxOf(req), req.query)),
  );

  app.get(
    '/api/branch/:id/detail',
    { config: { permission: 'branch:view' }, schema: { tags: [TAG], summary: 'One branch', params: idParam } },
    async (req) => ok(await branches.branchDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/branch/member/:id/datatable',
    {
      config: { permission: 'branch:view' },
      schema: {
        tags: [TAG],
        summary: 'People of a branch: staff (kind USER) and members (kind MEMBER); filter kind, isActive, search',
        params: idParam,
        querystring: organizationMemberQuery,
      },
    },
    async (req) => ok(await branches.branchMembers(ctxOf(req), req.params.id, req.query)),
  );

  app.post(
    '/api/branch',
    {
      config: { permission: 'branch:add' },
      schema: { tags: [TAG], summary: 'Create a branch (name unique per cooperative)', body: branchCreateBody },
    },
    async (req) => ok(await branches.createBranch(ctxOf(req), req.body), 'access.branch_created'),
  );

  app.patch(
    '/api/branch',
    { config: { permission: 'branch:update' }, schema: { tags: [TAG], summary: 'Change a branch (body.id)', body: branchUpdateBody } },
    async (req) => ok(await branches.updateBranch(ctxOf(req), req.body), 'access.branch_updated'),
  );

  app.delete(
    '/api/branch/:id/delete',
    {
      config: { permission: 'branch:delete' },
      schema: {
        tags: [TAG],
        summary: 'Delete an unused branch (one with users, areas or members is deactivated instead)',
        params: idParam,
      },
    },
    async (req) => {
      await branches.deleteBranch(ctxOf(req), req.params.id);
      return ok(null, 'access.branch_deleted');
    },
  );
}
