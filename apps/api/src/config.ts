/**
 * Every setting the server reads, with its default. The README's
 * "Configuration" table mirrors this file; change both together.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when empty the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL URL the application's pool logs in with (a role that is neither superuser nor owner); empty = the
   * DATABASE_URL host with the role koperasi_app and a random password kept in DATA_DIR/app-db-password.
   */
  appDatabaseUrl: string | undefined;
  dataDir: string;
  /** Create the demo cooperative on first start (default on for PGlite, off for PostgreSQL). */
  seedDemo: boolean;
  jwtSecret: string;
  tokenTtlSeconds: number;
  oauthClientId: string;
  oauthClientSecret: string;
  /** Origin used in links sent by e-mail (activation, invitations). */
  publicUrl: string;
  corsOrigin: string | undefined;
  trustProxy: boolean;
  bodyLimit: number;
  /** Largest uploaded file in bytes (multipart). */
  uploadLimit: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
  logLevel: string;
  /** Failed sign-ins allowed per account per hour before it is locked for the rest of the hour (ASVS 2.2.1). */
  loginMaxFailuresPerHour: number;
  /** Requests per minute per IP on sign-in and code endpoints. */
  authRateLimitPerMinute: number;
  dbPoolSize: number;
  webDist: string;
  version: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function int(v: string | undefined, dflt: number): number {
  const n = v ? Number.parseInt(v, 10) : Number.NaN;
  return Number.isFinite(n) ? n : dflt;
}

/** JWT secret: JWT_SECRET, else a random one kept in DATA_DIR so tokens survive restarts. */
function loadSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readVersion(): string {
  try {
    return JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version as string;
  } catch {
    return '0.0.0';
  }
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = process.env;
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  const port = int(env.PORT, 3000);
  const base: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    dataDir,
    seedDemo: bool(env.SEED_DEMO, !databaseUrl),
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir),
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'web-secret',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    corsOrigin: env.CORS_ORIGIN || undefined,
    trustProxy: bool(env.TRUST_PROXY, false),
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    uploadLimit: int(env.UPLOAD_LIMIT, 50 * 1024 * 1024),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Koperasi <no-reply@koperasi.local>',
    smsUrl: env.SMS_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    loginMaxFailuresPerHour: int(env.LOGIN_MAX_FAILURES_PER_HOUR, 100),
    authRateLimitPerMinute: int(env.AUTH_RATE_LIMIT_PER_MINUTE, 30),
    // PostgreSQL's work per request is CPU (WAL flushes are short): about twice the cores keeps them busy; more
    // connections only add switching and lock waits (bench/savings.ts: 2 cores, pool 4 ~ 440/s, 24 ~ 180-330/s).
    dbPoolSize: int(env.DB_POOL_SIZE, Math.max(4, 2 * availableParallelism())),
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    version: readVersion(),
  };
  return { ...base, ...overrides };
}
