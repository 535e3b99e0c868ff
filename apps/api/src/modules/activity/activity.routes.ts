import { pageViewBody } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { recordPageViews } from './activity.service.ts';

export async function activityRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/activity/page-view',
    {
      config: { auth: true },
      schema: {
        tags: ['activity'],
        summary: 'Record page views of the web app (batched, path and time per view)',
        body: pageViewBody,
      },
    },
    async (req) => ok(await recordPageViews(ctxOf(req), req.body.views), 'activity.recorded'),
  );
}
