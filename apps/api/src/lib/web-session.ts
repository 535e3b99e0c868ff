/**
 * The web app's session cookie (issue 18). The server, not the page's
 * scripts, keeps the access token: at sign-in with `X-Session: cookie` it
 * sets `token` (HttpOnly; SameSite=Strict; Path=/; 7 days, TOKEN_TTL_SECONDS;
 * Secure over HTTPS or behind a trusted proxy saying so) and `csrf_token`, a
 * random value the page reads and echoes in `X-CSRF-Token` on every write
 * (double submit: another site can neither read the cookie nor set the
 * header). Requests authenticated by the cookie that change something
 * (POST, PUT, PATCH, DELETE) without the matching header are refused (403
 * CSRF_FAILED). Bearer headers (API clients) need no CSRF header: a browser
 * never sends them on its own. Logout clears both cookies.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TOKEN_COOKIE = 'token';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** The request's cookies (the `Cookie` header, parsed; values URI-decoded). */
export function cookiesOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const h = req.headers.cookie;
  if (!h) return out;
  for (const part of h.split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[name] = part.slice(i + 1).trim();
    }
  }
  return out;
}

/** HTTPS as the client sees it: the connection, or a trusted proxy's X-Forwarded-Proto (TRUST_PROXY). */
export function isHttps(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

function cookie(name: string, value: string, maxAge: number, opts: { httpOnly: boolean; secure: boolean }): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'SameSite=Strict',
    ...(opts.httpOnly ? ['HttpOnly'] : []),
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, ttlSeconds: number): void {
  const secure = isHttps(req);
  reply.header('set-cookie', [
    cookie(TOKEN_COOKIE, token, ttlSeconds, { httpOnly: true, secure }),
    cookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), ttlSeconds, { httpOnly: false, secure }),
  ]);
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const secure = isHttps(req);
  reply.header('set-cookie', [
    cookie(TOKEN_COOKIE, '', 0, { httpOnly: true, secure }),
    cookie(CSRF_COOKIE, '', 0, { httpOnly: false, secure }),
  ]);
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie-authenticated request that changes something carries the CSRF cookie's value in X-CSRF-Token. */
export function csrfOk(req: FastifyRequest, cookies: Record<string, string>): boolean {
  if (SAFE.has(req.method)) return true;
  const header = req.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  const expected = cookies[CSRF_COOKIE];
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A client's x-request-id is kept only when it is a plain token; otherwise the server makes one. */
export const PLAIN_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
