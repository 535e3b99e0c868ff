/**
 * The teller session rule, in one place (docs/teller.md "The rule"):
 *
 * A user who must work in a teller session (role TELLER while the cooperative's
 * transactionPolicy.tellerSessionRequired is on, the default)
 *  1. opens her session before moving money: 422 TELLER_SESSION_REQUIRED
 *     without an OPEN session of today (WIB);
 *  2. moves cash only through her own session's drawer (the session's cash
 *     account): a money request naming another account whose cash kind is
 *     CASH (any `coaId` in the body, e.g. Kas Besar) is refused with 422
 *     TELLER_CASH_NOT_OWN; BANK accounts (a transfer to or from the bank) and
 *     accounts without a cash kind stay allowed;
 *  3. the cash of a route that names no account (business units: the unit's
 *     cash account) goes to her drawer: `sessionDrawer`.
 *
 * 1 and 2 are enforced from outside the money modules: a preHandler hook on
 * the root instance (teller.module.ts registers its routes unencapsulated,
 * before savings and every later money module) that runs for every POST whose
 * route declares `config.idempotency: 'transactional'` (the money routes),
 * after authentication and body validation. The teller module's own routes
 * (open, close, handover) are exempt. 3 is asked by the module whose route
 * names no account, in its own transaction.
 *
 * An open session found is remembered for a few seconds per user (positive
 * answers only, this process); closing a session forgets it after COMMIT, so
 * the next movement is refused at once. A setting switched on is seen at the
 * next check; switched off, tellers with a cached open session are unaffected.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { getConfig } from '../settings/configuration.ts';
import { firstCashAccount, openSessionToday } from './teller.repo.ts';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Drawer {
  coaId: string;
  code: string;
  name: string;
}
const openUntil = new Map<string, { until: number; date: string; drawer: Drawer }>();

const key = (tenantId: string, userId: string) => `${tenantId}:${userId}`;

/** Forget a cached open session (after a close commits). */
export function forgetSession(tenantId: string, userId: string): void {
  openUntil.delete(key(tenantId, userId));
}

/** Whether the user must work in a teller session: role TELLER and the cooperative's setting on. */
async function sessionRequired(tx: Tx, tenantId: string, roleCode: string | null | undefined): Promise<boolean> {
  if (roleCode !== 'TELLER') return false;
  const policy = await getConfig(tx, tenantId, 'transactionPolicy');
  return Boolean(policy.tellerSessionRequired);
}

/** A TELLER under the setting: her open session's drawer, or 'MISSING'; 'NOT_REQUIRED' otherwise. */
async function sessionState(app: FastifyInstance, tenantId: string, userId: string): Promise<Drawer | 'MISSING' | 'NOT_REQUIRED'> {
  const k = key(tenantId, userId);
  const today = todayJakarta();
  const hit = openUntil.get(k);
  if (hit && hit.until > Date.now() && hit.date === today) return hit.drawer;
  const found = await app.db.tenant(tenantId, async (tx) => {
    if (!(await sessionRequired(tx, tenantId, 'TELLER'))) return 'NOT_REQUIRED' as const;
    const s = await openSessionToday(tx, userId, today);
    return s ? { coaId: s.coa_id, code: s.code, name: s.name } : ('MISSING' as const);
  });
  if (typeof found === 'object') {
    if (openUntil.size >= MAX_ENTRIES) openUntil.clear();
    openUntil.set(k, { until: Date.now() + TTL_MS, date: today, drawer: found });
  }
  return found;
}

/** True when the request must be refused: a TELLER, the setting on, no open session of today. */
export async function sessionMissing(app: FastifyInstance, tenantId: string, userId: string): Promise<boolean> {
  return (await sessionState(app, tenantId, userId)) === 'MISSING';
}

/** Every `coaId` a money request names (at any depth: `options.coaId`, `items[].coaId`). */
export function namedAccounts(body: unknown, depth = 0, out = new Set<string>()): Set<string> {
  if (depth > 4 || body === null || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'coaId' && typeof v === 'string' && isUuid(v)) out.add(v);
    else if (v && typeof v === 'object') namedAccounts(v, depth + 1, out);
  }
  return out;
}

export function registerSessionGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (req.method !== 'POST') return;
    if (req.routeOptions.config?.idempotency !== 'transactional') return;
    const p = req.principal;
    if (p?.roleCode !== 'TELLER') return;
    if ((req.routeOptions.url ?? '').startsWith('/api/transaction-user/')) return;
    const state = await sessionState(app, p.tenantId, p.userId);
    if (state === 'NOT_REQUIRED') return;
    if (state === 'MISSING') throw unprocessable('TELLER_SESSION_REQUIRED', 'teller.session_required');
    const named = [...namedAccounts(req.body)].filter((id) => id !== state.coaId);
    if (!named.length) return;
    const cash = await app.db.tenant(p.tenantId, (tx) => firstCashAccount(tx, named));
    if (cash) {
      throw unprocessable('TELLER_CASH_NOT_OWN', 'teller.cash_not_own', {
        code: cash.code,
        name: cash.name,
        own: `${state.code} ${state.name}`,
      });
    }
  });
}

/**
 * The cash account of a cash movement whose route names none (business units): the drawer of the signed-in
 * user's open session when she must work in one (the session row FOR SHARE, so a close waits for this
 * movement and counts it), else null (the caller's own account). The hook has already refused a TELLER
 * without a session; one whose session closed meanwhile is refused here.
 */
export async function sessionDrawer(tx: Tx, ctx: Ctx): Promise<string | null> {
  if (!ctx.userId || !(await sessionRequired(tx, ctx.tenantId, ctx.principal?.roleCode))) return null;
  const s = await openSessionToday(tx, ctx.userId, todayJakarta(), true);
  if (!s) throw unprocessable('TELLER_SESSION_REQUIRED', 'teller.session_required');
  return s.coa_id;
}
