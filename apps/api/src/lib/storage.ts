/**
 * File storage behind one interface: a directory by default
 * (STORAGE_DIR, default DATA_DIR/files), an S3-compatible bucket when
 * S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are set (MinIO, AWS,
 * Wasabi...; requests are signed with AWS Signature V4, path-style URLs).
 *
 * Keys are always `<tenantId>/<area>/<name>`; callers never build paths from
 * user input, and the directory backend refuses keys that would escape its root.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly kind: 'dir' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
function checkKey(key: string) {
  if (!KEY_RE.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}

export function createDirStorage(root: string): Storage {
  const resolve = (key: string) => {
    checkKey(key);
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return p;
  };
  return {
    kind: 'dir',
    async put(key, body, contentType) {
      const p = resolve(key);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, body);
      await writeFile(`${p}.type`, contentType);
    },
    async get(key) {
      const p = resolve(key);
      try {
        const [body, type] = await Promise.all([readFile(p), readFile(`${p}.type`, 'utf8').catch(() => 'application/octet-stream')]);
        return { body, contentType: type };
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const p = resolve(key);
      await rm(p, { force: true });
      await rm(`${p}.type`, { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

const sha256 = (v: string | Buffer) => createHash('sha256').update(v).digest('hex');
const hmac = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest();

/** AWS Signature V4 headers for one request. */
export function signS3(
  o: S3Options,
  method: string,
  url: URL,
  body: Buffer | null,
  extra: Record<string, string> = {},
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body ?? '');
  const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate, ...extra };
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [
    method,
    url.pathname,
    url.searchParams.toString(),
    ...names.map((n) => `${n}:${lower[n]}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${o.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${o.secretKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, o.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${o.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

export function createS3Storage(o: S3Options): Storage {
  const urlOf = (key: string) => {
    checkKey(key);
    return new URL(`${o.endpoint.replace(/\/$/, '')}/${o.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`);
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const url = urlOf(key);
      const res = await fetch(url, { method: 'PUT', body, headers: signS3(o, 'PUT', url, body, { 'content-type': contentType }) });
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status}`);
    },
    async get(key) {
      const url = urlOf(key);
      const res = await fetch(url, { headers: signS3(o, 'GET', url, null) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
      return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const url = urlOf(key);
      const res = await fetch(url, { method: 'DELETE', headers: signS3(o, 'DELETE', url, null) });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
    },
  };
}

export function createStorage(env: NodeJS.ProcessEnv, dataDir: string): Storage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY && env.S3_SECRET_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      region: env.S3_REGION ?? 'us-east-1',
    });
  }
  return createDirStorage(env.STORAGE_DIR ?? path.join(dataDir, 'files'));
}
