/**
 * The application's connections log in as a role that is not a superuser,
 * does not own the tables and cannot become their owner (PostgreSQL only:
 * PGlite has one connection and no login roles). Whatever a statement on a
 * pooled connection does to its session (`RESET ROLE`, `SET ROLE`,
 * `SET SESSION AUTHORIZATION`), row-level security still applies.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { APP_ROLE, appLoginUrl, createPgDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { newTenant, TEST_DATA_DIR, testDb } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('the application login role (PostgreSQL)', () => {
  it('an application connection is not a superuser and not a member of the tables owner', async () => {
    const db = await testDb();
    const who = await db.app((tx) =>
      tx.one<{ session: string; su: boolean; bypass: boolean; createrole: boolean; createdb: boolean; owners: string[]; member: boolean }>(
        `SELECT session_user AS session, r.rolsuper AS su, r.rolbypassrls AS bypass, r.rolcreaterole AS createrole,
                r.rolcreatedb AS createdb,
                (SELECT array_agg(DISTINCT pg_get_userbyid(c.relowner)) FROM pg_class c
                   JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r') AS owners,
                EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_has_role(session_user, c.relowner, 'MEMBER')) AS member
         FROM pg_roles r WHERE r.rolname = session_user`,
      ),
    );
    expect(who).toMatchObject({ su: false, bypass: false, createrole: false, createdb: false, member: false });
    expect(who?.owners).not.toContain(who?.session);
  });

  it('RESET ROLE on an application connection still sees no tenant rows, and the owner role is out of reach', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const db = await testDb();
    const seen = await db.app(async (tx) => {
      await tx.exec('RESET ROLE');
      return tx.one<{ users: number; tenants: number }>(
        'SELECT (SELECT count(*) FROM app_user WHERE tenant_id = ANY($1::uuid[]))::int AS users, (SELECT count(*) FROM tenant)::int AS tenants',
        [`{${a.tenantId},${b.tenantId}}`],
      );
    });
    expect(seen).toEqual({ users: 0, tenants: 0 });
    // Inside tenant A's transaction, RESET ROLE does not open tenant B.
    const cross = await db.tenant(a.tenantId, async (tx) => {
      await tx.exec('RESET ROLE');
      return tx.one<{ n: number }>('SELECT count(*)::int AS n FROM app_user WHERE tenant_id = $1', [b.tenantId]);
    });
    expect(cross?.n).toBe(0);
    const owner = await db.owner((tx) => tx.one<{ u: string }>('SELECT current_user AS u'));
    await expect(db.app((tx) => tx.exec(`SET ROLE "${owner?.u}"`))).rejects.toThrow(/permission denied/);
    await expect(db.app((tx) => tx.exec(`SET SESSION AUTHORIZATION "${owner?.u}"`))).rejects.toThrow(/permission denied/);
    await expect(db.app((tx) => tx.exec('ALTER TABLE app_user DISABLE ROW LEVEL SECURITY'))).rejects.toThrow(/must be owner/);
  });

  it('servers migrating a fresh database share the cluster-wide role; CONNECT is granted per database', async () => {
    const name = `${new URL(url as string).pathname.slice(1)}_role_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    // Nobody may connect unless granted: the migration must grant the application's role.
    await admin.query(`REVOKE CONNECT ON DATABASE ${name} FROM PUBLIC`);
    const fresh = new URL(url as string);
    fresh.pathname = `/${name}`;
    const dbs = [0, 1].map(() => createPgDb(fresh.toString(), 2, { dataDir: TEST_DATA_DIR }));
    try {
      // Two servers start on the empty database together: both migrate, neither fails (the first CREATE TABLE of
      // schema_migrations takes the migration lock too), and every migration is applied once.
      await Promise.all(dbs.map((d) => migrate(d)));
      // Both correct the role and grant CONNECT at the same moment (catalog rows updated concurrently).
      await Promise.all(dbs.flatMap((d) => [d.ensureAppLogin?.(), d.ensureAppLogin?.()]));
      const seen = await dbs[1].app((tx) =>
        tx.one<{ u: string; db: string; n: number }>(
          'SELECT session_user AS u, current_database() AS db, (SELECT count(*) FROM tenant)::int AS n',
        ),
      );
      expect(seen).toEqual({ u: APP_ROLE, db: name, n: 0 });
      const grant = await admin.query("SELECT has_database_privilege($1, $2, 'CONNECT') AS ok", [APP_ROLE, name]);
      expect(grant.rows[0].ok).toBe(true);
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('APP_DATABASE_URL: its user is created as a plain login role acting as koperasi_app, and RESET ROLE keeps RLS', async () => {
    const base = new URL(url as string);
    const name = `${base.pathname.slice(1)}_app_${process.pid}`;
    const login = `${name}_login`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${login}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url as string);
    fresh.pathname = `/${name}`;
    const appUrl = new URL(fresh.toString());
    appUrl.username = login;
    appUrl.password = 'Rahasia-App-2026';
    const db = createPgDb(fresh.toString(), 2, { appUrl: appUrl.toString() });
    try {
      await migrate(db);
      const who = await db.app((tx) =>
        tx.one<{ s: string; c: string; su: boolean; inherit: boolean }>(
          'SELECT session_user AS s, current_user AS c, r.rolsuper AS su, r.rolinherit AS inherit FROM pg_roles r WHERE r.rolname = session_user',
        ),
      );
      expect(who).toEqual({ s: login, c: APP_ROLE, su: false, inherit: true });
      const owner = await db.owner(async (tx) => {
        await tx.exec(`INSERT INTO tenant (tenant_id, name, cooperative_type) VALUES (gen_random_uuid(), 'Koperasi Lain', 'KSP')`);
        return (await tx.one<{ u: string }>('SELECT current_user AS u'))?.u;
      });
      const seen = await db.app(async (tx) => {
        // RESET ROLE returns to the session's start (role=koperasi_app); SET ROLE NONE to the login role itself.
        await tx.exec('RESET ROLE');
        const reset = await tx.one<{ u: string; n: number }>('SELECT current_user AS u, (SELECT count(*) FROM tenant)::int AS n');
        await tx.exec('SET ROLE NONE');
        return [reset, await tx.one<{ u: string; n: number }>('SELECT current_user AS u, (SELECT count(*) FROM tenant)::int AS n')];
      });
      expect(seen).toEqual([
        { u: APP_ROLE, n: 0 },
        { u: login, n: 0 },
      ]);
      await expect(db.app((tx) => tx.exec(`SET ROLE "${owner}"`))).rejects.toThrow(/permission denied/);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${login}`);
      await admin.end();
    }
  });

  it('the pool logs in with the owner URL, the user koperasi_app and the password kept under DATA_DIR', async () => {
    const app = new pg.Client({ connectionString: appLoginUrl(url as string, { dataDir: TEST_DATA_DIR }) });
    await app.connect();
    try {
      const r = await app.query('SELECT current_user AS u');
      expect(r.rows[0].u).toBe(APP_ROLE);
    } finally {
      await app.end();
    }
    expect(appLoginUrl(url as string, { appUrl: 'postgres://teller_app:x@db/k' })).toBe('postgres://teller_app:x@db/k');
  });
});
