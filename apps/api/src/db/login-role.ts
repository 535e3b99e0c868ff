/**
 * PostgreSQL: the application's login role (koperasi_app or APP_DATABASE_URL's user): its URL and derived
 * password, and its creation or correction by the owner.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APP_ROLE } from './core.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface PgOptions {
  /** The application's own URL (APP_DATABASE_URL); by default derived from the owner URL, see appLoginUrl. */
  appUrl?: string;
  /** Where the derived password is kept (DATA_DIR); default DATA_DIR or ./data. */
  dataDir?: string;
}

/**
 * The password of the derived login role: random, created once in `DATA_DIR/app-db-password` (mode 0600). Written
 * to a temporary file and linked into place, so processes starting together all read the one that won.
 */
export function appLoginPassword(dataDir: string): string {
  const file = path.join(dataDir, 'app-db-password');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, randomBytes(24).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The URL the application's pool logs in with: `opts.appUrl` when given (APP_DATABASE_URL), else the owner URL with
 * the user `koperasi_app` and the password kept under DATA_DIR.
 */
export function appLoginUrl(ownerUrl: string, opts: PgOptions = {}): string {
  if (opts.appUrl) return opts.appUrl;
  let u: URL;
  try {
    u = new URL(ownerUrl);
  } catch {
    throw new Error('DATABASE_URL must be a postgres:// URL (or set APP_DATABASE_URL)');
  }
  u.username = APP_ROLE;
  u.password = appLoginPassword(path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? path.join(repoRoot, 'data')));
  return u.toString();
}

/** Role attributes the login role must not have, with the clause that removes each. */
const FORBIDDEN = [
  ['rolsuper', 'NOSUPERUSER'],
  ['rolbypassrls', 'NOBYPASSRLS'],
  ['rolcreaterole', 'NOCREATEROLE'],
  ['rolcreatedb', 'NOCREATEDB'],
  ['rolreplication', 'NOREPLICATION'],
] as const;

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** Errors of two processes creating or altering the same (cluster-wide) role at once: try again. */
const ROLE_RACE = new Set(['42710', '23505', 'XX000', '40001', '40P01']);

/**
 * Creates or corrects the application's login role, as the owner: LOGIN, not superuser, no BYPASSRLS, CREATEROLE,
 * CREATEDB or REPLICATION, not a member of the owner, CONNECT on this database; a role other than koperasi_app
 * (APP_DATABASE_URL) is made a member of koperasi_app. The password is set when the role is created or first given
 * LOGIN, and again when a connection with it is refused. Several databases of one cluster share the role; servers
 * starting together retry the other's concurrent change.
 */
export async function ensureLoginRole(ownerPool: pg.Pool, appUrl: string): Promise<void> {
  const u = new URL(appUrl);
  const name = decodeURIComponent(u.username);
  const password = u.password ? decodeURIComponent(u.password) : null;
  if (!name) throw new Error('APP_DATABASE_URL names no user');
  const pw = password ? ` PASSWORD ${quoteLiteral(password)}` : '';
  for (let attempt = 1; ; attempt++) {
    const c = await ownerPool.connect();
    try {
      const owner = (
        await c.query<{ u: string; su: boolean }>('SELECT current_user AS u, rolsuper AS su FROM pg_roles WHERE rolname = current_user')
      ).rows[0];
      if (owner.u === name) throw new Error(`the application's login role must not be the owner (${name})`);
      const r = (await c.query('SELECT * FROM pg_roles WHERE rolname = $1', [name])).rows[0] as Record<string, unknown> | undefined;
      if (!r) {
        await c.query(
          `CREATE ROLE ${quoteIdent(name)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION${name === APP_ROLE ? ' NOINHERIT' : ''}${pw}`,
        );
      } else {
        const fix: string[] = FORBIDDEN.filter(([col]) => r[col]).map(([, clause]) => clause);
        if (!r.rolcanlogin) fix.push('LOGIN');
        if (fix.length) await c.query(`ALTER ROLE ${quoteIdent(name)} ${fix.join(' ')}${r.rolcanlogin ? '' : pw}`);
      }
      if (name !== APP_ROLE) {
        const m = await c.query('SELECT pg_has_role($1, $2, $3) AS ok', [name, APP_ROLE, 'MEMBER']);
        if (!m.rows[0].ok) await c.query(`GRANT ${APP_ROLE} TO ${quoteIdent(name)}`);
      }
      const member = await c.query('SELECT pg_has_role($1, current_user, $2) AS ok', [name, 'MEMBER']);
      if (member.rows[0].ok) throw new Error(`the application's login role ${name} is a member of the owner ${owner.u}: revoke it`);
      const db = (await c.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d;
      await c.query(`GRANT CONNECT ON DATABASE ${quoteIdent(db)} TO ${quoteIdent(name)}`);
      c.release();
      break;
    } catch (err) {
      c.release();
      const code = (err as { code?: string }).code;
      if (code && ROLE_RACE.has(code) && attempt < 6) {
        await new Promise((res) => setTimeout(res, 20 * attempt));
        continue;
      }
      throw err;
    }
  }
  if (!password) return;
  // The role existed with another password (set by another DATA_DIR): this server's password wins.
  const probe = new pg.Client({ connectionString: appUrl });
  try {
    await probe.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
    const c = await ownerPool.connect();
    try {
      await c.query(`ALTER ROLE ${quoteIdent(name)}${pw}`);
    } finally {
      c.release();
    }
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }
}
