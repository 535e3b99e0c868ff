import { idParam, listQuery, roleCreateBody, roleUpdateBody } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as roles from './roles.service.ts';

const TAG = 'access roles';

export async function rolesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/role/datatable',
    {
      config: { permission: 'access_role:view' },
      schema: {
        tags: [TAG],
        summary: 'Access roles with permission matrix, limits and user count (search, page, limit, sortBy, ascOrDesc)',
        querystring: listQuery,
      },
    },
    async (req) => ok(await roles.listRoles(ctxOf(req), req.query)),
  );

  app.get(
    '/api/role/all-role',
    { config: { auth: true }, schema: { tags: [TAG], summary: 'Every role (id, name, code) for pickers, built-in roles first' } },
    async (req) => ok(await roles.allRoles(ctxOf(req))),
  );

  app.get(
    '/api/role/:id/detail',
    {
      config: { permission: 'access_role:view' },
      schema: { tags: [TAG], summary: 'One role with its permission matrix and limits', params: idParam },
    },
    async (req) => ok(await roles.roleDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/role',
    {
      config: { permission: 'access_role:add' },
      schema: {
        tags: [TAG],
        summary: 'Create a role: permissions per menu section (view/add/update/delete) and limits (null = no limit)',
        body: roleCreateBody,
      },
    },
    async (req) => ok(await roles.createRole(ctxOf(req), req.body), 'access.role_created'),
  );

  app.patch(
    '/api/role',
    {
      config: { permission: 'access_role:update' },
      schema: {
        tags: [TAG],
        summary: 'Change a role (body.id); built-in roles keep their names, SUPER ADMIN its permissions and limits',
        body: roleUpdateBody,
      },
    },
    async (req) => ok(await roles.updateRole(ctxOf(req), req.body), 'access.role_updated'),
  );

  app.delete(
    '/api/role/:id/delete',
    {
      config: { permission: 'access_role:delete' },
      schema: { tags: [TAG], summary: 'Delete a role; refused for built-in roles and while users hold it', params: idParam },
    },
    async (req) => {
      await roles.deleteRole(ctxOf(req), req.params.id);
      return ok(null, 'access.role_deleted');
    },
  );
}
