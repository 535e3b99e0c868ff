/**
 * Test harness: one database per test worker (PostgreSQL when
 * TEST_DATABASE_URL is set, in-memory PGlite otherwise), the real app on it
 * through `fastify.inject`, and a fresh cooperative per test.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createPgDb, createPgliteDb, type Db, type Tx } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';

let dbPromise: Promise<Db> | null = null;

/** DATA_DIR of the tests: uploaded files and the password of the application's login role (PostgreSQL). */
export const TEST_DATA_DIR = process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data';

export function testDb(): Promise<Db> {
  if (!dbPromise) {
    dbPromise = (async () => {
      const url = process.env.TEST_DATABASE_URL;
      const db = url ? createPgDb(url, 10, { dataDir: TEST_DATA_DIR }) : await createPgliteDb(undefined);
      await migrate(db);
      return db;
    })();
  }
  return dbPromise;
}

/**
 * Runs `fn` in a transaction of the owner that is rolled back afterwards, in the cooperative `tenantId`, with calls of
 * PL/pgSQL functions counted (track_functions): answers fn's result and how often `counted` ran within it. `fn` gets the
 * signed-in principal of `userId` (its latest session and the digest the routes check) to build batch items with.
 */
export async function countCalls<T>(
  tenantId: string,
  userId: string,
  counted: string,
  fn: (tx: Tx, principal: { session: string; digest: string }) => Promise<T>,
): Promise<{ result: T; calls: number }> {
  const db = await testDb();
  const rollback = new Error('rollback');
  let out: { result: T; calls: number } | undefined;
  try {
    await db.owner(async (tx) => {
      await tx.exec(`SET LOCAL track_functions = 'pl'`);
      await tx.exec(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
      const principal = (await tx.one<{ session: string; digest: string }>(
        `SELECT s.id AS session, auth_principal_digest(s.tenant_id, s.id, s.user_id) AS digest
           FROM auth_session s WHERE s.tenant_id = $1 AND s.user_id = $2 ORDER BY s.created_at DESC LIMIT 1`,
        [tenantId, userId],
      ))!;
      const result = await fn(tx, principal);
      const n = await tx.one<{ n: string }>(
        'SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_xact_user_functions WHERE funcname = $1',
        [counted],
      );
      out = { result, calls: Number(n!.n) };
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return out!;
}

let appPromise: Promise<FastifyInstance> | null = null;

/** The app under test (shared by the tests of a worker; each test makes its own tenant). */
export function testApp(): Promise<FastifyInstance> {
  if (!appPromise) {
    appPromise = (async () => {
      const db = await testDb();
      const app = await buildApp({
        db,
        skipMigrations: true,
        logger: false,
        config: {
          jwtSecret: 'test-secret-0123456789-abcdefghijklmnop',
          dataDir: TEST_DATA_DIR,
          authRateLimitPerMinute: 10_000,
          publicUrl: 'http://koperasi.test',
        },
      });
      await app.ready();
      return app;
    })();
  }
  return appPromise;
}

let seq = 0;
/** A unique suffix for e-mails and phones across workers and runs. */
export function unique(): string {
  seq += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${seq}`;
}

/** A unique valid Indonesian mobile number in E.164 (+6281 and 9 random digits; collisions are negligible). */
export function uniquePhone(): string {
  return `+6281${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export const PASSWORD = 'Rahasia-Kuat-2026';

export interface Client {
  token: string;
  get(url: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

function qs(query?: Record<string, unknown>): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

export function client(app: FastifyInstance, token: string): Client {
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  const send = (method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>) =>
    app.inject({ method, url, payload: body as InjectOptions['payload'], headers: { ...auth, ...headers } });
  return {
    token,
    get: (url, query, headers) => app.inject({ method: 'GET', url, query: qs(query), headers: { ...auth, ...headers } }),
    post: (url, body, headers) => send('POST', url, body ?? {}, headers),
    patch: (url, body, headers) => send('PATCH', url, body ?? {}, headers),
    put: (url, body, headers) => send('PUT', url, body ?? {}, headers),
    delete: (url, body, headers) => send('DELETE', url, body, headers),
    inject: (opts) => app.inject({ ...opts, headers: { ...auth, ...(opts.headers ?? {}) } }),
  };
}

const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    query: { username, password, grant_type: 'password' },
    headers: { authorization: BASIC },
  });
}

export interface TestTenant {
  tenantId: string;
  adminUserId: string;
  email: string;
  phone: string;
  password: string;
  admin: Client;
  app: FastifyInstance;
}

/** A fresh, active cooperative with its admin signed in. */
export async function newTenant(opts: { name?: string } = {}): Promise<TestTenant> {
  const app = await testApp();
  const email = `admin-${unique()}@test.koperasi.id`;
  const phone = uniquePhone();
  const info = await createTenant(app.db, {
    name: opts.name ?? `Koperasi Uji ${unique()}`,
    cooperativeType: 'KSP',
    fullName: 'Admin Uji',
    email,
    phone,
    password: PASSWORD,
    active: true,
    stepConfiguration: 3,
  });
  const res = await signIn(app, email, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return {
    tenantId: info.tenantId,
    adminUserId: info.adminUserId,
    email,
    phone,
    password: PASSWORD,
    admin: client(app, res.json().access_token),
    app,
  };
}

/** Parse an envelope response. */
export function body<T = unknown>(
  res: LightMyRequestResponse,
): { status: boolean; code: number; message: string; data: T; errorCode?: string; error?: string } {
  return res.json();
}
