import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/db.ts';
import type { Ctx } from '../lib/context.ts';
import type { JobRunner } from './jobs/runner.ts';

export interface TenantSeedInfo {
  tenantId: string;
  adminUserId: string;
  cooperativeName: string;
  /** true while creating the demo cooperative. */
  demo: boolean;
}

/**
 * A business area of the server. Each `modules/<name>/<name>.module.ts`
 * default-exports one; the loader finds them, so adding a module touches no
 * shared file.
 */
export interface AppModule {
  name: string;
  /** Lower runs first for seeding (platform 0, coa 10, access 20, ...). */
  order?: number;
  /** Registers the module's routes. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Creates the module's defaults for a new cooperative, inside the registration transaction. */
  seedTenant?: (tx: Tx, ctx: Ctx, info: TenantSeedInfo) => Promise<void>;
  /** Adds demo data to the demo cooperative (after every seedTenant), in its own transactions. */
  seedDemo?: (db: Db, ctx: Ctx, info: TenantSeedInfo) => Promise<void>;
  /**
   * Registers the module's background jobs with the job runner (modules/jobs/runner.ts: `runner.work`,
   * `runner.daily`, `runner.every`) when the server starts with jobs; may return a stop function.
   */
  startJobs?: (app: FastifyInstance, runner: JobRunner) => Promise<(() => Promise<void> | void) | undefined | void>;
}

export function defineModule(m: AppModule): AppModule {
  return m;
}
