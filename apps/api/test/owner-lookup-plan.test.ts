/**
 * The movements' composite foreign keys (member_transaction → member_saving and deposit by tenant, id, member and
 * product) must find the account through a key, not through the product index, even before the table has statistics
 * (a new cooperative's first bulk load, migration 1630): on a copy of each table with its indexes, 40,000 accounts of
 * one product and no ANALYZE, the generic plan of PostgreSQL's own foreign-key check query must not scan the product.
 * Before 1630 it chose `(tenant_id, product_id, status)` and confirming 40,000 migrated accounts took 43 s.
 */
import { describe, expect, it } from 'vitest';
import { testDb } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

async function planOf(table: 'member_saving' | 'deposit', fill: string): Promise<string> {
  const db = await testDb();
  return db.owner(async (tx) => {
    await tx.exec(`CREATE TEMP TABLE owner_copy (LIKE ${table} INCLUDING INDEXES INCLUDING DEFAULTS) ON COMMIT DROP`);
    await tx.exec(fill);
    await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.exec(
      `PREPARE owner_check(uuid, uuid, uuid, uuid) AS
         SELECT 1 FROM ONLY owner_copy x WHERE tenant_id = $1 AND id = $2 AND member_id = $3 AND product_id = $4 FOR KEY SHARE OF x`,
    );
    try {
      const rows = await tx.query<{ 'QUERY PLAN': string }>('EXPLAIN EXECUTE owner_check(NULL, NULL, NULL, NULL)');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await tx.exec('DEALLOCATE owner_check');
    }
  });
}

describe.runIf(Boolean(url))('the account check of a movement before statistics exist (PostgreSQL)', () => {
  it('member_saving: by key, not by product', async () => {
    const plan = await planOf(
      'member_saving',
      `INSERT INTO owner_copy (tenant_id, id, account_number, member_id, product_id, kind, saving_type, status)
       SELECT '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 'S.' || g, gen_random_uuid(),
              '00000000-0000-4000-8000-000000000002', 'SAVING', 'VOLUNTARY', 'ACTIVE'
       FROM generate_series(1, 40000) g`,
    );
    expect(plan).toMatch(/Index Cond: \(\(tenant_id = \$1\) AND \(id = \$2\)/);
    expect(plan).not.toMatch(/product_id_status/);
  });

  it('deposit: by key, not by product', async () => {
    const plan = await planOf(
      'deposit',
      `INSERT INTO owner_copy (tenant_id, id, account_number, certificate_number, member_id, product_id, status, principal, placed_amount,
                               tenor, rate, day_count, terms_version, start_date, maturity_date, placed_date, paid_through,
                               interest_destination, rollover, funding)
       SELECT '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 'D.' || g, 'C.' || g, gen_random_uuid(),
              '00000000-0000-4000-8000-000000000002', 'ACTIVE', 1000000, 1000000, 12, 5, 'MONTHLY', 1,
              '2026-01-01', '2027-01-01', '2026-01-01', '2026-01-01', 'SAVING', 'NONE', 'CASH'
       FROM generate_series(1, 40000) g`,
    );
    expect(plan).toMatch(/Index Cond: \(\(tenant_id = \$1\) AND \(id = \$2\)/);
    expect(plan).not.toMatch(/product_id_status/);
  });
});
