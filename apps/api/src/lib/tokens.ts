/**
 * Signed tokens (HS256 JWT): access tokens carry user, tenant and session id;
 * activation links carry the tenant. Revocation is by session row, checked on
 * every request.
 */
import { createHash, createHmac, createSecretKey, type KeyObject, randomInt, timingSafeEqual, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'koperasi';

export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
}

/**
 * The HMAC key of a secret, imported once. jose imports a raw secret into a
 * WebCrypto key on every call (about 0.1 ms of CPU per request); the secret
 * never changes while the process runs, so the imported key is kept.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}

export async function signAccessToken(secret: string, c: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ tid: c.tenantId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(c.userId)
    .setJti(c.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await key(secret));
}

/** The same secret as a node:crypto key object, created once: HMAC on the request's own thread. */
const hmacKeys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let k = hmacKeys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, k);
  }
  return k;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies an access token on every request: HS256 with node:crypto's HMAC and
 * a constant-time comparison (WebCrypto's verify, as jose does it, costs a
 * thread-pool round trip, about 0.5 ms of CPU per request on a loaded 2-core
 * machine). The checks are jose's for these tokens: compact form, header
 * `alg: HS256` and no `crit`, signature, issuer, expiry (required), not
 * before, then our claims (typ access, sub, tid, jti).
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const now = Math.floor(Date.now() / 1000);
  // A token verified before: only the time checks can change their answer (everything else is a function of the
  // token's text and the secret), so they run again and the signature, parsing and claim checks do not.
  const seen = verified.get(token);
  if (seen && seen.secret === secret) {
    if (seen.exp <= now) {
      verified.delete(token);
      return null;
    }
    return seen.nbf !== undefined && seen.nbf > now ? null : seen.claims;
  }
  const claims = verifySigned(secret, token, now);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  }
  return claims?.claims ?? null;
}

interface Verified {
  secret: string;
  claims: AccessClaims;
  exp: number;
  nbf: number | undefined;
}

/**
 * Access tokens whose signature and claims were verified, with their time limits (HMAC, two base64url and JSON
 * decodings and the checks cost ~40 µs per request; a teller's client sends the same token for its whole life).
 * Bounded: the oldest entry leaves first. Revocation is unaffected: it is the session row, read (or checked in the
 * transaction) on every request.
 */
const verified = new Map<string, Verified>();
const VERIFIED_MAX = 10_000;

function verifySigned(secret: string, token: string, now: number): Verified | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
  const [h, p, sig] = parts;
  const header = jsonPart(h);
  if (header?.alg !== 'HS256' || header.crit !== undefined || header.b64 === false) return null;
  const expected = createHmac('sha256', hmacKey(secret)).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = jsonPart(p);
  if (!payload) return null;
  if (payload.iss !== ISSUER || typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  if (payload.typ !== 'access' || typeof payload.tid !== 'string' || typeof payload.sub !== 'string' || !payload.sub) return null;
  if (typeof payload.jti !== 'string' || !payload.jti) return null;
  return {
    secret,
    claims: { userId: payload.sub, tenantId: payload.tid, sessionId: payload.jti },
    exp: payload.exp,
    nbf: payload.nbf as number | undefined,
  };
}

export async function signPurposeToken(
  secret: string,
  purpose: string,
  claims: Record<string, string>,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims, typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await key(secret));
}

export async function verifyPurposeToken(secret: string, purpose: string, token: string): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.typ === purpose ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A 6-digit code from the CSPRNG. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}
