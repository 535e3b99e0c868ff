import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Ctx, ctxOf, withTx } from '../src/lib/context.ts';
import { badRequest, IdempotentReplay } from '../src/lib/errors.ts';
import { ok } from '../src/lib/http.ts';
import { signAccessToken, verifyAccessToken } from '../src/lib/tokens.ts';
import { body, newTenant, PASSWORD, signIn, testApp, testDb } from './helpers.ts';

describe('envelope and errors', () => {
  it('health answers the database kind and version', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const b = body<{ db: string; version: string }>(res);
    expect(b).toMatchObject({ status: true, code: 200 });
    expect(b.data.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(b.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('unknown routes get a 404 envelope in the caller language', async () => {
    const app = await testApp();
    const id = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(id.statusCode).toBe(404);
    expect(body(id)).toMatchObject({
      status: false,
      code: 404,
      errorCode: 'ROUTE_NOT_FOUND',
      message: 'Alamat tidak ditemukan: /api/nope',
    });
    const en = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(body(en).message).toBe('No such endpoint: /api/nope');
    const other = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(body(other).message).toBe('No such endpoint: /api/nope');
  });

  it('bad JSON and oversized bodies get clear envelopes, not 500', async () => {
    const t = await newTenant();
    const bad = await t.admin.inject({
      method: 'POST',
      url: '/api/tenant/onboarding',
      payload: '{"saving":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ status: false, code: 400, message: 'Format data tidak valid' });
    const big = await t.admin.inject({
      method: 'POST',
      url: '/api/tenant/onboarding',
      payload: JSON.stringify({ saving: { blob: 'x'.repeat(1_100_000) } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(body(big).message).toBe('Data yang dikirim terlalu besar');
  });

  it('sends request ids and security headers', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/users/detail');
    expect(Object.keys(doc.paths)).toContain('/oauth/token');
  });

  it('every /api route declares its access', async () => {
    const app = await testApp();
    expect(app.routeRegistry.length).toBeGreaterThan(5);
    for (const r of app.routeRegistry) expect(r.access).toBeTruthy();
    expect(() => app.routeRegistry.find((r) => r.url === '/api/users/detail' && r.method === 'GET')!.access === 'auth').not.toThrow();
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer of a POST and refuses the key for another body', async () => {
    const t = await newTenant();
    const key = `k-${crypto.randomUUID()}`;
    const first = await t.admin.post('/api/tenant/onboarding', { saving: { a: 1 }, loan: {} }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const again = await t.admin.post('/api/tenant/onboarding', { saving: { a: 1 }, loan: {} }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'tenant.onboarding'"),
    );
    expect(audits?.n).toBe(1);
    const other = await t.admin.post('/api/tenant/onboarding', { saving: { a: 2 }, loan: {} }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(body(other).message).toBe('Idempotency-Key sudah dipakai untuk permintaan yang berbeda');
  });

  it('keys are per tenant', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const key = `k-${crypto.randomUUID()}`;
    expect((await a.admin.post('/api/tenant/onboarding', { saving: {}, loan: {} }, { 'idempotency-key': key })).statusCode).toBe(200);
    const resB = await b.admin.post('/api/tenant/onboarding', { saving: { x: 1 }, loan: {} }, { 'idempotency-key': key });
    expect(resB.statusCode).toBe(200);
    expect(resB.headers['idempotent-replayed']).toBeUndefined();
  });

  it('transactional mode: concurrent duplicates run the work once and replay its answer', async () => {
    const t = await newTenant();
    const ctx: Ctx = {
      db: t.app.db,
      tenantId: t.tenantId,
      userId: t.adminUserId,
      principal: null,
      requestId: 'test',
      ip: null,
      userAgent: null,
      lang: 'id',
    };
    const key = `k-${crypto.randomUUID()}`;
    const run = (n: number) =>
      withTx(
        { ...ctx, idem: { key, hash: 'same-hash', method: 'POST', path: '/x' } },
        async (tx) => {
          await tx.exec("INSERT INTO tenant_config (tenant_id, key, value) VALUES ($1, $2, '1')", [t.tenantId, `run-${n}`]);
          return { n };
        },
        { idempotent: true },
      );
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => run(i)));
    const done = results.filter((r) => r.status === 'fulfilled');
    const replays = results.filter((r) => r.status === 'rejected' && r.reason instanceof IdempotentReplay);
    expect(done).toHaveLength(1);
    expect(replays).toHaveLength(19);
    const rows = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>("SELECT count(*)::int AS n FROM tenant_config WHERE key LIKE 'run-%'"),
    );
    expect(rows?.n).toBe(1);
    const replayed = (replays[0] as PromiseRejectedResult).reason as IdempotentReplay;
    expect(replayed.body).toMatchObject({ status: true, data: (done[0] as PromiseFulfilledResult<unknown>).value });
  });
});

describe('transactional routes: no look-up before the handler', () => {
  it('a failure before the transaction claimed the key answers what a look-up first would have', async () => {
    // An app with one extra transactional route that can fail before its transaction (as a check before withTx does).
    const db = await testDb();
    const base = await testApp();
    const app = await buildApp({ db, skipMigrations: true, logger: false, config: base.config });
    app.register(async (i) => {
      i.post('/api/test/transactional', { config: { auth: true, idempotency: 'transactional' } }, async (req) => {
        if (req.headers['x-fail-before']) throw badRequest('VALIDATION_FAILED', 'common.validation_failed');
        return ok(await withTx(ctxOf(req), async () => ({ done: (req.body as { n: number }).n }), { idempotent: true }));
      });
    });
    await app.ready();
    const t = await newTenant();
    const token = (await signIn(app, t.email, PASSWORD)).json().access_token as string;
    const post = (n: number, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/test/transactional',
        payload: { n },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k-fallback', ...headers },
      });
    const first = await post(1);
    expect(first.statusCode).toBe(200);
    // The retry fails before it reaches its transaction: the stored answer is replayed.
    const retry = await post(1, { 'x-fail-before': '1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The same key for another request: 409, also when failing early.
    const other = await post(2, { 'x-fail-before': '1' });
    expect(other.statusCode).toBe(409);
    expect(body(other).message).toBe('Idempotency-Key sudah dipakai untuk permintaan yang berbeda');
    // Without a stored answer the handler's own error stands.
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/test/transactional',
      payload: { n: 3 },
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k-fresh', 'x-fail-before': '1' },
    });
    expect(fresh.statusCode).toBe(400);
    await app.close();
  });
});

describe('access tokens', () => {
  it('verifies HS256 with the key imported once; refuses other algorithms, tampering, future nbf and missing expiry', async () => {
    const secret = 'test-secret-0123456789-abcdefghijklmnop';
    const claims = { userId: crypto.randomUUID(), tenantId: crypto.randomUUID(), sessionId: crypto.randomUUID() };
    const good = await signAccessToken(secret, claims, 600);
    expect(await verifyAccessToken(secret, good)).toEqual(claims);
    const [h, p, s] = good.split('.');
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const sign = async (header: object, body: object) => {
      const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]);
      const data = `${b64(header)}.${b64(body)}`;
      return `${data}.${Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(data))).toString('base64url')}`;
    };
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256' }, payload))).toEqual(claims);
    expect(await verifyAccessToken(secret, `${b64({ alg: 'none' })}.${p}.`)).toBeNull();
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS512' }, payload))).toBeNull();
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256', crit: ['x'] }, payload))).toBeNull();
    expect(await verifyAccessToken(secret, `${h}.${b64({ ...payload, sub: crypto.randomUUID() })}.${s}`)).toBeNull();
    expect(await verifyAccessToken(secret, `${h}.${p}.${s}x`)).toBeNull();
    expect(await verifyAccessToken(secret, `${h}.${p}.${s}!`)).toBeNull();
    expect(await verifyAccessToken('another-secret-0123456789abcdefghij', good)).toBeNull();
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256' }, { ...payload, nbf: payload.iat + 3600 }))).toBeNull();
    const { exp: _exp, ...noExp } = payload;
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256' }, noExp))).toBeNull();
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256' }, { ...payload, iss: 'other' }))).toBeNull();
    expect(await verifyAccessToken(secret, await sign({ alg: 'HS256' }, { ...payload, typ: 'activation' }))).toBeNull();
  });

  it('a token verified before (remembered) is refused once it expires, and under another secret', async () => {
    const secret = 'test-secret-0123456789-abcdefghijklmnop';
    const claims = { userId: crypto.randomUUID(), tenantId: crypto.randomUUID(), sessionId: crypto.randomUUID() };
    const token = await signAccessToken(secret, claims, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1_000);
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
      expect(await verifyAccessToken('another-secret-0123456789abcdefghij', token)).toBeNull();
      vi.setSystemTime(Date.now() + 60_000);
      expect(await verifyAccessToken(secret, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
