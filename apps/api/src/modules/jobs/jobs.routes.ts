import { idParam } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { jobProgress } from './jobs.service.ts';

export async function jobsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/jobs/:id',
    {
      config: { auth: true },
      schema: {
        tags: ['jobs'],
        summary: "A background run's progress: status (RUNNING, DONE, FAILED), done/total, percent, error",
        params: idParam,
      },
    },
    async (req) => ok(await jobProgress(ctxOf(req), req.params.id)),
  );
}
