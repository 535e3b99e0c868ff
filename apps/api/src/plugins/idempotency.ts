/**
 * Idempotency-Key on POST requests (per user and route, kept 24 hours).
 *
 * A key belongs to the user who sent it and to the route
 * (`scopedIdempotencyKey`): another user of the cooperative sending the same
 * key and body makes its own request and never receives the stored answer.
 *
 * The first answer of a POST carrying `Idempotency-Key` is stored and replayed
 * for every retry with the same key (header `idempotent-replayed: true`); the
 * same key with a different request is refused with 409.
 *
 * Two modes:
 *  - generic (default): the key is claimed before the handler runs and the
 *    answer stored when it is sent. A duplicate arriving while the first is
 *    still running gets 409 "in progress".
 *  - `config.idempotency: 'transactional'` (every route that moves money): the
 *    service claims the key inside its own database transaction
 *    (`withTx(ctx, fn, {idempotent: true})`), so the money movement and the
 *    stored answer commit together, and a concurrent duplicate waits for the
 *    first and replays its answer. Nothing can be posted twice. The plugin
 *    does not look the key up before the handler (the claim does: a replay
 *    or a 409 for another body comes from there, saving a transaction per
 *    request); only when the handler answers an error before any transaction
 *    claimed the key (a check before `withTx`) is the key looked up, and a
 *    stored answer replayed (or 409) exactly as a look-up first would have.
 * Answers of 5xx are not kept, so the client may retry them.
 */

import { type ErrorCode, hasMessage, translate } from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  deleteExpiredIdempotencyKey,
  deleteUnansweredIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  storeIdempotencyAnswer,
} from '../lib/context.repo.ts';
import { type IdempotencyInfo, requestHash, scopedIdempotencyKey } from '../lib/context.ts';
import { type AppError, badRequest, conflict, IdempotentReplay } from '../lib/errors.ts';
import { langOf } from '../lib/i18n.ts';
import { errorBody } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: 'transactional' | 'generic' | 'off';
  }
  interface FastifyRequest {
    idempotency?: IdempotencyInfo;
    idempotencyClaimed?: boolean;
  }
}

type Prior = NonNullable<Awaited<ReturnType<typeof findIdempotencyKey>>>;

async function priorAnswer(app: FastifyInstance, tenantId: string, key: string): Promise<Prior | undefined> {
  return app.db.tenant(tenantId, (tx) => findIdempotencyKey(tx, tenantId, key));
}

/** A stored answer as the error handler replays it (its message in the caller's language). */
function translatedBody(req: FastifyRequest, body: unknown): unknown {
  const b = body as { message?: unknown } | null;
  if (b && typeof b.message === 'string' && hasMessage(b.message)) b.message = translate(b.message, langOf(req));
  return b;
}

function checkPrior(prior: Prior, info: IdempotencyInfo, inProgressIsError: boolean) {
  if (prior.request_hash !== info.hash) throw conflict('IDEMPOTENCY_KEY_REUSED', 'common.idempotency_mismatch');
  if (prior.status_code !== null) throw new IdempotentReplay(prior.status_code, prior.response);
  if (inProgressIsError) throw conflict('IDEMPOTENCY_IN_PROGRESS', 'common.idempotency_in_progress');
}

async function idempotencyPlugin(app: FastifyInstance) {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (req.method !== 'POST') return;
    const header = req.headers['idempotency-key'];
    const clientKey = Array.isArray(header) ? header[0] : header;
    if (!clientKey || !req.principal) return;
    const mode = req.routeOptions.config?.idempotency ?? 'generic';
    if (mode === 'off') return;
    if (clientKey.length > 255) throw badRequest('IDEMPOTENCY_KEY_INVALID', 'validation.invalid', { field: 'Idempotency-Key' });
    const path = req.url.split('?')[0];
    const key = scopedIdempotencyKey(req.principal.userId, req.method, req.routeOptions.url ?? path, clientKey);
    const info: IdempotencyInfo = {
      key,
      hash: requestHash(req.method, path, req.query, req.body),
      method: req.method,
      path,
    };
    req.idempotency = info;
    // Transactional routes claim the key in their own transaction (replay and 409 happen there).
    if (mode === 'transactional') return;
    const tenantId = req.principal.tenantId;
    const prior = await priorAnswer(app, tenantId, key);
    if (prior && !prior.expired) checkPrior(prior, info, true);

    const claimed = await app.db.tenant(tenantId, async (tx) => {
      if (prior?.expired) await deleteExpiredIdempotencyKey(tx, tenantId, key);
      return insertIdempotencyKey(tx, tenantId, key, info.hash, info.method, info.path);
    });
    if (!claimed) {
      const again = await priorAnswer(app, tenantId, key);
      if (again) checkPrior(again, info, true);
    }
    req.idempotencyClaimed = true;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const info = req.idempotency;
    if (info && !info.claimed && reply.statusCode >= 400 && req.principal && req.routeOptions.config?.idempotency === 'transactional') {
      // A transactional route that failed before its transaction claimed the key: answer what a look-up
      // before the handler would have (the stored answer, or 409 for another request with this key).
      const prior = await priorAnswer(app, req.principal.tenantId, info.key);
      if (prior && !prior.expired) {
        try {
          checkPrior(prior, info, false);
        } catch (err) {
          if (err instanceof IdempotentReplay) {
            reply.code(err.statusCode).header('idempotent-replayed', 'true');
            return JSON.stringify(translatedBody(req, err.body));
          }
          const e = err as AppError;
          reply.code(e.statusCode);
          return JSON.stringify(errorBody(req, e.statusCode, e.errorCode as ErrorCode, translate(e.messageKey, langOf(req), e.params)));
        }
      }
      return payload;
    }
    if (!info || !req.idempotencyClaimed || info.stored || !req.principal) return payload;
    const tenantId = req.principal.tenantId;
    if (reply.statusCode >= 500) {
      await app.db.tenant(tenantId, (tx) => deleteUnansweredIdempotencyKey(tx, tenantId, info.key));
      return payload;
    }
    let body: unknown = null;
    try {
      body = typeof payload === 'string' ? JSON.parse(payload) : null;
    } catch {
      body = null;
    }
    await app.db.tenant(tenantId, (tx) => storeIdempotencyAnswer(tx, tenantId, info.key, reply.statusCode, body));
    info.stored = true;
    return payload;
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });
