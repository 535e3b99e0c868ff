import { MENU_SECTIONS } from '@koperasi/contracts/permissions';
import { describe, expect, it } from 'vitest';
import type { FeatureRoute } from '../lib/routing';
import { NAV_ICONS } from './layouts/navIcons';
import { findMenuEntry, menuLeaves, NAVIGATION, servedNavigation } from './navigation';
import { collectRoutes, PUBLIC_LAYOUTS, publicFeatureRoutes } from './registry/routes';
import { signedInFeatureRoutes } from './registry/signedInRoutes';
import { publicRouteTitle } from './router';
import { buildSignedInRoutes, signedInRouteTitle } from './signedIn';

describe('navigation contract', () => {
  it('lists every menu section of spec section 2 once, in order', () => {
    expect(NAVIGATION.map((e) => e.section)).toEqual(MENU_SECTIONS.map((s) => s.key));
  });

  it('gives every entry a unique absolute path, its section and a known icon', () => {
    const paths = menuLeaves().map((l) => l.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/[a-z0-9/-]+$/);
    for (const e of NAVIGATION) {
      expect(NAV_ICONS[e.icon]).toBeDefined();
      for (const c of e.children ?? []) expect(c.section).toBe(e.section);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/members',
        '/users',
        '/roles',
        '/branches',
        '/areas',
        '/products',
        '/settings/coa',
        '/reports/balance-sheet',
        '/teller/session',
      ]),
    );
  });

  it('shows only the entries a feature serves, so a new area appears once it registers its routes', () => {
    const served = new Set(signedInFeatureRoutes.map((r) => r.path));
    const shown = servedNavigation(NAVIGATION, (p) => served.has(p));
    const shownPaths = shown.flatMap((e) => (e.children ? e.children.map((c) => c.path) : [e.path!]));
    for (const l of menuLeaves()) {
      if (l.path === '/dashboard') continue;
      expect(shownPaths.includes(l.path), l.path).toBe(served.has(l.path));
    }
    expect(shown[0]!.key).toBe('dashboard');
    for (const e of shown) if (e.children) expect(e.children.length).toBeGreaterThan(0);
    // Data-driven: the same menu with one more served path shows it.
    const more = servedNavigation(NAVIGATION, (p) => served.has(p) || p === '/shu');
    expect(more.some((e) => e.key === 'shu')).toBe(true);
    expect(shown.some((e) => e.key === 'shu')).toBe(served.has('/shu'));
  });

  it('finds the menu entry of a path or of a page under it', () => {
    expect(findMenuEntry('/members')?.labelKey).toBe('nav.member.list');
    expect(findMenuEntry('/members/3f1c')?.path).toBe('/members');
    expect(findMenuEntry('/members/prospective')?.path).toBe('/members/prospective');
    expect(findMenuEntry('/reports/balance-sheet')).toMatchObject({ groupKey: 'report', groupLabelKey: 'nav.report.title' });
    expect(findMenuEntry('/nowhere')).toBeNull();
  });
});

describe('route discovery', () => {
  const page = (p: string): FeatureRoute => ({ path: p, element: null });

  it('takes routes from every feature and refuses a path declared twice', () => {
    const errors: unknown[] = [];
    const orig = console.error;
    console.error = (...a: unknown[]) => errors.push(a);
    const routes = collectRoutes({
      '../../features/a/routes.tsx': { routes: [page('/members'), page('/members/:id')] },
      '../../features/b/routes.tsx': { routes: [page('/members'), page('/loans')] },
    });
    console.error = orig;
    expect(routes.map((r) => r.path)).toEqual(['/members', '/members/:id', '/loans']);
    expect(errors).toHaveLength(1);
  });

  it('opens "coming soon" for menu paths no feature serves, and the feature page otherwise', () => {
    const tree = buildSignedInRoutes([{ path: '/members', element: 'members page', permission: 'member', title: 'members:title' }]);
    const flat: Array<{ path?: string; handle?: unknown }> = [];
    const walk = (rs: typeof tree) => {
      for (const r of rs) {
        flat.push(r);
        if (r.children) walk(r.children);
      }
    };
    walk(tree);
    const members = flat.filter((r) => r.path === '/members');
    expect(members).toHaveLength(1);
    expect(members[0]!.handle).toEqual({ title: 'members:title' });
    expect(flat.find((r) => r.path === '/members/prospective')?.handle).toEqual({ title: 'nav.member.prospective' });
    expect(flat.some((r) => r.path === '*')).toBe(true);
  });

  it('titles pages from their route: public ones in the first half, signed-in ones in the lazy half', () => {
    expect(publicRouteTitle('/sign-in')).toBe('auth:signIn.title');
    expect(publicRouteTitle('/accept-invitation')).toBe('access:invitation.title');
    expect(publicRouteTitle('/dashboard')).toBeUndefined();
    expect(signedInRouteTitle('/dashboard')).toBe('nav.dashboard.title');
    expect(signedInRouteTitle('/reports/ledger')).toBeDefined();
    expect(signedInRouteTitle('/profile/security')).toBe('profile:title');
    expect(signedInRouteTitle('/shu')).toBe('shu:title');
  });

  it('keeps signed-in screens out of the first page and public ones out of the signed-in half', () => {
    expect(publicFeatureRoutes.every((r) => PUBLIC_LAYOUTS.includes(r.layout ?? 'app'))).toBe(true);
    expect(publicFeatureRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/sign-in', '/register', '/verify', '/forgot-password', '/activate', '/accept-invitation']),
    );
    const errors: unknown[] = [];
    const orig = console.error;
    console.error = (...a: unknown[]) => errors.push(a);
    const kept = collectRoutes({ 'x/public-routes.tsx': { routes: [page('/members')] } }, PUBLIC_LAYOUTS);
    console.error = orig;
    expect(kept).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
