/**
 * GET /api/jobs/{id} for agents: an agent reads only the runs she started (another agent's run, or a run started
 * by the system, is 404 to her); staff of the cooperative read every run of it.
 */
import { describe, expect, it } from 'vitest';
import { runBatch } from '../src/modules/jobs/batch.ts';
import { newTenant, testDb, unique } from './helpers.ts';
import { testBatch } from './jobs-fixtures.ts';
import { createUser } from './members-fixtures.ts';

describe('GET /api/jobs/{id} and agents', () => {
  it('an agent reads only the runs she started', async () => {
    const db = await testDb();
    const t = await newTenant();
    const a = await createUser(t, { roleCode: 'AGENT' });
    const b = await createUser(t, { roleCode: 'AGENT' });
    const teller = await createUser(t, { roleCode: 'TELLER' });
    const hers = await runBatch({ ...testBatch(db, t.tenantId, `k-${unique()}`), userId: a.id });
    const system = await runBatch(testBatch(db, t.tenantId, `k-${unique()}`));

    const own = await a.client.get(`/api/jobs/${hers.runId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: hers.runId, status: 'DONE', percent: 100 });
    for (const [who, runId] of [
      [b, hers.runId],
      [a, system.runId],
    ] as const) {
      const res = await who.client.get(`/api/jobs/${runId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, errorCode: 'NOT_FOUND' });
    }
    // Staff (the manager, a teller) read the cooperative's runs as before.
    expect((await t.admin.get(`/api/jobs/${hers.runId}`)).statusCode).toBe(200);
    expect((await teller.client.get(`/api/jobs/${system.runId}`)).statusCode).toBe(200);
  });
});
