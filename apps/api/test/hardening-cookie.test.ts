/**
 * Issue 18: the web app's token lives in an HttpOnly cookie the server sets,
 * cookie-authenticated writes need the CSRF header, bearer headers keep
 * working; HSTS only over HTTPS; a client's x-request-id only when plain.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { newTenant, PASSWORD, testDb } from './helpers.ts';

const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

function cookiesOf(res: { headers: Record<string, unknown> }): string[] {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? (h as string[]) : h ? [String(h)] : [];
}

describe('web session cookie', () => {
  it('sets the token HttpOnly, SameSite=Strict, 7 days; cookie writes need the CSRF header; logout clears it', async () => {
    const t = await newTenant();
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { username: t.email, password: PASSWORD, grant_type: 'password' },
      headers: { authorization: BASIC, 'x-session': 'cookie' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeUndefined();
    const set = cookiesOf(res);
    const token = set.find((c) => c.startsWith('token='))!;
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Strict/);
    expect(token).toMatch(/Max-Age=604800/);
    expect(token).toMatch(/Path=\//);
    expect(token).not.toMatch(/Secure/); // plain HTTP here
    const csrf = set.find((c) => c.startsWith('csrf_token='))!;
    expect(csrf).not.toMatch(/HttpOnly/);
    const tokenValue = token.split(';')[0].slice('token='.length);
    const csrfValue = csrf.split(';')[0].slice('csrf_token='.length);
    const cookie = `token=${tokenValue}; csrf_token=${csrfValue}`;

    expect((await t.app.inject({ method: 'GET', url: '/api/users/detail', headers: { cookie } })).statusCode).toBe(200);
    const area = { name: `Area ${Date.now()}` };
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/area', payload: area, headers: { cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errorCode).toBe('CSRF_FAILED');
    const wrongCsrf = await t.app.inject({ method: 'POST', url: '/api/area', payload: area, headers: { cookie, 'x-csrf-token': 'nope' } });
    expect(wrongCsrf.statusCode).toBe(403);
    const withCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/area',
      payload: area,
      headers: { cookie, 'x-csrf-token': csrfValue },
    });
    expect(withCsrf.statusCode).toBe(200);
    // Bearer clients need no CSRF header.
    expect((await t.admin.post('/api/area', { name: `Area B ${Date.now()}` })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie, 'x-csrf-token': csrfValue } });
    expect(out.statusCode).toBe(200);
    expect(cookiesOf(out).find((c) => c.startsWith('token='))).toMatch(/Max-Age=0/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/detail', headers: { cookie } })).statusCode).toBe(401);
  });

  it('accepts a plain x-request-id only, and sends no HSTS over plain HTTP', async () => {
    const t = await newTenant();
    const plain = await t.admin.get('/api/users/detail', undefined, { 'x-request-id': 'abc-123.X_y' });
    expect(plain.headers['x-request-id']).toBe('abc-123.X_y');
    const odd = await t.admin.get('/api/users/detail', undefined, { 'x-request-id': 'bad id<script>' });
    expect(odd.headers['x-request-id']).not.toBe('bad id<script>');
    expect(String(odd.headers['x-request-id'])).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    const long = await t.admin.get('/api/users/detail', undefined, { 'x-request-id': 'a'.repeat(65) });
    expect(long.headers['x-request-id']).not.toBe('a'.repeat(65));
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a trusted proxy saying HTTPS', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  afterAll(async () => app?.close());
  it('marks the cookie Secure and sends HSTS', async () => {
    const t = await newTenant();
    app = await buildApp({
      db: await testDb(),
      skipMigrations: true,
      logger: false,
      config: {
        jwtSecret: 'test-secret-0123456789-abcdefghijklmnop',
        dataDir: process.env.TEST_DATA_DIR ?? '/tmp/koperasi-test-data',
        authRateLimitPerMinute: 10_000,
        trustProxy: true,
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { username: t.email, password: PASSWORD, grant_type: 'password' },
      headers: { authorization: BASIC, 'x-session': 'cookie', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res).find((c) => c.startsWith('token='))).toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
