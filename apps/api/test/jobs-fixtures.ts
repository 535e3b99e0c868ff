/** The test batch of jobs.test.ts: items 000001..N, each writing one audit row (entity job_test) in its chunk. */
import type { Db, Tx } from '../src/db/db.ts';
import type { BatchSpec } from '../src/modules/jobs/batch.ts';

export const TEST_ITEMS = 120;

export function testBatch(db: Db, tenantId: string, key: string): BatchSpec<{ key: string }> {
  return {
    db,
    tenantId,
    name: 'test.batch',
    key,
    chunkSize: 7,
    total: async () => TEST_ITEMS,
    items: (tx, after, limit) =>
      tx.query<{ key: string }>(
        `SELECT lpad(g::text, 6, '0') AS key FROM generate_series(1, $3::int) g
         WHERE $1::text IS NULL OR lpad(g::text, 6, '0') > $1 ORDER BY 1 LIMIT $2`,
        [after, limit, TEST_ITEMS],
      ),
    processChunk: async (tx, items) => {
      await tx.exec(
        `INSERT INTO audit_log (tenant_id, action, entity, entity_id, after)
         SELECT app_tenant(), 'test.batch_item', 'job_test', k, jsonb_build_object('run', $2::text) FROM unnest($1::text[]) AS k`,
        [items.map((i) => i.key), key],
      );
    },
  };
}

/** How many times each item was processed in the run `key`. */
export async function processedCounts(tx: Tx, key: string): Promise<Map<string, number>> {
  const rows = await tx.query<{ k: string; n: number }>(
    `SELECT entity_id AS k, count(*)::int AS n FROM audit_log
     WHERE tenant_id = app_tenant() AND entity = 'job_test' AND after->>'run' = $1 GROUP BY entity_id`,
    [key],
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}
