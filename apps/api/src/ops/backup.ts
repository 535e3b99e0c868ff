/**
 * Backup and restore of the whole database (`npm run backup`, `npm run restore`,
 * README "Backup and restore").
 *
 *  - PostgreSQL: `pg_dump --format=custom` of the DATABASE_URL database, and
 *    `pg_restore` into a fresh, empty database (refused when it holds tables),
 *    as the owner; the application's role is created first when the cluster
 *    lacks it (the dump grants it rights), and the migration step then runs as
 *    at start (login role, CONNECT, newer migrations).
 *  - PGlite: the embedded database's data directory as a gzipped tarball
 *    (PGlite's `dumpDataDir`), and back into an empty data directory
 *    (`loadDataDir`). The server must be stopped: PGlite is a single process's
 *    private file.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createPgDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { ensureAppRole, ping, tableCount } from './backup.repo.ts';

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e) => reject(new Error(`${cmd} could not run (${e.message}); install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim()}`))));
  });
}

/** `pg_dump --format=custom` of the database at `url` into `file`. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await run('pg_dump', ['--format=custom', '--compress=6', '--no-password', `--file=${file}`, `--dbname=${url}`]);
  // It holds password hashes and every member's data: readable by its owner only.
  chmodSync(file, 0o600);
}

/**
 * `pg_restore` of `file` into the empty database at `url` (the owner's URL), then the migration step (the
 * application's login role and CONNECT, newer migrations). `dataDir` keeps the login role's password (DATA_DIR).
 */
export async function restorePostgres(url: string, file: string, opts: { dataDir?: string; appUrl?: string } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup file ${file}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if ((await tableCount(c)) > 0) {
      throw new Error('the target database is not empty: restore into a freshly created database (CREATE DATABASE ...)');
    }
    // The dump grants rights to the application's role: a new cluster needs it first (cluster-wide; another may be creating it).
    await ensureAppRole(c);
  } finally {
    await c.end();
  }
  await run('pg_restore', ['--exit-on-error', '--no-owner', '--no-password', '--single-transaction', `--dbname=${url}`, file]);
  const db = createPgDb(url, 2, { dataDir: opts.dataDir, appUrl: opts.appUrl });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

/** The PGlite data directory `dir` (the server stopped) as a gzipped tarball in `file`. */
export async function backupPglite(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    // Everything committed is in the files the tarball copies.
    await db.exec('CHECKPOINT');
    const blob = await db.dumpDataDir('gzip');
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

/** A tarball made by backupPglite into the empty (or missing) PGlite data directory `dir`. */
export async function restorePglite(dir: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup file ${file}`);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: move the current embedded database away first (the server stopped)`);
  }
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await ping(db);
  } finally {
    await db.close();
  }
}
