/**
 * The menu as the signed-in role sees it: sections without `view` are hidden,
 * entries no feature serves yet are left out (servedNavigation); agents'
 * dashboard is /dashboard-agent.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/AuthProvider';
import { homePath } from '../../lib/auth/machine';
import { isServedPath } from '../../lib/servedPaths';
import { entryLabelKey, leafLabelKey, NAVIGATION, type NavEntry, servedNavigation } from '../navigation';

export function useVisibleNavigation(): NavEntry[] {
  const { can, user } = useAuth();
  return useMemo(() => {
    const home = homePath(user);
    return servedNavigation(NAVIGATION, isServedPath)
      .filter((e) => can(e.section, 'view') || (e.key === 'dashboard' && user))
      .map((e) => (e.key === 'dashboard' ? { ...e, path: home } : e));
  }, [can, user]);
}

export interface SearchEntry {
  path: string;
  label: string;
  group: string | null;
}

/** Flat list for the header's menu search. */
export function useNavigationSearch(): SearchEntry[] {
  const nav = useVisibleNavigation();
  const { t } = useTranslation();
  return useMemo(() => {
    const out: SearchEntry[] = [];
    for (const e of nav) {
      if (e.path) out.push({ path: e.path, label: t(entryLabelKey(e.key)), group: null });
      for (const c of e.children ?? []) out.push({ path: c.path, label: t(leafLabelKey(c.key)), group: t(entryLabelKey(e.key)) });
    }
    out.push({ path: '/profile', label: t('user.profile'), group: null });
    return out;
  }, [nav, t]);
}

/** Is `path` the current page or a page under it? */
export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}
