/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file>`: the database of
 * this configuration (DATABASE_URL, else the embedded PGlite under DATA_DIR).
 * See ./backup.ts and README "Backup and restore".
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';

const [command, fileArg] = process.argv.slice(2);
// Only the database settings are needed: no JWT secret is created by a backup.
const config = loadConfig({ jwtSecret: 'unused-by-backup' });
const pgliteDir = path.join(config.dataDir, 'pglite');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

try {
  if (command === 'backup') {
    const file = fileArg ?? path.join('backups', `koperasi-${stamp}.${config.databaseUrl ? 'dump' : 'pglite.tar.gz'}`);
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
    else await backupPglite(pgliteDir, file);
    console.log(`backup written: ${path.resolve(file)}`);
  } else if (command === 'restore') {
    if (!fileArg) throw new Error('usage: npm run restore -- <backup file>');
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, fileArg, { dataDir: config.dataDir, appUrl: config.appDatabaseUrl });
    else await restorePglite(pgliteDir, fileArg);
    console.log(`restored ${path.resolve(fileArg)} into ${config.databaseUrl ? 'the DATABASE_URL database' : pgliteDir}`);
  } else {
    throw new Error('usage: backup-cli.ts backup [file] | restore <file>');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
