/**
 * The request context services receive, and `withTx`, the one way a service
 * opens a tenant transaction.
 */
import { createHash } from 'node:crypto';
import type { Lang, PermissionMatrix, RoleCode } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.ts';
import { deleteIdempotencyKey, findIdempotencyKey, insertIdempotencyKey, principalCheckSql, storeAnswerSql } from './context.repo.ts';
import { conflict, IdempotentReplay, unauthorized } from './errors.ts';
import { ok } from './http.ts';
import { langOf } from './i18n.ts';

export interface Principal {
  userId: string;
  tenantId: string;
  sessionId: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  position: string | null;
  roleId: string;
  roleName: string;
  roleCode: RoleCode | null;
  permissions: PermissionMatrix;
  limits: {
    savingWithdrawal: Dec | null;
    loanRequest: Dec | null;
    loanApproval: Dec | null;
    canReleaseLoan: boolean;
    canCancelTransaction: boolean;
  };
  tenantName: string;
  stepConfiguration: number;
  /** md5 of what auth_principal answered (the cache's check, plugins/auth.ts). */
  digest?: string;
}

/**
 * A principal reused from the short cache of plugins/auth.ts: the request's
 * transactions start with `sql` (auth_principal_check, in BEGIN's round trip),
 * which raises KA001 when the principal changed; withTx then calls `refresh`
 * (reads it again, answers 401 or 403 as the request would have) and runs the
 * transaction again.
 */
export interface PrincipalCheck {
  sql: string;
  refresh: () => Promise<Principal>;
}

export interface IdempotencyInfo {
  /** The stored key: the client's Idempotency-Key scoped to the user and the route (`scopedIdempotencyKey`). */
  key: string;
  hash: string;
  method: string;
  path: string;
  /** Set once a transaction stored the answer, so the plugin does not store it again. */
  stored?: boolean;
  /** Set once a transaction tried to claim the key (transactional mode). */
  claimed?: boolean;
  /** The transaction that claimed the key (selfClaim: the service's own statement did). */
  claimTx?: unknown;
}

export interface Ctx {
  db: Db;
  tenantId: string;
  userId: string | null;
  principal: Principal | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  lang: Lang;
  idem?: IdempotencyInfo;
  principalCheck?: PrincipalCheck;
}

/** Context of an authenticated request. */
export function ctxOf(req: FastifyRequest): Ctx {
  const p = req.principal;
  if (!p) throw unauthorized();
  return {
    db: req.server.db,
    tenantId: p.tenantId,
    userId: p.userId,
    principal: p,
    requestId: String(req.id),
    ip: req.ip ?? null,
    userAgent: (req.headers['user-agent'] as string | undefined) ?? null,
    lang: langOf(req),
    idem: req.idempotency,
    principalCheck:
      req.principalRefresh && p.digest
        ? {
            sql: principalCheckSql(p.tenantId, p.sessionId, p.userId, p.digest),
            refresh: req.principalRefresh,
          }
        : undefined,
  };
}

/** Context for work without a signed-in user (registration, jobs, seeds). */
export function systemCtx(db: Db, tenantId: string, extra: Partial<Ctx> = {}): Ctx {
  return {
    db,
    tenantId,
    userId: null,
    principal: null,
    requestId: extra.requestId ?? 'system',
    ip: null,
    userAgent: null,
    lang: 'id',
    ...extra,
  };
}

export interface TxOptions {
  /**
   * Claim the request's Idempotency-Key inside this transaction and store the
   * answer with it, so the business effect and the stored answer commit
   * together (money movements). A concurrent duplicate waits on the key's row
   * and then replays the answer; a different body with the same key gets 409.
   */
  idempotent?: boolean;
  /** Message key of the success envelope stored for replay. */
  message?: string;
  /**
   * With `idempotent`: `fn` claims the key itself, in its first statement (a
   * database function taking `ctx.idem`, answering what the claim found:
   * `applyClaim`), or by calling `claimKey` before anything else. Saves the
   * claim's round trip on hot paths; the decisions are the same.
   */
  selfClaim?: boolean;
}

/** Run `fn` in one transaction confined to the context's tenant. */
export async function withTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  for (;;) {
    const check = ctx.principalCheck;
    try {
      return await runTx(ctx, fn, opts, check?.sql);
    } catch (err) {
      if (!check || (err as { code?: string }).code !== 'KA001') throw err;
      // The cached principal changed: read it again (401/403 as the request would have answered) and go on with it.
      const fresh = await check.refresh();
      ctx.principal = fresh;
      ctx.userId = fresh.userId;
      ctx.principalCheck = undefined;
    }
  }
}

async function runTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts: TxOptions, first: string | undefined): Promise<T> {
  const idem = opts.idempotent ? ctx.idem : undefined;
  return ctx.db.tenant(
    ctx.tenantId,
    async (tx) => {
      if (idem && !opts.selfClaim) await claimIdempotencyKey(tx, ctx.tenantId, idem);
      const result = await fn(tx);
      if (idem) {
        if (idem.claimTx !== tx) throw new Error('withTx: selfClaim but the key was not claimed in this transaction');
        const body = ok(result, opts.message ?? 'common.success');
        // Stored in COMMIT's round trip (values as literals: no parameters there).
        tx.beforeCommit(storeAnswerSql(ctx.tenantId, idem.key, body));
        idem.stored = true;
      }
      return result;
    },
    first ? { first } : undefined,
  );
}

/** For `selfClaim` transactions: claim the key now (no-op without a key or when claimed in this transaction). */
export async function claimKey(tx: Tx, ctx: Ctx): Promise<void> {
  if (ctx.idem && ctx.idem.claimTx !== tx) await claimIdempotencyKey(tx, ctx.tenantId, ctx.idem);
}

/**
 * For `selfClaim` transactions whose database function claimed the key: what
 * the claim found, decided exactly as `claimIdempotencyKey` decides
 * (CLAIMED goes on; REPLAY answers the stored answer; MISMATCH and
 * IN_PROGRESS are 409).
 */
export function applyClaim(
  tx: Tx,
  ctx: Ctx,
  outcome: 'CLAIMED' | 'REPLAY' | 'MISMATCH' | 'IN_PROGRESS',
  stored?: { statusCode: number | null; response: unknown },
): void {
  const idem = ctx.idem;
  if (!idem) return;
  idem.claimed = true;
  if (outcome === 'CLAIMED') {
    idem.claimTx = tx;
    return;
  }
  if (outcome === 'MISMATCH') throw conflict('IDEMPOTENCY_KEY_REUSED', 'common.idempotency_mismatch');
  if (outcome === 'IN_PROGRESS') throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
  throw new IdempotentReplay(stored?.statusCode ?? 200, stored?.response ?? null);
}

async function claimIdempotencyKey(tx: Tx, tenantId: string, idem: IdempotencyInfo): Promise<void> {
  idem.claimed = true;
  idem.claimTx = tx;
  for (let i = 0; i < 2; i++) {
    const claimed = await insertIdempotencyKey(tx, tenantId, idem.key, idem.hash, idem.method, idem.path);
    if (claimed) return;
    const prior = await findIdempotencyKey(tx, tenantId, idem.key);
    if (!prior) continue;
    if (prior.expired) {
      await deleteIdempotencyKey(tx, tenantId, idem.key);
      continue;
    }
    if (prior.request_hash !== idem.hash) throw conflict('IDEMPOTENCY_KEY_REUSED', 'common.idempotency_mismatch');
    if (prior.status_code === null) throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
    throw new IdempotentReplay(prior.status_code, prior.response);
  }
  throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
}

/**
 * The key under which a client's Idempotency-Key is stored: the signed-in
 * user's and the route's own, as payment APIs scope keys to the caller. Two
 * users (or two routes) sending the same key and body are two requests: one
 * never receives the other's stored answer. The scope travels inside the key
 * column (primary key `(tenant_id, key)`), so every claim (the plugin,
 * `claimKey`, the SQL of `saving_move`/`saving_move_many`, the batch) uses it
 * unchanged.
 */
export function scopedIdempotencyKey(userId: string, method: string, route: string, clientKey: string): string {
  return `${userId}|${method} ${route}|${clientKey}`;
}

/** Stable JSON (sorted keys) for hashing request bodies. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}

export function requestHash(method: string, path: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(query ?? null)}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}
