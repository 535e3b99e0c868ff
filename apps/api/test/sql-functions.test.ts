/**
 * Live SQL functions in src/db/functions (db/functions.ts): the database holds
 * exactly the functions of the files, each defined and granted as its file
 * says; a changed file is applied again; migrations no longer define functions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFunctions, functionDrift, functionDriftIn, listFunctionFiles } from '../src/db/functions.ts';
import { listMigrations, migrationsDir } from '../src/db/migrate.ts';
import { testDb } from './helpers.ts';

/** Migrations written before src/db/functions existed: the only ones that may create functions. */
const BEFORE_THE_FOLDER = new Set([
  '0001_platform.sql',
  '0003_auth_principal_cached_plan.sql',
  '0004_auth_principal_digest.sql',
  // Written beside the functions folder (issue 18), before the two met: its trigger function lives in the folder now.
  '0010_login_directory.sql',
  '0100_ledger.sql',
  '0101_ledger_post_arrays.sql',
  '0102_ledger_post_lock_later.sql',
  '0105_ledger_numbers_after_commit.sql',
  '0106_ledger_number_in_commit_round_trip.sql',
  '0301_member_search.sql',
  '0303_member_search_plans.sql',
  '0304_member_search_probe.sql',
  '0305_member_inactive_indexes.sql',
  '0400_products_savings.sql',
  '0401_savings_hot_path.sql',
  '0402_savings_journal_link.sql',
  '0403_savings_one_round_trip.sql',
  '0404_savings_batched_moves.sql',
]);

describe('SQL functions folder', () => {
  it('the database holds exactly the functions of src/db/functions, as written there', async () => {
    const db = await testDb();
    expect(await functionDrift(db)).toEqual([]);
  });

  it('reports a function changed, added or dropped behind the files', async () => {
    const db = await testDb();
    const rollback = new Error('rollback');
    let drift: string[] = [];
    await expect(
      db.owner(async (tx) => {
        await tx.exec(`CREATE FUNCTION drift_probe() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
        await tx.exec(`CREATE OR REPLACE FUNCTION ledger_journal_number(p_year integer, p_seq integer) RETURNS text
                       LANGUAGE sql IMMUTABLE AS $$ SELECT 'x' $$`);
        await tx.exec('DROP FUNCTION saving_mandatory_due(uuid, date, date, text)');
        await tx.exec('REVOKE EXECUTE ON FUNCTION auth_find_login(text) FROM koperasi_app');
        drift = await functionDriftIn(tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(drift).toEqual([
      expect.stringMatching(/^auth_find_login\(p_login text\): grants differ/),
      'drift_probe(): in the database, in no file of src/db/functions',
      "ledger_journal_number(p_year integer, p_seq integer): the database's definition differs from src/db/functions",
      'saving_mandatory_due(p_product uuid, p_first date, p_through date, p_period text): in src/db/functions, not in the database',
    ]);
    expect(await functionDrift(db)).toEqual([]);
  });

  it('applies a file again when its content changed since it was applied', async () => {
    const db = await testDb();
    const file = listFunctionFiles().find((f) => f.name === 'touch_updated_date')!;
    await db.owner((tx) => tx.exec(`UPDATE schema_functions SET checksum = 'stale' WHERE name = 'touch_updated_date'`));
    expect(await applyFunctions(db)).toContain('touch_updated_date');
    const row = await db.owner((tx) =>
      tx.one<{ checksum: string }>(`SELECT checksum FROM schema_functions WHERE name = 'touch_updated_date'`),
    );
    expect(row?.checksum).toBe(file.checksum);
    expect(await applyFunctions(db)).toEqual([]);
  });

  it('has one file per function name, and no migration written since defines a function', () => {
    for (const f of listFunctionFiles()) {
      const created = [...f.sql.matchAll(/CREATE OR REPLACE FUNCTION ([a-z0-9_]+)\s*\(/g)].map((m) => m[1]);
      expect(created.length, f.name).toBeGreaterThan(0);
      expect(new Set(created), f.name).toEqual(new Set([f.name]));
    }
    const offending = listMigrations()
      .filter((m) => !BEFORE_THE_FOLDER.has(m.name))
      .filter((m) => /CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i.test(readFileSync(path.join(migrationsDir, m.name), 'utf8')))
      .map((m) => m.name);
    expect(offending, 'write functions in src/db/functions/<name>.sql, not in a migration').toEqual([]);
  });
});
