import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { defineModule, type TenantSeedInfo } from '../types.ts';
import { registerSessionGuard } from './teller.guard.ts';
import { classifyCashAccounts } from './teller.repo.ts';
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

/**
 * Accounts under 101 seeded after the chart get their cash kind. The demo teller starts with today's session open (opening = her cash account's balance), so the demo's
 * counter works at once; on later days she opens it herself (Transaksi Teller > Buka Kas).
 */
async function seedDemo(db: Db, _ctx: Ctx, info: TenantSeedInfo) {
  await db.tenant(info.tenantId, async (tx) => {
    // The demo's agent cash account (Kas Agen, seeded by users) gets its cash kind like every account under 101.
    await classifyCashAccounts(tx);
    const tellers = await tx.query<{ id: string; coa_id: string }>(
      `SELECT u.id, u.coa_id FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
       WHERE u.tenant_id = app_tenant() AND r.code = 'TELLER' AND u.coa_id IS NOT NULL AND u.is_active ORDER BY u.created_date`,
    );
    for (const t of tellers) {
      const opening = await accountBalance(tx, t.coa_id);
      if (opening.isNegative()) continue;
      await tx.exec(
        `INSERT INTO teller_session (tenant_id, user_id, coa_id, business_date, opening_balance)
         VALUES (app_tenant(), $1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [t.id, t.coa_id, todayJakarta(), opening.toFixed(2)],
      );
    }
  });
}

export default defineModule({ name: 'teller', order: 35, routes, seedTenant, seedDemo });
