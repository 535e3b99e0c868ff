/**
 * The permission matrix: every registered /api route of every module (those
 * of today and those added later) is called by each built-in role (SUPER
 * ADMIN, TELLER, AGENT), by a cooperative's role without any permission, and
 * without a token. A route answers 403 PERMISSION_DENIED exactly when its
 * declaration (config.permission '<section>:<action>') names something the
 * role lacks; `auth` routes let every signed-in role through; `public` routes
 * everyone. Path parameters are random UUIDs and bodies empty: a 400 or 404
 * still proves the guard let the call through (the guard runs before
 * validation). A route without a declaration cannot even be registered.
 */
import {
  DEFAULT_ROLE_PERMISSIONS,
  hasPermission,
  MENU_SECTIONS,
  type MenuSection,
  type PermissionAction,
  type PermissionMatrix,
  translate,
} from '@koperasi/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/lib/tokens.ts';
import authPlugin, { type RouteAccess } from '../src/plugins/auth.ts';
import envelopePlugin from '../src/plugins/envelope.ts';
import { body, newTenant, type TestTenant, unique } from './helpers.ts';

interface Subject {
  label: string;
  userId: string;
  permissions: PermissionMatrix;
}

const ACTION_ID: Record<PermissionAction, string> = { view: 'lihat', add: 'tambah', update: 'ubah', delete: 'hapus' };

let t: TestTenant;
let subjects: Subject[];
let routes: RouteAccess[];

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, () => crypto.randomUUID()).replace(/\*$/, 'x');
}

/** A fresh session per call: some routes (logout) end the session they are called with. */
async function tokenFor(userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(`INSERT INTO auth_session (tenant_id, id, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`, [
      t.tenantId,
      sessionId,
      userId,
    ]),
  );
  return signAccessToken(t.app.config.jwtSecret, { userId, tenantId: t.tenantId, sessionId }, 3600);
}

/** The error envelope, or an empty object for files and other non-JSON answers. */
function envelope(text: string): { errorCode?: string; message?: string } {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

async function call(r: RouteAccess, token: string | null) {
  const hasBody = r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT';
  return t.app.inject({
    method: r.method as 'GET',
    url: concreteUrl(r.url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  t = await newTenant();
  routes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api'));
  const roles = await t.app.db.tenant(t.tenantId, (tx) =>
    tx.query<{ id: string; code: string; permissions: PermissionMatrix }>('SELECT id, code, permissions FROM role WHERE code IS NOT NULL'),
  );
  const none = await t.admin.post('/api/role', { name: `Tanpa Akses ${unique()}`, permissions: {} });
  expect(none.statusCode, none.body).toBe(200);
  const defs = [
    ...roles.map((r) => ({ label: r.code, roleId: r.id, permissions: r.permissions })),
    { label: 'CUSTOM_NONE', roleId: body<{ id: string }>(none).data.id, permissions: {} as PermissionMatrix },
  ];
  subjects = [];
  for (const d of defs) {
    const res = await t.admin.post('/api/users', { firstName: d.label, email: `pm-${unique()}@test.koperasi.id`, roleId: d.roleId });
    expect(res.statusCode, res.body).toBe(200);
    subjects.push({ label: d.label, userId: body<{ id: string }>(res).data.id, permissions: d.permissions });
  }
}, 120_000);

describe('permission matrix', () => {
  it('the built-in roles start with the documented defaults', () => {
    for (const code of ['SUPER_ADMIN', 'TELLER', 'AGENT'] as const) {
      expect(subjects.find((s) => s.label === code)!.permissions).toEqual(DEFAULT_ROLE_PERMISSIONS[code]);
    }
  });

  it("a new cooperative's defaults follow its practice: the teller registers members, the agent neither bulk-uploads nor reads statements", async () => {
    const perms = (code: string) => subjects.find((s) => s.label === code)!.permissions;
    expect(hasPermission(perms('TELLER'), 'member', 'add')).toBe(true);
    expect(hasPermission(perms('TELLER'), 'member', 'update')).toBe(false);
    expect(hasPermission(perms('AGENT'), 'report', 'view')).toBe(false);
    expect(hasPermission(perms('AGENT'), 'member', 'view')).toBe(true);
    expect(hasPermission(perms('AGENT'), 'member_transaction', 'add')).toBe(true);
    const as = async (code: string, method: 'GET' | 'POST', url: string) =>
      (await call({ method, url, access: 'auth' } as RouteAccess, await tokenFor(subjects.find((s) => s.label === code)!.userId)))
        .statusCode;
    // The teller registers a prospective member at the counter (the guard lets it through: 400 for the empty body).
    expect(await as('TELLER', 'POST', '/api/member')).not.toBe(403);
    // Neither the teller nor the agent bulk-uploads members; the agent reads no statement.
    expect(await as('AGENT', 'POST', '/api/member/upload')).toBe(403);
    expect(await as('TELLER', 'POST', '/api/member/upload')).toBe(403);
    expect(await as('AGENT', 'GET', '/api/report/v2/balance-sheet')).toBe(403);
    expect(await as('AGENT', 'GET', '/api/report/v2/profit-and-loss')).toBe(403);
    // Their own members and collections stay open to the agent.
    expect(await as('AGENT', 'GET', '/api/member/assign-to-me')).toBe(200);
  });

  it('every /api route declares exactly one access, with a known section and action', () => {
    expect(routes.length).toBeGreaterThan(40);
    const seen = new Set<string>();
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      expect(seen.has(key), `${key} registered twice`).toBe(false);
      seen.add(key);
      if (r.access === 'public' || r.access === 'auth') continue;
      const [section, action] = r.access.split(':');
      expect(
        MENU_SECTIONS.some((m) => m.key === section),
        key,
      ).toBe(true);
      expect(['view', 'add', 'update', 'delete'], key).toContain(action);
    }
  });

  it('answers 403 exactly when the role lacks the declared permission, naming it', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const r of routes) {
      for (const s of subjects) {
        if (r.access === 'public') continue;
        const res = await call(r, await tokenFor(s.userId));
        checked++;
        const b = envelope(res.body);
        const denied = res.statusCode === 403 && b.errorCode === 'PERMISSION_DENIED';
        if (res.statusCode === 401) {
          problems.push(`${s.label} ${r.method} ${r.url}: 401 with a valid session`);
          continue;
        }
        if (r.access === 'auth') {
          if (denied) problems.push(`${s.label} ${r.method} ${r.url}: auth route answered PERMISSION_DENIED`);
          continue;
        }
        const [section, action] = r.access.split(':') as [MenuSection, PermissionAction];
        const allowed = hasPermission(s.permissions, section, action);
        if (allowed && denied) problems.push(`${s.label} ${r.method} ${r.url}: denied although ${r.access} is granted`);
        if (!allowed) {
          if (!denied) problems.push(`${s.label} ${r.method} ${r.url}: ${res.statusCode} although ${r.access} is not granted`);
          else {
            const m = MENU_SECTIONS.find((x) => x.key === section)!;
            const expected = translate('common.forbidden', 'id', { section: m.id, action: ACTION_ID[action] });
            if (b.message !== expected) problems.push(`${s.label} ${r.method} ${r.url}: message "${b.message}", expected "${expected}"`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length * 3);
  }, 300_000);

  it('every non-public route needs a valid session; public routes need none', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      const res = await call(r, null);
      if (r.access === 'public') {
        if (res.statusCode === 401 || res.statusCode === 403)
          problems.push(`${r.method} ${r.url}: public route answered ${res.statusCode}`);
      } else if (res.statusCode !== 401) {
        problems.push(`${r.method} ${r.url}: ${res.statusCode} without a token`);
      }
      if (r.access !== 'public') {
        const forged = await call(r, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
        if (forged.statusCode !== 401) problems.push(`${r.method} ${r.url}: ${forged.statusCode} with a forged token`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('no route answers 5xx to an empty request from a SUPER ADMIN', async () => {
    const admin = subjects.find((s) => s.label === 'SUPER_ADMIN')!;
    const failures: string[] = [];
    for (const r of routes) {
      const res = await call(r, r.access === 'public' ? null : await tokenFor(admin.userId));
      if (res.statusCode >= 500) failures.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('a route that declares no access, or two, cannot be registered', async () => {
    for (const config of [{}, { auth: true, public: true }, { permission: 'kitchen:view' }] as const) {
      const app = Fastify({ logger: false });
      await app.register(envelopePlugin);
      await app.register(authPlugin);
      const register = async () => {
        app.get('/api/undeclared', { config: config as Record<string, unknown> }, async () => 'x');
        await app.ready();
      };
      await expect(register()).rejects.toThrow(/must declare exactly one|unknown permission/);
      await app.close().catch(() => undefined);
    }
  });
});
