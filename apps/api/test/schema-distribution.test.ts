/**
 * The schema stays ready to be distributed by tenant (Citus, docs/architecture.md
 * "Scaling out"): every primary key, unique constraint, unique index and
 * foreign key of a tenant-owned table includes tenant_id, so each is enforced
 * inside one tenant's shard. Checked on the live schema (PGlite or PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { newTenant, testDb } from './helpers.ts';

/** Global tables that carry a tenant_id without being owned by one (listed with their reason in tenancy.test.ts). */
const GLOBAL_WITH_TENANT = ['login_name'];

describe('schema ready for distribution by tenant_id', () => {
  it('every key, unique index and foreign key of a tenant-owned table includes tenant_id', async () => {
    const db = await testDb();
    const bad = await db.owner((tx) =>
      tx.query<{ table: string; name: string; def: string }>(
        `
        WITH owned AS (
          SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
            AND c.relname <> ALL ($1::text[])
        ), tcol AS (
          SELECT o.oid, a.attnum FROM owned o JOIN pg_attribute a ON a.attrelid = o.oid AND a.attname = 'tenant_id'
        )
        SELECT o.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
        FROM owned o JOIN tcol t ON t.oid = o.oid
        JOIN pg_index x ON x.indrelid = o.oid JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indisunique AND NOT (t.attnum = ANY (x.indkey::int2[]))
        UNION ALL
        SELECT o.relname, k.conname, pg_get_constraintdef(k.oid)
        FROM owned o JOIN tcol t ON t.oid = o.oid JOIN pg_constraint k ON k.conrelid = o.oid
        WHERE k.contype IN ('p', 'u', 'x', 'f') AND NOT (t.attnum = ANY (k.conkey))
        UNION ALL
        -- A foreign key from a tenant-owned table to another must match tenant_id with tenant_id.
        SELECT o.relname, k.conname, pg_get_constraintdef(k.oid)
        FROM owned o JOIN tcol t ON t.oid = o.oid JOIN pg_constraint k ON k.conrelid = o.oid AND k.contype = 'f'
        JOIN tcol r ON r.oid = k.confrelid
        WHERE NOT EXISTS (SELECT 1 FROM generate_subscripts(k.conkey, 1) s
                          WHERE k.conkey[s] = t.attnum AND k.confkey[s] = r.attnum)
        ORDER BY 1, 2`,
        [GLOBAL_WITH_TENANT],
      ),
    );
    expect(bad).toEqual([]);
  });

  it('e-mail and phone stay unique across cooperatives, through the global login directory', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const db = await testDb();
    const role = await db.tenant(b.tenantId, (tx) => tx.one<{ id: string }>("SELECT id FROM role WHERE code = 'TELLER'"));
    const insert = (login: { email?: string; phone?: string }) =>
      db.tenant(b.tenantId, (tx) =>
        tx.exec('INSERT INTO app_user (tenant_id, first_name, email, phone, role_id) VALUES ($1, $2, $3, $4, $5)', [
          b.tenantId,
          'Kembar',
          login.email ?? null,
          login.phone ?? null,
          role?.id,
        ]),
      );
    await expect(insert({ email: a.email })).rejects.toMatchObject({ code: '23505', constraint: 'app_user_email_uq' });
    await expect(insert({ phone: a.phone })).rejects.toMatchObject({ code: '23505', constraint: 'app_user_phone_uq' });
    // Changing A's e-mail frees the old one and takes the new one.
    const fresh = `baru-${a.tenantId.slice(0, 8)}@test.koperasi.id`;
    await db.tenant(a.tenantId, (tx) => tx.exec('UPDATE app_user SET email = $2 WHERE id = $1', [a.adminUserId, fresh]));
    await expect(insert({ email: fresh })).rejects.toMatchObject({ code: '23505', constraint: 'app_user_email_uq' });
    expect(await insert({ email: a.email })).toBe(1);
    // The application's role cannot read or write the directory itself.
    await expect(db.tenant(a.tenantId, (tx) => tx.query('SELECT * FROM login_name'))).rejects.toThrow(/permission denied/);
  });
});
