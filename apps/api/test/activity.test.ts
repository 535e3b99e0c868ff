import { PAGE_VIEW_MAX_PER_HOUR } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { body, client, newTenant } from './helpers.ts';

describe('POST /api/activity/page-view', () => {
  it('stores a batch of page views with path and time, without query strings', async () => {
    const t = await newTenant();
    const at = new Date(Date.now() - 60_000).toISOString();
    const res = await t.admin.post('/api/activity/page-view', {
      views: [
        { path: '/dashboard', at },
        { path: '/members?search=budi#top', at },
      ],
    });
    expect(res.statusCode).toBe(200);
    const b = body<{ accepted: number; dropped: number }>(res);
    expect(b.message).toBe('Kunjungan halaman dicatat');
    expect(b.data).toEqual({ accepted: 2, dropped: 0 });
    const rows = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ path: string; viewed_at: Date; user_id: string; session_id: string | null }>(
        'SELECT path, viewed_at, user_id, session_id FROM page_view WHERE tenant_id = $1 ORDER BY id',
        [t.tenantId],
      ),
    );
    expect(rows.map((r) => r.path)).toEqual(['/dashboard', '/members']);
    expect(new Date(rows[0].viewed_at).toISOString()).toBe(at);
    expect(rows[0].user_id).toBe(t.adminUserId);
    expect(rows[0].session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("uses the server's time for a client clock far off", async () => {
    const t = await newTenant();
    const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    await t.admin.post('/api/activity/page-view', { views: [{ path: '/reports/balance-sheet', at: old }] });
    const row = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ age: number }>('SELECT extract(epoch FROM now() - viewed_at)::int AS age FROM page_view WHERE tenant_id = $1', [t.tenantId]),
    );
    expect(row!.age).toBeLessThan(120);
  });

  const invalid: Array<[string, unknown, string]> = [
    ['an empty batch', { views: [] }, 'Daftar kunjungan halaman wajib diisi'],
    ['no batch', {}, 'Daftar kunjungan halaman wajib diisi'],
    ['a path not starting with /', { views: [{ path: 'dashboard', at: new Date().toISOString() }] }, 'Alamat halaman tidak valid'],
    ['a too long path', { views: [{ path: `/${'x'.repeat(600)}`, at: new Date().toISOString() }] }, 'Alamat halaman tidak valid'],
    ['a bad time', { views: [{ path: '/dashboard', at: 'yesterday' }] }, 'Waktu kunjungan tidak valid'],
    [
      'more than 50 views',
      { views: Array.from({ length: 51 }, () => ({ path: '/dashboard', at: new Date().toISOString() })) },
      'Maksimal 50 kunjungan halaman',
    ],
  ];
  for (const [name, payload, message] of invalid) {
    it(`refuses ${name}`, async () => {
      const t = await newTenant();
      const res = await t.admin.post('/api/activity/page-view', payload);
      expect(res.statusCode).toBe(400);
      const b = body<{ fields?: Array<{ message: string }> } | null>(res);
      expect([b.message, ...(b.data?.fields ?? []).map((f) => f.message)].join(' | ')).toContain(message);
    });
  }

  it('needs a signed-in user', async () => {
    const t = await newTenant();
    const res = await client(t.app, '').post('/api/activity/page-view', { views: [{ path: '/x', at: new Date().toISOString() }] });
    expect(res.statusCode).toBe(401);
  });

  it('caps the views stored per user and hour, dropping the rest without failing', async () => {
    const t = await newTenant();
    // Fill the hour up to one below the cap directly, then send a batch of 3.
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec(
        `INSERT INTO page_view (tenant_id, user_id, path, viewed_at)
         SELECT $1, $2, '/dashboard', now() FROM generate_series(1, $3)`,
        [t.tenantId, t.adminUserId, PAGE_VIEW_MAX_PER_HOUR - 1],
      ),
    );
    const at = new Date().toISOString();
    const res = await t.admin.post('/api/activity/page-view', { views: [1, 2, 3].map((i) => ({ path: `/p${i}`, at })) });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ accepted: 1, dropped: 2 });
  });

  it('replays a retried batch with the same Idempotency-Key instead of storing it twice', async () => {
    const t = await newTenant();
    const payload = { views: [{ path: '/dashboard', at: new Date().toISOString() }] };
    const headers = { 'idempotency-key': `pv-${Date.now()}` };
    await t.admin.post('/api/activity/page-view', payload, headers);
    const again = await t.admin.post('/api/activity/page-view', payload, headers);
    expect(again.statusCode).toBe(200);
    const n = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM page_view WHERE tenant_id = $1', [t.tenantId]),
    );
    expect(n!.n).toBe(1);
  });

  it('keeps page views of one cooperative invisible to another, and append-only for the app', async () => {
    const a = await newTenant();
    const b = await newTenant();
    await a.admin.post('/api/activity/page-view', { views: [{ path: '/dashboard', at: new Date().toISOString() }] });
    const seen = await b.app.db.tenant(b.tenantId, (tx) => tx.query('SELECT * FROM page_view'));
    expect(seen).toHaveLength(0);
    await expect(a.app.db.tenant(a.tenantId, (tx) => tx.exec('DELETE FROM page_view'))).rejects.toThrow();
  });
});
