/**
 * Multi-tenancy guarantees, checked against the live schema: every
 * tenant-owned table leads its primary and foreign keys with tenant_id and is
 * guarded by row-level security; and two tenants cannot read each other's
 * rows even through raw SQL run as the application's role.
 */
import { describe, expect, it } from 'vitest';
import { newTenant, testDb } from './helpers.ts';

/** Tables that belong to no tenant, each with the reason. */
const GLOBAL_TABLES: Record<string, string> = {
  schema_migrations: 'migration bookkeeping',
  schema_functions: 'bookkeeping of the applied SQL function files',
  auth_throttle: 'sign-in and code counters keyed before a tenant is known',
  login_name: 'e-mail and phone are unique across the product (either signs in); kept by a trigger on app_user',
};

interface TableInfo {
  table: string;
  rls: boolean;
  owner: string;
  has_tenant: boolean;
  pk_first: string | null;
  policies: string[];
}

async function tables(): Promise<TableInfo[]> {
  const db = await testDb();
  return db.owner((tx) =>
    tx.query<TableInfo>(`
      SELECT c.relname AS table, c.relrowsecurity AS rls, pg_get_userbyid(c.relowner) AS owner,
             EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS has_tenant,
             (SELECT a.attname FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
               WHERE k.conrelid = c.oid AND k.contype = 'p') AS pk_first,
             COALESCE((SELECT array_agg(pg_get_expr(p.polqual, p.polrelid)) FROM pg_policy p WHERE p.polrelid = c.oid), '{}') AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`),
  );
}

describe('schema', () => {
  it('every tenant-owned table has tenant_id first in its primary key, RLS on, and a tenant policy', async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const t of all) {
      if (GLOBAL_TABLES[t.table]) continue;
      if (!t.has_tenant) problems.push(`${t.table}: no tenant_id (add it, or list the table in GLOBAL_TABLES with a reason)`);
      if (t.pk_first !== 'tenant_id') problems.push(`${t.table}: primary key does not start with tenant_id (${t.pk_first})`);
      if (!t.rls) problems.push(`${t.table}: row-level security not enabled`);
      if (!t.policies.some((p) => p.includes('app_tenant()') && p.includes('tenant_id')))
        problems.push(`${t.table}: no tenant_id = app_tenant() policy`);
      if (t.owner === 'koperasi_app') problems.push(`${t.table}: owned by the app role`);
    }
    expect(problems).toEqual([]);
  });

  it('every foreign key between tenant-owned tables starts with tenant_id', async () => {
    const db = await testDb();
    const fks = await db.owner((tx) =>
      tx.query<{ name: string; table: string; first_col: string; ref_table: string }>(`
        SELECT k.conname AS name, c.relname AS table, a.attname AS first_col, r.relname AS ref_table
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_class r ON r.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
        WHERE k.contype = 'f' AND n.nspname = 'public'`),
    );
    const bad = fks.filter((f) => !GLOBAL_TABLES[f.table] && !GLOBAL_TABLES[f.ref_table] && f.first_col !== 'tenant_id');
    expect(bad).toEqual([]);
  });

  it('the application role is not a superuser, cannot bypass RLS and owns nothing', async () => {
    const db = await testDb();
    const role = await db.owner((tx) =>
      tx.one<{ rolsuper: boolean; rolbypassrls: boolean }>("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'koperasi_app'"),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const who = await db.app((tx) => tx.one<{ u: string }>('SELECT current_user AS u'));
    expect(who?.u).toBe('koperasi_app');
  });
});

describe('isolation through raw SQL as the app role', () => {
  it('tenant A sees none of tenant B rows in any table, and cannot write rows for B', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const db = await testDb();
    const owned = (await tables()).filter((t) => !GLOBAL_TABLES[t.table]);
    for (const t of owned) {
      const seen = await db.tenant(a.tenantId, (tx) =>
        tx.one<{ foreign: number; total: number }>(
          `SELECT count(*) FILTER (WHERE tenant_id <> $1)::int AS foreign, count(*)::int AS total FROM ${t.table}`,
          [a.tenantId],
        ),
      );
      expect({ table: t.table, foreign: seen?.foreign }).toEqual({ table: t.table, foreign: 0 });
    }
    // B has rows A cannot see: its roles, users, accounts.
    const bRoles = await db.tenant(b.tenantId, (tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM role'));
    expect(bRoles?.n).toBe(3);
    const fromA = await db.tenant(a.tenantId, (tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM role WHERE tenant_id = $1', [b.tenantId]),
    );
    expect(fromA?.n).toBe(0);
    await expect(
      db.tenant(a.tenantId, (tx) => tx.exec("INSERT INTO tenant_config (tenant_id, key, value) VALUES ($1, 'x', '1')", [b.tenantId])),
    ).rejects.toThrow(/row-level security/);
    const updated = await db.tenant(a.tenantId, (tx) =>
      tx.exec("UPDATE app_user SET first_name = 'hacked' WHERE tenant_id = $1", [b.tenantId]),
    );
    expect(updated).toBe(0);
  });

  it('without a tenant in the transaction the app role sees no tenant rows', async () => {
    await newTenant();
    const db = await testDb();
    const n = await db.app((tx) => tx.one<{ n: number }>('SELECT (SELECT count(*) FROM app_user) + (SELECT count(*) FROM tenant) AS n'));
    expect(Number(n?.n)).toBe(0);
  });

  it('the audit log is append-only for the app role', async () => {
    const a = await newTenant();
    const db = await testDb();
    await expect(db.tenant(a.tenantId, (tx) => tx.exec('DELETE FROM audit_log'))).rejects.toThrow(/permission denied/);
    await expect(db.tenant(a.tenantId, (tx) => tx.exec("UPDATE audit_log SET action = 'x'"))).rejects.toThrow(/permission denied/);
  });
});
