/**
 * The benches' settings line (bench/_pg.ts serverSettingsLine, docs/architecture.md "PostgreSQL settings"): a figure
 * is printed with the server's version and the settings it depends on, read from the server it ran on.
 */
import { describe, expect, it } from 'vitest';
import { serverSettingsLine } from '../../../bench/_pg.ts';
import { testDb } from './helpers.ts';

describe('serverSettingsLine', () => {
  it('names the server version and the memory, WAL and durability settings as the server reports them', async () => {
    const db = await testDb();
    const line = await serverSettingsLine(db);
    const shown = await db.owner((tx) => tx.one<{ v: string }>(`SELECT current_setting('shared_buffers') AS v`));
    expect(line).toMatch(/^PostgreSQL \d+(\.\d+)?/);
    expect(line).toContain(`shared_buffers=${shown!.v}`);
    for (const name of ['max_wal_size', 'checkpoint_timeout', 'synchronous_commit', 'autovacuum']) expect(line).toContain(`${name}=`);
  });
});
