/**
 * "A teller must open a session before transacting" (docs/teller.md).
 *
 * The rule is enforced from outside the money modules: a preHandler hook on
 * the root instance (teller.module.ts registers its routes unencapsulated,
 * before savings and every later money module) that runs for every POST whose
 * route declares `config.idempotency: 'transactional'` (the money routes),
 * after authentication and body validation. It refuses with 422
 * TELLER_SESSION_REQUIRED when the principal's role is TELLER, the
 * cooperative's configuration transactionPolicy.tellerSessionRequired is on
 * (default) and the teller has no open session of today (WIB). The teller
 * module's own routes (open, close, handover) are exempt.
 *
 * An open session found is remembered for a few seconds per user (positive
 * answers only, this process); closing a session forgets it after COMMIT, so
 * the next movement is refused at once. A setting switched on is seen at the
 * next check; switched off, tellers with a cached open session are unaffected.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unprocessable } from '../../lib/errors.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { getConfig } from '../settings/configuration.ts';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const openUntil = new Map<string, { until: number; date: string }>();

const key = (tenantId: string, userId: string) => `${tenantId}:${userId}`;

/** Forget a cached open session (after a close commits). */
export function forgetSession(tenantId: string, userId: string): void {
  openUntil.delete(key(tenantId, userId));
}

/** True when the request must be refused: a TELLER, the setting on, no open session of today. */
export async function sessionMissing(app: FastifyInstance, tenantId: string, userId: string): Promise<boolean> {
  const k = key(tenantId, userId);
  const today = todayJakarta();
  const hit = openUntil.get(k);
  if (hit && hit.until > Date.now() && hit.date === today) return false;
  const found = await app.db.tenant(tenantId, async (tx) => {
    const policy = await getConfig(tx, tenantId, 'transactionPolicy');
    if (!policy.tellerSessionRequired) return 'NOT_REQUIRED' as const;
    const s = await tx.one(
      `SELECT 1 FROM teller_session WHERE tenant_id = $1 AND user_id = $2 AND status = 'OPEN' AND business_date = $3`,
      [tenantId, userId, today],
    );
    return s ? ('OPEN' as const) : ('MISSING' as const);
  });
  if (found === 'OPEN') {
    if (openUntil.size >= MAX_ENTRIES) openUntil.clear();
    openUntil.set(k, { until: Date.now() + TTL_MS, date: today });
  }
  return found === 'MISSING';
}

export function registerSessionGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (req.method !== 'POST') return;
    if (req.routeOptions.config?.idempotency !== 'transactional') return;
    const p = req.principal;
    if (p?.roleCode !== 'TELLER') return;
    if ((req.routeOptions.url ?? '').startsWith('/api/transaction-user/')) return;
    if (await sessionMissing(app, p.tenantId, p.userId)) {
      throw unprocessable('TELLER_SESSION_REQUIRED', 'teller.session_required');
    }
  });
}
