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
import { verifyAccessToken } from '../lib/tokens.ts';

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
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeRegistry: RouteAccess[];
  }
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
  if (!claims) return null;
  const rows = await app.db.appQuery<PrincipalRow>('SELECT * FROM auth_principal($1, $2, $3)', [
    claims.tenantId,
    claims.sessionId,
    claims.userId,
  ]);
  const r = rows[0];
  if (!r?.tenant_active) return null;
  return {
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
  };
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
  app.decorate('routeRegistry', [] as RouteAccess[]);

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
    const cfg = req.routeOptions.config as { public?: boolean; auth?: boolean; permission?: PermissionRef } | undefined;
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api') || EXEMPT.test(url) || cfg?.public) return;
    const token = bearer(req);
    if (!token) throw unauthorized();
    const principal = await loadPrincipal(app, token);
    if (!principal) {
      req.log.info({ msg: 'Token is not valid' });
      throw unauthorized();
    }
    req.principal = principal;
    if (cfg?.permission) {
      const { section, action } = parsePermission(cfg.permission);
      if (!hasPermission(principal.permissions, section, action)) throw permissionDenied(req, section, action);
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['envelope'] });
