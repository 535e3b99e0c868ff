import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { defineModule } from '../types.ts';
import { registerSessionGuard } from './teller.guard.ts';
import { tellerRoutes } from './teller.routes.ts';
import { seedCashOverShort } from './teller.session.repo.ts';

/**
 * Teller sessions (Transaksi Teller: buka/tutup kas, serah terima kas), the
 * rule that a teller opens a session before moving money, and the agent's
 * dashboard figures and report. docs/teller.md.
 *
 * The routes function is registered unencapsulated (like fastify-plugin) so
 * the session guard's preHandler sits on the root instance and reaches the
 * money routes of the modules registered after this one (order 35: before
 * savings 41, deposits, loans, bills).
 */
async function routes(app: FastifyInstance) {
  registerSessionGuard(app);
  await tellerRoutes(app);
}
(routes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** The cash over/short account (Selisih Kas) every cooperative needs to close a session with a difference. */
async function seedTenant(tx: Tx, ctx: Ctx) {
  await seedCashOverShort(tx, ctx.tenantId);
}

export default defineModule({ name: 'teller', order: 35, routes, seedTenant });
