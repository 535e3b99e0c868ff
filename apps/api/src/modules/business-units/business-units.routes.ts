import { businessUnitCreateBody, businessUnitListQuery, businessUnitUpdateBody, idParam } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import * as units from './business-units.service.ts';

const TAG = 'business-units';

export async function businessUnitRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/business-unit/datatable',
    {
      config: { permission: 'business_unit:view' },
      schema: {
        tags: [TAG],
        summary: 'Business units with their accounts (search, page, limit, type, status, sortBy, ascOrDesc)',
        querystring: businessUnitListQuery,
      },
    },
    async (req) => ok(await units.listUnits(ctxOf(req), req.query)),
  );

  app.get(
    '/api/business-unit/list-all',
    { config: { auth: true }, schema: { tags: [TAG], summary: 'Every business unit (pickers), active first' } },
    async (req) => ok(await units.listAllUnits(ctxOf(req))),
  );

  app.get(
    '/api/business-unit/:id/detail',
    { config: { permission: 'business_unit:view' }, schema: { tags: [TAG], summary: 'One business unit', params: idParam } },
    async (req) => ok(await units.unitDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/api/business-unit',
    {
      config: { permission: 'business_unit:add' },
      schema: { tags: [TAG], summary: 'Create a business unit with its eight accounts', body: businessUnitCreateBody },
    },
    async (req) => ok(await units.createUnit(ctxOf(req), req.body), 'business_unit.created'),
  );

  app.patch(
    '/api/business-unit',
    {
      config: { permission: 'business_unit:update' },
      schema: { tags: [TAG], summary: 'Change a business unit (body.id); fields not sent stay', body: businessUnitUpdateBody },
    },
    async (req) => ok(await units.updateUnit(ctxOf(req), req.body), 'business_unit.updated'),
  );
}
