/**
 * Tenant isolation sweep: for every registered route with path parameters
 * (today's and those other modules add later), tenant A's SUPER ADMIN calls
 * it with tenant B's real ids and must get 404 (or an empty answer), never
 * B's data, and B's data must be unchanged afterwards.
 *
 * Generic on purpose: B is filled by every module's seedDemo plus a few API
 * calls, B's ids are collected from every tenant-owned table with an `id`
 * uuid column (owner query), and each path parameter is swept with an id of
 * every table. Bodies are generated from the route's OpenAPI schema (uuid
 * fields get the same foreign id) so that validation lets most calls reach
 * the handler; calls still refused by validation are reported, not hidden.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { loadModules } from '../src/modules/index.ts';
import type { RouteAccess } from '../src/plugins/auth.ts';
import { body, newTenant, type TestTenant, unique } from './helpers.ts';

interface TableIds {
  table: string;
  ids: string[];
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  const?: unknown;
};

let a: TestTenant;
let b: TestTenant;
let bIds: TableIds[];
let aIds: TableIds[];
let openapi: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
const secrets: string[] = [];

async function seedEverything(t: TestTenant) {
  // Every module's demo data: routes added later by other modules are swept against their own rows.
  const info = { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'x', demo: false };
  for (const m of await loadModules()) {
    if (!m.seedDemo) continue;
    try {
      await m.seedDemo(t.app.db, systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, requestId: 'sweep-seed' }), info);
    } catch (err) {
      console.warn(`seedDemo of ${m.name} failed for the sweep tenant: ${(err as Error).message}`);
    }
  }
  // A few rows the demo seeds do not make.
  const boundary = `----sweep${unique()}`;
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nAD ${t.tenantId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ad.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const ad = await t.admin.inject({
    method: 'POST',
    url: '/api/ad-art',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(ad.statusCode, ad.body).toBe(200);
  const role = await t.admin.post('/api/role', { name: `Role ${unique()}`, permissions: { member: { view: true } } });
  expect(role.statusCode, role.body).toBe(200);
  await t.admin.patch('/api/tenant', { officers: [{ board: 'PENGURUS', title: 'KETUA', name: `Ketua ${unique()}` }] });
}

/** Up to `per` ids of every tenant-owned table with an `id` uuid column, plus the tenant id itself. */
async function idsOf(t: TestTenant, per: number): Promise<TableIds[]> {
  const tables = await t.app.db.owner((tx) =>
    tx.query<{ table: string }>(
      `SELECT c.table_name AS table FROM information_schema.columns c
       JOIN information_schema.columns k ON k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = 'tenant_id'
       WHERE c.table_schema = 'public' AND c.column_name = 'id' AND c.data_type = 'uuid'
       ORDER BY c.table_name`,
    ),
  );
  const out: TableIds[] = [{ table: 'tenant', ids: [t.tenantId] }];
  for (const { table } of tables) {
    const rows = await t.app.db.owner((tx) =>
      tx.query<{ id: string }>(`SELECT id::text AS id FROM "${table}" WHERE tenant_id = $1 ORDER BY id LIMIT ${per}`, [t.tenantId]),
    );
    if (rows.length) out.push({ table, ids: rows.map((r) => r.id) });
  }
  return out;
}

/** A fingerprint of every row tenant B owns, table by table. */
async function fingerprint(t: TestTenant): Promise<Record<string, string>> {
  const tables = await t.app.db.owner((tx) =>
    tx.query<{ table: string }>(
      `SELECT table_name AS table FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`,
    ),
  );
  const out: Record<string, string> = {};
  for (const { table } of tables) {
    const r = await t.app.db.owner((tx) =>
      tx.one<{ n: number; h: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM "${table}" x WHERE tenant_id = $1`,
        [t.tenantId],
      ),
    );
    out[table] = `${r?.n}:${r?.h}`;
  }
  return out;
}

/** A minimal instance of a JSON schema: required fields only, uuid fields filled with `id`. */
function sample(s: JsonSchema | undefined, id: string, depth = 0): unknown {
  if (!s || depth > 6) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt.find((x) => x.type !== 'null') ?? alt[0], id, depth + 1);
  if (s.allOf?.length) return sample(Object.assign({}, ...s.allOf), id, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const k of s.required ?? []) o[k] = sample(s.properties?.[k], id, depth + 1);
      for (const [k, p] of Object.entries(s.properties ?? {})) if (/id$/i.test(k) && o[k] === undefined && p.format === 'uuid') o[k] = id;
      return o;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, id, depth + 1));
    case 'string':
      if (s.format === 'uuid') return id;
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T00:00:00Z';
      if (s.format === 'email') return 'sweep@example.id';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return s.default;
  }
}

function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Path parameters that are not ids (an enum such as a photo kind, a date, a
 * type): filled with a valid sample from the OpenAPI schema, not swept. A
 * parameter is an id when its schema is a uuid or its name ends in "id".
 */
function fixedParams(r: RouteAccess): Record<string, string> {
  const op = openapi.paths[openapiPath(r.url)]?.[r.method.toLowerCase()] as
    | { parameters?: Array<{ in: string; name: string; schema?: JsonSchema }> }
    | undefined;
  const out: Record<string, string> = {};
  for (const prm of op?.parameters ?? []) {
    if (prm.in !== 'path' || prm.schema?.format === 'uuid' || /id$/i.test(prm.name)) continue;
    out[prm.name] = String(sample(prm.schema, crypto.randomUUID()) ?? 'x');
  }
  return out;
}

function bodyFor(r: RouteAccess, id: string): unknown {
  if (r.method !== 'POST' && r.method !== 'PATCH' && r.method !== 'PUT') return undefined;
  const op = openapi.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  return sample(schema, id) ?? {};
}

function parse(text: string): { data?: unknown } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The answer without what differs between any two calls (request id, the ids of the call itself). */
function normalise(text: string, url: string): string {
  let out = text.replace(/"requestId":"[^"]*"/g, '');
  for (const m of url.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) out = out.split(m[0]).join('<id>');
  return out;
}

/** An answer that holds nothing: null, [], {}, or a page without content. */
function isEmpty(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object') {
    const o = data as { content?: unknown[]; totalElements?: number };
    if (Array.isArray(o.content)) return o.content.length === 0 && !o.totalElements;
    return Object.keys(o).length === 0;
  }
  return false;
}

beforeAll(async () => {
  a = await newTenant({ name: `Koperasi Penyerang ${unique()}` });
  b = await newTenant({ name: `Koperasi Korban ${unique()}` });
  await seedEverything(a);
  await seedEverything(b);
  bIds = await idsOf(b, 1);
  aIds = await idsOf(a, 1);
  secrets.push(b.email, b.tenantId, ...bIds.flatMap((x) => x.ids));
  const bName = await b.app.db.owner((tx) => tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = $1', [b.tenantId]));
  secrets.push(bName!.name);
  openapi = (await a.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 300_000);

describe('tenant isolation sweep', () => {
  it('tenant B has rows to sweep with', () => {
    const tables = bIds.map((x) => x.table);
    for (const t of ['app_user', 'role', 'branch', 'area', 'coa_account', 'ad_art_document', 'collectability_setting', 'tenant_officer']) {
      expect(tables).toContain(t);
    }
  });

  it("every route taking an id answers 404 or nothing for another cooperative's ids, and changes nothing there", async () => {
    const routes = a.app.routeRegistry.filter((r) => r.url.includes(':') && r.access !== 'public');
    expect(routes.length).toBeGreaterThan(15);
    const before = await fingerprint(b);
    const leaks: string[] = [];
    const unreached: string[] = [];
    let calls = 0;
    for (const r of routes) {
      const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const fixed = fixedParams(r);
      for (const p of params.filter((x) => !(x in fixed))) {
        for (const foreign of bIds) {
          // Other parameters: the same foreign id, then each of A's own ids (A's area with B's user, ...).
          const others: Array<() => string> = [() => foreign.ids[0]];
          if (params.length > 1) for (const own of aIds) others.push(() => own.ids[0]);
          for (const other of others) {
            // The control: the same call with an id that exists nowhere. B's id must behave exactly like it.
            let control: string | null = null;
            const send = async (id: string) => {
              const url = r.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === p ? id : (fixed[name] ?? other())));
              const payload = bodyFor(r, id);
              calls++;
              const res = await a.admin.inject({
                method: r.method as 'GET',
                url,
                ...(payload !== undefined ? { payload: payload as object } : {}),
              });
              return { url, res };
            };
            for (const id of foreign.ids) {
              const { url, res } = await send(id);
              const text = res.body;
              const where = `${r.method} ${url} (${p} = ${foreign.table})`;
              const leaked = secrets.find((s) => text.includes(s) && !url.includes(s));
              if (leaked) leaks.push(`${where}: answer contains B's ${leaked === b.email ? 'admin e-mail' : `value ${leaked}`}`);
              if (res.statusCode === 404) continue;
              if (res.statusCode === 400 || res.statusCode === 413 || res.statusCode === 415) {
                unreached.push(`${where}: ${res.statusCode}`);
                continue;
              }
              const env = parse(text);
              if (res.statusCode === 200 && env && isEmpty(env.data)) continue;
              if (control === null) {
                const c = await send(crypto.randomUUID());
                control = `${c.res.statusCode} ${normalise(c.res.body, c.url)}`;
              }
              if (`${res.statusCode} ${normalise(text, url)}` === control) continue;
              leaks.push(`${where}: ${res.statusCode} differs from an unknown id: ${text.slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await fingerprint(b)).toEqual(before);
    expect(calls).toBeGreaterThan(routes.length * 5);
    // Most calls reached the handler; the rest were refused by validation before any lookup.
    console.info(`isolation sweep: ${routes.length} routes, ${calls} calls, ${unreached.length} stopped by validation`);
    const stopped = new Set(unreached.map((u) => u.replace(/[0-9a-f-]{36}/g, '{id}').replace(/ \(.*$/, '')));
    if (stopped.size) console.info(`routes whose calls validation stopped (bodies the sweep could not build): ${[...stopped].join(', ')}`);
    expect(unreached.length).toBeLessThan(calls / 2);
  }, 600_000);

  it("a cooperative's own ids still work on the same routes (the sweep is not vacuous)", async () => {
    const own = bIds.find((x) => x.table === 'branch')!.ids[0];
    const res = await b.admin.get(`/api/branch/member/${own}/datatable`);
    expect(res.statusCode).toBe(200);
    const fromA = await a.admin.get(`/api/branch/member/${own}/datatable`);
    expect(fromA.statusCode).toBe(404);
    const user = bIds.find((x) => x.table === 'app_user')!.ids[0];
    expect(body<{ id: string }>(await b.admin.get(`/api/users/${user}/detail`)).data.id).toBe(user);
    expect((await a.admin.get(`/api/users/${user}/detail`)).statusCode).toBe(404);
  });
});
