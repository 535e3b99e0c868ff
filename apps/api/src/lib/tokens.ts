/**
 * Signed tokens (HS256 JWT): access tokens carry user, tenant and session id;
 * activation links carry the tenant. Revocation is by session row, checked on
 * every request.
 */
import { createHash, randomInt, webcrypto } from 'node:crypto';
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

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.tid !== 'string' || !payload.sub || !payload.jti) return null;
    return { userId: payload.sub, tenantId: payload.tid, sessionId: payload.jti };
  } catch {
    return null;
  }
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
