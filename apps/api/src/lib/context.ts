/**
 * The request context services receive, and `withTx`, the one way a service
 * opens a tenant transaction.
 */
import { createHash } from 'node:crypto';
import type { Lang, PermissionMatrix, RoleCode } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.ts';
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
}

export interface IdempotencyInfo {
  key: string;
  hash: string;
  method: string;
  path: string;
  /** Set once a transaction stored the answer, so the plugin does not store it again. */
  stored?: boolean;
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
}

/** Run `fn` in one transaction confined to the context's tenant. */
export async function withTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  const idem = opts.idempotent ? ctx.idem : undefined;
  return ctx.db.tenant(ctx.tenantId, async (tx) => {
    if (idem) await claimIdempotencyKey(tx, ctx.tenantId, idem);
    const result = await fn(tx);
    if (idem) {
      const body = ok(result, opts.message ?? 'common.success');
      await tx.exec(
        `UPDATE idempotency_key SET status_code = 200, response = $3::jsonb
         WHERE tenant_id = $1 AND key = $2`,
        [ctx.tenantId, idem.key, JSON.stringify(body)],
      );
      idem.stored = true;
    }
    return result;
  });
}

async function claimIdempotencyKey(tx: Tx, tenantId: string, idem: IdempotencyInfo): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const claimed = await tx.one(
      `INSERT INTO idempotency_key (tenant_id, key, request_hash, method, path)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, key) DO NOTHING RETURNING key`,
      [tenantId, idem.key, idem.hash, idem.method, idem.path],
    );
    if (claimed) return;
    const prior = await tx.one<{ request_hash: string; status_code: number | null; response: unknown; expired: boolean }>(
      `SELECT request_hash, status_code, response, expires_at < now() AS expired
       FROM idempotency_key WHERE tenant_id = $1 AND key = $2`,
      [tenantId, idem.key],
    );
    if (!prior) continue;
    if (prior.expired) {
      await tx.exec('DELETE FROM idempotency_key WHERE tenant_id = $1 AND key = $2', [tenantId, idem.key]);
      continue;
    }
    if (prior.request_hash !== idem.hash) throw conflict('IDEMPOTENCY_KEY_REUSED', 'common.idempotency_mismatch');
    if (prior.status_code === null) throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
    throw new IdempotentReplay(prior.status_code, prior.response);
  }
  throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
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
