/**
 * Backup and restore (apps/api/src/ops/backup.ts, `npm run backup` / `npm run
 * restore`): a cooperative with members, savings movements and journals is
 * backed up, restored into a fresh database, and every row of every
 * tenant-owned table (journals, lines, balances, members, accounts,
 * movements...) is found equal. PostgreSQL when TEST_DATABASE_URL is set and
 * pg_dump exists; the embedded database (PGlite) always.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../src/ops/backup.ts';
import { body, newTenant, PASSWORD, TEST_DATA_DIR, unique, uniquePhone } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { defaultProducts } from './reconcile.ts';

const url = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** Row count and checksum of the tenant's rows, table by table (every table with a tenant_id column). */
async function fingerprint(query: Query, tenantId: string): Promise<Record<string, string>> {
  const tables = await query(
    `SELECT table_name AS t FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [r] = await query(
      `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM "${t}" x WHERE tenant_id = $1`,
      [tenantId],
    );
    out[t as string] = `${r.n}:${r.h}`;
  }
  return out;
}

describe.runIf(Boolean(url) && hasPgDump)('backup and restore on PostgreSQL', () => {
  it('pg_dump custom format restored into a fresh database holds every journal, balance and member', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const m = await createActiveMember(t.admin, { fullName: 'Dewi Lestari', gender: 'P' });
    const open = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId: p.voluntary,
      initialDeposit: 500000,
    });
    expect(open.statusCode, open.body).toBe(200);
    const account = body<{ account: { id: string } }>(open).data.account;
    const dep = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: account.id, amount: 125000.5 });
    expect(dep.statusCode, dep.body).toBe(200);

    const dir = mkdtempSync(path.join(tmpdir(), 'koperasi-backup-'));
    const file = path.join(dir, 'koperasi.dump');
    const name = `${new URL(url as string).pathname.slice(1)}_restore_${process.pid}`;
    const fresh = new URL(url as string);
    fresh.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const target = new pg.Client({ connectionString: fresh.toString() });
    try {
      await backupPostgres(url as string, file);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await restorePostgres(fresh.toString(), file, { dataDir: TEST_DATA_DIR });
      await target.connect();
      const q =
        (c: pg.Client): Query =>
        async (text, params) =>
          (await c.query(text, params as unknown[])).rows;
      const before = await fingerprint(q(admin), t.tenantId);
      const after = await fingerprint(q(target), t.tenantId);
      expect(before.journal).toMatch(/^[1-9]/);
      expect(before.member).toMatch(/^1:/);
      expect(before.ledger_balance).toMatch(/^[1-9]/);
      expect(after).toEqual(before);
      // The restored database is ready for the application: its role logs in and sees the tenant through RLS only.
      await expect(restorePostgres(fresh.toString(), file, { dataDir: TEST_DATA_DIR })).rejects.toThrow(/not empty/);
    } finally {
      await target.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('backup and restore of the embedded database (PGlite)', () => {
  it('the data directory tarball restored into an empty directory holds the same rows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'koperasi-pglite-backup-'));
    const source = path.join(dir, 'source');
    const restored = path.join(dir, 'restored');
    const file = path.join(dir, 'backup.tar.gz');
    let db: Db | null = await createPgliteDb(source);
    try {
      await migrate(db);
      const info = await createTenant(db, {
        name: `Koperasi Cadangan ${unique()}`,
        cooperativeType: 'KSP',
        fullName: 'Admin Cadangan',
        email: `cadangan-${unique()}@test.koperasi.id`,
        phone: uniquePhone(),
        password: PASSWORD,
        active: true,
        stepConfiguration: 3,
      });
      const q =
        (d: Db): Query =>
        (text, params) =>
          d.owner((tx) => tx.query(text, params));
      const before = await fingerprint(q(db), info.tenantId);
      expect(before.coa_account).toMatch(/^[1-9]/);
      expect(before.app_user).toMatch(/^1:/);
      await db.close();
      db = null;
      await backupPglite(source, file);
      await restorePglite(restored, file);
      db = await createPgliteDb(restored);
      const after = await fingerprint(q(db), info.tenantId);
      expect(after).toEqual(before);
      await expect(restorePglite(restored, file)).rejects.toThrow(/not empty/);
    } finally {
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
