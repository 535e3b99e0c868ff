import {
  areaCreateBody,
  areaMemberParams,
  areaUpdateBody,
  idParam,
  organizationListQuery,
  organizationMemberQuery,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as areas from './areas.service.ts';

const TAG = 'areas';

export async function areasRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/area/datatable',
    {
      config: { permission: 'area:view' },
      schema: {
        tags: [TAG],
        summary: 'Areas with their branch and user/member counts (search, page, limit, isActive, branchId, sortBy, ascOrDesc)',
        querystring: organizationListQuery,
      },
    },
    async (req) => ok(await areas.listAreas(ctxOf(req), req.query)),
  );

  app.get(
    '/api/area/:id/detail',
    { config: { permission: 'area:view' }, schema: { tags: [TAG], summary: 'One area', params: idParam } },
    async (req) => ok(await areas.areaDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/area/member/:id/datatable',
    {
      config: { permission: 'area:view' },
      schema: {
        tags: [TAG],
        summary: 'People of an area: staff (kind USER) and members (kind MEMBER); filter kind, isActive, search',
        params: idParam,
        querystring: organizationMemberQuery,
      },
    },
    async (req) => ok(await areas.areaMembers(ctxOf(req), req.params.id, req.query)),
  );

  app.post(
    '/api/area',
    {
      config: { permission: 'area:add' },
      schema: { tags: [TAG], summary: 'Create an area (name unique per cooperative)', body: areaCreateBody },
    },
    async (req) => ok(await areas.createArea(ctxOf(req), req.body), 'access.area_created'),
  );

  app.patch(
    '/api/area',
    { config: { permission: 'area:update' }, schema: { tags: [TAG], summary: 'Change an area (body.id)', body: areaUpdateBody } },
    async (req) => ok(await areas.updateArea(ctxOf(req), req.body), 'access.area_updated'),
  );

  app.delete(
    '/api/area/:id/member/:memberId',
    {
      config: { permission: 'area:delete' },
      schema: { tags: [TAG], summary: 'Take a user or a member out of the area', params: areaMemberParams },
    },
    async (req) => ok(await areas.removeAreaMember(ctxOf(req), req.params.id, req.params.memberId), 'access.area_member_removed'),
  );

  app.delete(
    '/api/area/:id/delete',
    {
      config: { permission: 'area:delete' },
      schema: { tags: [TAG], summary: 'Delete an area without users or members', params: idParam },
    },
    async (req) => {
      await areas.deleteArea(ctxOf(req), req.params.id);
      return ok(null, 'access.area_deleted');
    },
  );
}
