/**
 * The response envelope and the one error handler: every failure leaves as
 * `{status:false, code, message, error, errorCode, data}` with a message in
 * the caller's language; never a stack trace, never a bare 500 page.
 */
import { type ErrorCode, hasMessage, type Lang, translate } from '@koperasi/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATEMENT_TIMEOUT_MS } from '../db/db.ts';
import { AppError, type FieldError, IdempotentReplay, RequestValidationError } from '../lib/errors.ts';
import { messageParams } from '../lib/http.ts';
import { langOf } from '../lib/i18n.ts';

function fieldLabel(path: PropertyKey[], lang: Lang): string {
  const name = String(path[path.length - 1] ?? '');
  const key = `field.${name}`;
  return hasMessage(key) ? translate(key, lang) : name || (lang === 'id' ? 'Data' : 'Data');
}

function issueMessage(issue: RequestValidationError['issues'][number], lang: Lang): string {
  const field = fieldLabel(issue.path, lang);
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  if (hasMessage(issue.message)) {
    // A generic "is required" key still reads better with the field's name.
    return translate(issue.message, lang, { field });
  }
  if (missing) return translate('validation.required', lang, { field });
  if (issue.code === 'invalid_value' || issue.code === 'invalid_type' || issue.code === 'invalid_format') {
    return translate('validation.invalid', lang, { field });
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
    return lang === 'id'
      ? `${field} ${issue.code === 'too_small' ? 'minimal' : 'maksimal'} ${String(bound)}`
      : `${field} must be ${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(bound)}`;
  }
  return translate('validation.invalid', lang, { field });
}

export function errorBody(req: FastifyRequest, status: number, errorCode: ErrorCode, message: string, fields?: FieldError[]) {
  return {
    status: false as const,
    code: status,
    message,
    error: message,
    errorCode,
    data: fields?.length ? { fields } : null,
    requestId: String(req.id),
  };
}

/** Errors of the multipart parser (@fastify/busboy) about the request body itself. */
const MULTIPART_BROKEN = /unexpected end of multipart data|Multipart: Boundary not found|Malformed part header|Part terminated early/i;

/**
 * The database gone from under a request: a connection PostgreSQL ended (an administrator, a restart, the idle
 * transaction timeout: SQLSTATE class 08 and 57P0x, 25P03) or node-postgres found closed. The request did not finish
 * and nothing of it committed (a COMMIT cut mid-way is the one exception, which the Idempotency-Key covers): 503, try
 * again, not a 500 that reads as a fault of the program.
 */
const CONNECTION_LOST = /Connection terminated|not queryable|Client was closed|ECONNREFUSED|ECONNRESET/i;
function databaseGone(err: { code?: string; message?: string }): boolean {
  const code = String(err.code ?? '');
  return (
    code.startsWith('08') ||
    ['57P01', '57P02', '57P03', '25P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code) ||
    CONNECTION_LOST.test(String(err.message ?? ''))
  );
}

/** The statement_timeout the pools set, in seconds, for the message of a statement it cancelled. */
const STATEMENT_TIMEOUT_SECONDS = STATEMENT_TIMEOUT_MS / 1000;

/**
 * Database errors mapped to clear answers: the caller's faults (4xx), a statement cancelled at the statement timeout
 * and the database gone (503, with what to do).
 */
function fromDatabase(err: {
  code?: string;
  constraint?: string;
  message?: string;
  statusCode?: number;
}): { status: number; code: ErrorCode; key: string; params?: Record<string, unknown> } | null {
  if (err.code === '57014')
    return { status: 503, code: 'REQUEST_TIMEOUT', key: 'common.request_timeout', params: { seconds: STATEMENT_TIMEOUT_SECONDS } };
  if (!err.statusCode && databaseGone(err)) return { status: 503, code: 'DATABASE_UNAVAILABLE', key: 'common.database_unavailable' };
  switch (err.code) {
    case '23505':
      return { status: 409, code: 'DUPLICATE', key: 'common.conflict' };
    case '23503':
      return { status: 422, code: 'INVALID_REFERENCE', key: 'common.not_found' };
    case '23514':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return { status: 400, code: 'INVALID_VALUE', key: 'common.validation_failed' };
    case '40001':
    case '40P01':
    case '55P03':
      return { status: 409, code: 'CONCURRENT_UPDATE', key: 'common.conflict' };
    default:
      return null;
  }
}

async function envelopePlugin(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object' && 'status' in payload && 'message' in payload) {
      const env = payload as { message: unknown };
      if (typeof env.message === 'string' && hasMessage(env.message)) {
        env.message = translate(env.message, langOf(req), messageParams(payload as object));
      }
    }
    return payload;
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    if (err instanceof IdempotentReplay) {
      const body = err.body as { message?: unknown } | null;
      if (body && typeof body.message === 'string' && hasMessage(body.message)) {
        body.message = translate(body.message, lang);
      }
      return reply.code(err.statusCode).header('idempotent-replayed', 'true').send(body);
    }
    if (err instanceof AppError) {
      const fields = err.fields?.map((f) => ({ field: f.field, message: translate(f.message, lang, { ...err.params, field: f.field }) }));
      if (err.statusCode >= 500) req.log.error({ err }, 'application error');
      return (
        reply
          .code(err.statusCode)
          // The code is a catalogue code (error-codes.test.ts scans every throw site).
          .send(errorBody(req, err.statusCode, err.errorCode as ErrorCode, translate(err.messageKey, lang, err.params), fields))
      );
    }
    if (err instanceof RequestValidationError) {
      const fields = err.issues.map((i) => ({
        field: i.path.map(String).join('.') || String(err.validationContext ?? 'body'),
        message: issueMessage(i, lang),
      }));
      return reply
        .code(400)
        .send(errorBody(req, 400, 'VALIDATION_FAILED', fields[0]?.message ?? translate('common.validation_failed', lang), fields));
    }
    const fe = err as FastifyError & { code?: string; constraint?: string };
    const db = fromDatabase(fe);
    if (db) {
      if (db.status >= 500) req.log.error({ err }, 'database unavailable or too slow');
      else req.log.warn({ err }, 'database refused the request');
      return reply.code(db.status).send(errorBody(req, db.status, db.code, translate(db.key, lang, db.params)));
    }
    // A multipart body cut short or malformed (the parser's errors carry no status): the client's fault.
    if (!fe.statusCode && MULTIPART_BROKEN.test(String(fe.message))) {
      return reply.code(400).send(errorBody(req, 400, 'BAD_MULTIPART', translate('common.bad_multipart', lang)));
    }
    const status = fe.statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send(errorBody(req, 413, 'PAYLOAD_TOO_LARGE', translate('common.payload_too_large', lang)));
    }
    if (status === 415) {
      return reply.code(415).send(errorBody(req, 415, 'UNSUPPORTED_MEDIA_TYPE', translate('common.unsupported_media', lang)));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody(req, 429, 'TOO_MANY_REQUESTS', translate('common.too_many_requests', lang, { minutes: 1 })));
    }
    if (status >= 400 && status < 500) {
      const key =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'common.bad_json' : 'common.validation_failed';
      // Framework codes (FST_ERR_...) are not the API's: the answer carries the catalogue's BAD_REQUEST.
      return reply.code(status).send(errorBody(req, status, 'BAD_REQUEST', translate(key, lang)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(req, 500, 'INTERNAL_ERROR', translate('common.generic_error', lang)));
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
