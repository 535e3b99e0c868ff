/**
 * A run's progress for the screens (GET /api/jobs/{id}); the caller's cooperative only (row-level security).
 * An agent reads only the runs she started (another's, or a system run, is 404), like every agent read
 * (modules/users/agent-scope.ts).
 */
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findRun, type JobRunRow } from './jobs.repo.ts';

export function runView(r: JobRunRow) {
  return {
    id: r.id,
    name: r.name,
    key: r.key,
    status: r.status,
    done: r.done,
    total: r.total,
    percent: r.status === 'DONE' ? 100 : r.total ? Math.min(99, Math.floor((r.done / r.total) * 100)) : 0,
    error: r.error,
    attempts: r.attempts,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  };
}

export async function jobProgress(ctx: Ctx, id: string) {
  const startedBy = ctx.principal?.roleCode === 'AGENT' ? ctx.userId : null;
  const r = await withTx(ctx, (tx) => findRun(tx, id, startedBy));
  if (!r) throw notFound('common.not_found');
  return runView(r);
}
