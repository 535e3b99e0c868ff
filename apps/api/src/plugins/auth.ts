/**
 * Authentication and permission enforcement for every route.
 *
 * Each route under /api declares, next to its definition, exactly one of:
 *   config: { public: true }                       no sign-in
 *   config: { auth: true }                         any signed-in user
 *   config: { permission: 'member:add' }           the role must grant add on Anggota
 * A route that declares none of them stops the server at start-up, so no
 * endpoint can ship unguarded. The declarations are collected in
 * `app.routeRegistry`, which the permission-matrix test walks.
 */
import {
  hasPermission,
  MENU_SECTION_KEYS,
  MENU_SECTIONS,
  type MenuSection,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionMatrix,
  type RoleCode,
} from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../lib/context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { langOf } from '../lib/i18n.ts';
import { type AccessClaims, verifyAccessToken } from '../lib/tokens.ts';
import { cookiesOf, csrfOk, TOKEN_COOKIE } from '../lib/web-session.ts';
import { findPrincipal } from '../modules/auth/auth.repo.ts';

export type PermissionRef = `${MenuSection}:${PermissionAction}`;

export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'auth' | PermissionRef;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    auth?: boolean;
    permission?: PermissionRef;
    /**
     * Every database change of the route runs through `withTx`, whose
     * transactions then check the principal themselves: the route may use a
     * principal read in the last seconds instead of reading it again.
     */
    principalInTx?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when `principal` came from the cache: reads it again and re-checks the route's permission. */
    principalRefresh?: () => Promise<Principal>;
  }
  interface FastifyInstance {
    routeRegistry: RouteAccess[];
    principalCache: Map<string, { p: Principal; until: number }>;
  }
}

/**
 * The principal cache: a session's principal for a few seconds, used only by
 * routes declaring `principalInTx` (teller movements). It stays correct on
 * sign-out, password change, role or limit change and deactivation because
 * such a route's transaction starts with auth_principal_check, which compares
 * the principal as the database has it now with the cached one (a digest) and
 * refuses to go on when they differ; the request then reads the principal
 * again and answers exactly as without the cache (401, 403, or the movement
 * with the current role's limits). Every other route reads the principal on
 * every request, as before.
 */
const CACHE_MS = 10_000;
const CACHE_MAX = 10_000;

function remember(app: FastifyInstance, p: Principal) {
  const cache = app.principalCache;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(p.sessionId, { p, until: Date.now() + CACHE_MS });
}

function cachedPrincipal(app: FastifyInstance, c: AccessClaims): Principal | null {
  const e = app.principalCache.get(c.sessionId);
  if (!e || e.until < Date.now() || e.p.userId !== c.userId || e.p.tenantId !== c.tenantId) return null;
  return e.p;
}

const EXEMPT = /^\/api\/docs(\/|$)/;

interface PrincipalRow {
  user_id: string;
  tenant_id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  user_position: string | null;
  role_id: string;
  role_name: string;
  role_code: RoleCode | null;
  permissions: PermissionMatrix;
  saving_withdrawal_limit: Principal['limits']['savingWithdrawal'];
  loan_request_limit: Principal['limits']['loanRequest'];
  loan_approval_limit: Principal['limits']['loanApproval'];
  can_release_loan: boolean;
  can_cancel_transaction: boolean;
  tenant_name: string;
  tenant_active: boolean;
  step_configuration: number;
}

export function parsePermission(ref: string): { section: MenuSection; action: PermissionAction } {
  const [section, action] = ref.split(':') as [MenuSection, PermissionAction];
  if (!MENU_SECTION_KEYS.includes(section) || !PERMISSION_ACTIONS.includes(action)) {
    throw new Error(`unknown permission ${ref}`);
  }
  return { section, action };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const [scheme, token] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** Resolve the principal of a bearer token: valid signature, live session, active user and tenant. */
export async function loadPrincipal(app: FastifyInstance, token: string): Promise<Principal | null> {
  const claims = await verifyAccessToken(app.config.jwtSecret, token);
  return claims ? principalOf(app, claims) : null;
}

/** The principal of verified claims, read from the database (and remembered for the cache). */
async function principalOf(app: FastifyInstance, claims: AccessClaims): Promise<Principal | null> {
  const rows = await findPrincipal<PrincipalRow>(app.db, claims.tenantId, claims.sessionId, claims.userId);
  const r = rows[0];
  if (!r?.tenant_active) {
    app.principalCache.delete(claims.sessionId);
    return null;
  }
  const p: Principal = {
    userId: r.user_id,
    tenantId: r.tenant_id,
    sessionId: claims.sessionId,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    position: r.user_position,
    roleId: r.role_id,
    roleName: r.role_name,
    roleCode: r.role_code,
    permissions: r.permissions ?? {},
    limits: {
      savingWithdrawal: r.saving_withdrawal_limit,
      loanRequest: r.loan_request_limit,
      loanApproval: r.loan_approval_limit,
      canReleaseLoan: r.can_release_loan,
      canCancelTransaction: r.can_cancel_transaction,
    },
    tenantName: r.tenant_name,
    stepConfiguration: r.step_configuration,
    digest: r.digest,
  };
  remember(app, p);
  return p;
}

/** The 403 for a missing permission, naming the menu section and the action. */
export function permissionDenied(req: FastifyRequest, section: MenuSection, action: PermissionAction) {
  const lang = langOf(req);
  const s = MENU_SECTIONS.find((m) => m.key === section);
  const actionNames: Record<PermissionAction, { id: string; en: string }> = {
    view: { id: 'lihat', en: 'view' },
    add: { id: 'tambah', en: 'add' },
    update: { id: 'ubah', en: 'update' },
    delete: { id: 'hapus', en: 'delete' },
  };
  return forbidden('PERMISSION_DENIED', 'common.forbidden', {
    section: s ? s[lang] : section,
    action: actionNames[action][lang],
  });
}

/** Throws 403 unless the signed-in role grants `ref`. For checks inside handlers. */
export function requirePermission(req: FastifyRequest, ref: PermissionRef): void {
  const { section, action } = parsePermission(ref);
  if (!req.principal) throw unauthorized();
  if (!hasPermission(req.principal.permissions, section, action)) throw permissionDenied(req, section, action);
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.decorateRequest('principalRefresh', undefined);
  app.decorate('routeRegistry', [] as RouteAccess[]);
  app.decorate('principalCache', new Map());

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api') || EXEMPT.test(url)) return;
    const cfg = (route.config ?? {}) as { public?: boolean; auth?: boolean; permission?: PermissionRef };
    const declared = [cfg.public, cfg.auth, cfg.permission].filter(Boolean).length;
    if (declared !== 1) {
      throw new Error(`route ${String(route.method)} ${url} must declare exactly one of config.public, config.auth, config.permission`);
    }
    if (cfg.permission) parsePermission(cfg.permission);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD') continue;
      app.routeRegistry.push({ method: m, url, access: cfg.public ? 'public' : cfg.auth ? 'auth' : (cfg.permission as PermissionRef) });
    }
  });

  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config as
      | { public?: boolean; auth?: boolean; permission?: PermissionRef; principalInTx?: boolean }
      | undefined;
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api') || EXEMPT.test(url) || cfg?.public) return;
    // API clients send a bearer header; the web app has the HttpOnly cookie (lib/web-session.ts).
    let token = bearer(req);
    if (!token) {
      const cookies = cookiesOf(req);
      token = cookies[TOKEN_COOKIE] || null;
      if (token && !csrfOk(req, cookies)) throw forbidden('CSRF_FAILED', 'common.csrf_failed');
    }
    if (!token) throw unauthorized();
    const claims = await verifyAccessToken(app.config.jwtSecret, token);
    let principal = claims && cfg?.principalInTx ? cachedPrincipal(app, claims) : null;
    let fromCache = Boolean(principal);
    if (!principal && claims) principal = await principalOf(app, claims);
    if (!principal || !claims) {
      req.log.info({ msg: 'Token is not valid' });
      throw unauthorized();
    }
    const permission = cfg?.permission ? parsePermission(cfg.permission) : null;
    if (permission && fromCache && !hasPermission(principal.permissions, permission.section, permission.action)) {
      // Refused from the cache: read it again before answering 403 (the role may have gained the right).
      principal = await principalOf(app, claims);
      fromCache = false;
      if (!principal) throw unauthorized();
    }
    req.principal = principal;
    if (permission && !hasPermission(principal.permissions, permission.section, permission.action)) {
      throw permissionDenied(req, permission.section, permission.action);
    }
    if (fromCache) {
      req.principalRefresh = async () => {
        const fresh = await principalOf(app, claims);
        if (!fresh) throw unauthorized();
        if (permission && !hasPermission(fresh.permissions, permission.section, permission.action)) {
          throw permissionDenied(req, permission.section, permission.action);
        }
        req.principal = fresh;
        return fresh;
      };
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['envelope'] });
