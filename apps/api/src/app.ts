/**
 * Builds the Fastify application: database, migrations, cross-cutting
 * plugins, every module's routes, the API docs and the web app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@koperasi/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { ZodType } from 'zod';
import { type Config, loadConfig } from './config.ts';
import { createDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { RequestValidationError } from './lib/errors.ts';
import { langOf } from './lib/i18n.ts';
import { createNotifier, type Notifier } from './lib/notifier.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { isHttps, PLAIN_REQUEST_ID } from './lib/web-session.ts';
import { loadModules } from './modules/index.ts';
import { startRunner } from './modules/jobs/runner.ts';
import authPlugin from './plugins/auth.ts';
import envelopePlugin, { errorBody } from './plugins/envelope.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import securityHeaders from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    notifier: Notifier;
    storage: Storage;
  }
}

/** Hide secret query parameters (password, token, otp) in logged URLs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:password|newPassword|token|otp|code|client_secret)=)[^&]*/gi, '$1[redacted]');
}

/** The path of the first string (or key) holding a NUL character in a parsed request part, or null. */
export function nulPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  // One path array, pushed and popped on the way (a copy only when a NUL is found): this runs on every request.
  const at = [...path];
  return nulIn(value, at, 0) ? at : null;
}

function nulIn(value: unknown, at: PropertyKey[], depth: number): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      if (nulIn(value[i], at, depth + 1)) return true;
      at.pop();
    }
    return false;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    at.push(k);
    if (k.includes('\0') || nulIn((value as Record<string, unknown>)[k], at, depth + 1)) return true;
    at.pop();
  }
  return false;
}

export interface BuildOptions {
  config?: Partial<Config>;
  /** Reuse an open database (tests share one per worker). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Skip migrations (the caller already ran them). */
  skipMigrations?: boolean;
  /** Start background jobs (off in tests unless asked). */
  jobs?: boolean;
}

/**
 * The server's logger: JSON lines (pino) written asynchronously, off the
 * request's path (a synchronous write per line cost a blocking system call on
 * every request). No minimum batch length: each line leaves as soon as the
 * stream is free, because the notifier's lines (activation links, codes; see
 * lib/notifier.ts) must appear at once for a developer without a mail server
 * and for the browser tests that read them. A crash may lose the last lines,
 * never a database change: the audit trail is in the database. `dest`: a file
 * descriptor or path (default stdout).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, dest: number | string = 1) {
  return {
    level: config.logLevel,
    serializers: {
      // Never log credentials: /oauth/token carries them in the query string.
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
    stream: pino.destination({ dest, sync: false, minLength: 0 }),
  };
}

/** Hooks of every request: NUL characters refused, the request id and HSTS headers, the request log line. */
function requestHooks(app: FastifyInstance) {
  // No PostgreSQL text holds a NUL character: refuse one anywhere in the path, the query or a JSON string, naming
  // the field, before any schema or SQL sees it (it used to reach the database and answer 500).
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const at = nulPath(value);
      if (at) {
        const err = new RequestValidationError([{ path: at, code: 'invalid_format', message: 'validation.nul_character' }]);
        err.validationContext = part;
        throw err;
      }
    }
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-request-id', String(_req.id));
    // HSTS only where the client really uses HTTPS (the connection, or a trusted proxy saying so).
    if (isHttps(_req)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
  // Without a logger at info (benchmarks, tests), no hook: the line would be dropped after being built.
  const logs = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (logs.isLevelEnabled?.('info')) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  }
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(opts.config);
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    // One line per request, when it completes (the onResponse hook of requestHooks), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // A client's x-request-id only when it is a plain token (it ends up in logs and audit rows).
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && PLAIN_REQUEST_ID.test(h) ? h : crypto.randomUUID();
    },
    requestIdHeader: false,
    ajv: undefined,
    // The router's own refusals (a parameter over 100 characters, a malformed URL) answer in the envelope too.
    frameworkErrors: (err, req, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      const tooLong = (err as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = translate(tooLong ? 'common.param_too_long' : 'common.bad_url', langOf(req));
      (reply as FastifyReply).code(status).send(errorBody(req, status, tooLong ? 'PARAM_TOO_LONG' : 'BAD_URL', message));
    },
  });

  const db =
    opts.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      appDatabaseUrl: config.appDatabaseUrl,
      secretsDir: config.dataDir,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: config.dbPoolSize,
    }));
  if (!opts.skipMigrations) {
    await migrate(db, (m) => app.log.info(m));
  }
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('notifier', createNotifier({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, smsUrl: config.smsUrl, log: app.log }));
  app.decorate('storage', createStorage(process.env, config.dataDir));
  if (!opts.db) app.addHook('onClose', async () => db.close());

  // zod validates every request part; failures carry the issues to the error handler.
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    const r = (schema as ZodType).safeParse(data, { reportInput: true });
    if (r.success) return { value: r.data };
    const err = new RequestValidationError(r.error.issues as unknown as RequestValidationError['issues']);
    err.validationContext = httpPart;
    return { error: err };
  });
  requestHooks(app);
  app.addHook('onClose', async () => {
    (app.log as { flush?: () => void }).flush?.();
  });

  await app.register(envelopePlugin);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by the onSend hook above, over HTTPS only.
    strictTransportSecurity: false,
  });
  if (config.corsOrigin) {
    await app.register(cors, { origin: config.corsOrigin.split(',').map((s) => s.trim()), credentials: false });
  }
  await app.register(formbody);
  // Uploads (photos, documents, spreadsheets): routes read them with req.file() and may lower these limits.
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 5, fields: 50 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (req, ctx) => {
      const minutes = Math.max(1, Math.ceil(Number(ctx.ttl) / 60000));
      const lang = (req.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'id';
      const message =
        lang === 'en'
          ? `Too many requests. Try again in ${minutes} minutes.`
          : `Terlalu banyak permintaan. Coba lagi dalam ${minutes} menit.`;
      return { ...errorBody(req, 429, 'TOO_MANY_REQUESTS', message), statusCode: 429 };
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Koperasi back office API', version: config.version, description: 'Envelope: {status, code, message, data}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin);
  await app.register(idempotencyPlugin);

  const modules = await loadModules();
  for (const m of modules) {
    if (m.routes) await app.register(m.routes);
  }

  if (opts.jobs) {
    // One job runner (pg-boss) for every module's background work; stopped before the database closes.
    const stops: Array<() => Promise<void> | void> = [];
    app.addHook('onReady', async () => {
      const runner = await startRunner(db, app.log);
      stops.push(() => runner.stop());
      for (const m of modules) {
        const stop = await m.startJobs?.(app, runner);
        if (stop) stops.unshift(stop);
      }
    });
    app.addHook('onClose', async () => {
      for (const s of stops) await s();
    });
  }

  // The built web app, with client-side routes falling back to index.html.
  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0];
    if (hasWeb && req.method === 'GET' && !pathOnly.startsWith('/api') && !pathOnly.startsWith('/oauth')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(errorBody(req, 404, 'ROUTE_NOT_FOUND', translate('common.route_not_found', langOf(req), { path: pathOnly })));
  });

  return app;
}
