import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { defineModule } from '../types.ts';
import { registerSessionGuard } from './teller.guard.ts';
import { tellerRoutes } from './teller.routes.ts';

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
  await tx.exec(
    `INSERT INTO coa_account (tenant_id, code, name, parent_id, type, normal_balance, is_postable, system_key, description)
     SELECT p.tenant_id, '50402', 'Selisih Kas', p.id, 'EXPENSE', 'DEBIT', true, 'CASH_OVER_SHORT', 'Selisih lebih/kurang kas teller saat tutup kas'
     FROM coa_account p
     WHERE p.tenant_id = $1 AND p.code = '504'
       AND NOT EXISTS (SELECT 1 FROM coa_account k WHERE k.tenant_id = p.tenant_id AND (k.system_key = 'CASH_OVER_SHORT' OR k.code = '50402'))`,
    [ctx.tenantId],
  );
}

export default defineModule({ name: 'teller', order: 35, routes, seedTenant });
