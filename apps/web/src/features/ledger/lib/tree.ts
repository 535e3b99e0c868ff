/**
 * The chart of accounts as a tree on screen: which rows show given the
 * expanded headers and a search (a match shows its ancestors, opened), and
 * the accounts a parent may be chosen from.
 */
import type { CoaAccount } from './types';

export interface TreeRow {
  account: CoaAccount;
  depth: number;
  expandable: boolean;
  expanded: boolean;
}

export function matchesAccount(a: Pick<CoaAccount, 'code' | 'name'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return a.code.toLowerCase().startsWith(q) || a.name.toLowerCase().includes(q) || a.code.toLowerCase().includes(q);
}

export interface TreeFilter {
  search?: string;
  type?: string | null;
  showInactive?: boolean;
}

/** Rows in display order. While searching, every branch holding a match is open. */
export function visibleRows(roots: CoaAccount[], expanded: ReadonlySet<string>, f: TreeFilter = {}): TreeRow[] {
  const search = f.search?.trim() ?? '';
  const out: TreeRow[] = [];
  const keep = (a: CoaAccount): boolean => {
    if (!f.showInactive && !a.isActive) return false;
    if (f.type && a.type !== f.type) return false;
    return true;
  };
  // Whether the subtree has a match (used while searching).
  const hasMatch = (a: CoaAccount): boolean => keep(a) && (matchesAccount(a, search) || (a.children ?? []).some((c) => hasMatch(c)));
  const walk = (a: CoaAccount, depth: number) => {
    if (!keep(a)) return;
    if (search && !hasMatch(a)) return;
    const kids = (a.children ?? []).filter(keep);
    const open = search ? true : expanded.has(a.id);
    out.push({ account: a, depth, expandable: kids.length > 0, expanded: kids.length > 0 && open });
    if (kids.length && open) for (const c of kids) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  return out;
}

/** Ids of every account that has children (expand all). */
export function headerIds(roots: CoaAccount[]): string[] {
  const ids: string[] = [];
  const walk = (a: CoaAccount) => {
    if (a.children?.length) {
      ids.push(a.id);
      for (const c of a.children) walk(c);
    }
  };
  for (const r of roots) walk(r);
  return ids;
}

/** The account and every account below it (a parent cannot move under its own sub-account). */
export function subtreeIds(a: CoaAccount): Set<string> {
  const ids = new Set<string>([a.id]);
  const walk = (x: CoaAccount) => {
    for (const c of x.children ?? []) {
      ids.add(c.id);
      walk(c);
    }
  };
  walk(a);
  return ids;
}

export function findAccount(roots: CoaAccount[], id: string): CoaAccount | null {
  for (const r of roots) {
    if (r.id === id) return r;
    const found = findAccount(r.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** A code suggestion for a new child: the parent's code and the next free two-digit suffix (10101 → 10102 ...). */
export function suggestChildCode(parent: CoaAccount): string {
  const kids = parent.children ?? [];
  const suffixes = kids.map((k) => (k.code.startsWith(parent.code) ? k.code.slice(parent.code.length) : '')).filter((s) => /^\d+$/.test(s));
  const width = suffixes[0]?.length ?? 2;
  const next = suffixes.reduce((m, s) => Math.max(m, Number(s)), 0) + 1;
  return `${parent.code}${String(next).padStart(width, '0')}`;
}
