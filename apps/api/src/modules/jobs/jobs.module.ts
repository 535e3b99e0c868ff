import { defineModule } from '../types.ts';
import { jobsRoutes } from './jobs.routes.ts';

/**
 * The job runner (runner.ts: pg-boss queues, retries, schedules in the cooperative's time zone), the resumable
 * batch (batch.ts: committed chunks, a cursor, exactly once per item) and the progress route GET /api/jobs/{id}.
 * Other modules register their jobs in their own `startJobs(app, runner)` hook. docs/architecture.md, "How batch
 * work runs".
 */
export default defineModule({ name: 'jobs', order: 5, routes: jobsRoutes });
