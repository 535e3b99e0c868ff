/**
 * The menu of spec section 2, in the spec's order: every section and entry
 * with a stable path, its permission section and its icon. This is the
 * single list of menu paths; features register screens for these paths in
 * their `routes.tsx` (see docs/web.md). An entry no feature serves yet is
 * left out of the menu (`servedNavigation`), and appears by itself once an
 * area registers the path; opened by its address it shows "coming soon". Labels are i18n keys in common.json:
 * `nav.<entry>.title` for entries and groups, `nav.<section>.<item>` for items.
 */
import type { MenuSection } from '@koperasi/contracts/permissions';
import type { NavIconName } from './layouts/navIcons';

export interface NavLeaf {
  /** i18n key under `nav.` (common namespace). */
  key: string;
  path: string;
  section: MenuSection;
}

export interface NavEntry {
  key: string;
  section: MenuSection;
  /** Icon of the entry (names in layouts/navIcons.tsx, loaded with the shell only). */
  icon: NavIconName;
  /** Leaf entry. */
  path?: string;
  /** Group entry. */
  children?: NavLeaf[];
}

const leaf = (section: MenuSection, key: string, path: string): NavLeaf => ({ key: `${section}.${key}`, path, section });

export const NAVIGATION: NavEntry[] = [
  { key: 'dashboard', section: 'dashboard', icon: 'DashboardOutlined', path: '/dashboard' },
  {
    key: 'master_data',
    section: 'master_data',
    icon: 'StorageOutlined',
    children: [
      leaf('master_data', 'ad_art', '/master-data/ad-art'),
      leaf('master_data', 'categories', '/master-data/categories'),
      leaf('master_data', 'check_user', '/master-data/check-user'),
    ],
  },
  {
    key: 'member',
    section: 'member',
    icon: 'GroupsOutlined',
    children: [
      leaf('member', 'list', '/members'),
      leaf('member', 'prospective', '/members/prospective'),
      leaf('member', 'applications', '/members/applications'),
      leaf('member', 'upload', '/members/upload'),
      leaf('member', 'exit', '/members/exit'),
    ],
  },
  {
    key: 'user_access',
    section: 'user_access',
    icon: 'ManageAccountsOutlined',
    children: [
      leaf('user_access', 'users', '/users'),
      leaf('user_access', 'organization', '/users/organization'),
      leaf('user_access', 'agents', '/users/agents'),
    ],
  },
  {
    key: 'product',
    section: 'product',
    icon: 'Inventory2Outlined',
    children: [
      leaf('product', 'all', '/products'),
      leaf('product', 'savings', '/products/savings'),
      leaf('product', 'equity', '/products/equity'),
      leaf('product', 'deposits', '/products/deposits'),
      leaf('product', 'loans', '/products/loans'),
      leaf('product', 'bills', '/products/bills'),
      leaf('product', 'equity_participation', '/products/equity-participation'),
    ],
  },
  {
    key: 'member_transaction',
    section: 'member_transaction',
    icon: 'SwapHorizOutlined',
    children: [
      leaf('member_transaction', 'savings', '/transactions/savings'),
      leaf('member_transaction', 'deposits', '/transactions/deposits'),
      leaf('member_transaction', 'loans', '/transactions/loans'),
      leaf('member_transaction', 'bills', '/transactions/bills'),
      leaf('member_transaction', 'auto_debit', '/transactions/auto-debit'),
      leaf('member_transaction', 'loan_auto_debit', '/transactions/loan-auto-debit'),
      leaf('member_transaction', 'online', '/transactions/online-requests'),
      leaf('member_transaction', 'history', '/transactions/history'),
    ],
  },
  {
    key: 'general_journal',
    section: 'general_journal',
    icon: 'MenuBookOutlined',
    children: [leaf('general_journal', 'list', '/journal/general'), leaf('general_journal', 'closing', '/journal/closing')],
  },
  { key: 'adjustment_journal', section: 'adjustment_journal', icon: 'TuneOutlined', path: '/journal/adjustment' },
  { key: 'shu', section: 'shu', icon: 'DonutSmallOutlined', path: '/shu' },
  {
    key: 'settings',
    section: 'settings',
    icon: 'SettingsOutlined',
    children: [
      leaf('settings', 'regulation', '/settings/configuration'),
      leaf('settings', 'migration', '/settings/migration'),
      leaf('settings', 'coa', '/settings/coa'),
      leaf('settings', 'cooperative', '/settings/cooperative'),
      leaf('settings', 'mobile_apps', '/settings/mobile-apps'),
      leaf('settings', 'member_services', '/settings/member-services'),
      leaf('settings', 'collectability', '/settings/collectability'),
    ],
  },
  { key: 'cash_bank', section: 'cash_bank', icon: 'AccountBalanceWalletOutlined', path: '/cash-bank' },
  {
    key: 'report',
    section: 'report',
    icon: 'AssessmentOutlined',
    children: [
      leaf('report', 'balance_sheet', '/reports/balance-sheet'),
      leaf('report', 'profit_loss', '/reports/profit-loss'),
      leaf('report', 'ledger', '/reports/ledger'),
      leaf('report', 'trial_balance', '/reports/trial-balance'),
      leaf('report', 'journal', '/reports/journal'),
      leaf('report', 'shu', '/reports/shu'),
      leaf('report', 'transactions', '/reports/transactions'),
      leaf('report', 'savings', '/reports/savings'),
      leaf('report', 'deposits', '/reports/deposits'),
      leaf('report', 'loans', '/reports/loans'),
      leaf('report', 'collectability', '/reports/collectability'),
      leaf('report', 'npl', '/reports/npl'),
      leaf('report', 'collateral', '/reports/collateral'),
      leaf('report', 'interest', '/reports/interest'),
      leaf('report', 'bills', '/reports/bill-realization'),
      leaf('report', 'business_units', '/reports/business-units'),
      leaf('report', 'business_unit_debts', '/reports/business-unit-debts'),
      leaf('report', 'agent_transactions', '/reports/agent-transactions'),
      leaf('report', 'activity', '/reports/activity'),
    ],
  },
  {
    key: 'interest_release',
    section: 'interest_release',
    icon: 'PaidOutlined',
    children: [
      leaf('interest_release', 'consolidation', '/interest-release/consolidation'),
      leaf('interest_release', 'upload', '/interest-release/upload'),
      leaf('interest_release', 'deposit', '/interest-release/deposit'),
      leaf('interest_release', 'saving', '/interest-release/saving'),
    ],
  },
  {
    key: 'business_unit',
    section: 'business_unit',
    icon: 'StorefrontOutlined',
    children: [leaf('business_unit', 'list', '/business-units'), leaf('business_unit', 'transactions', '/business-units/transactions')],
  },
  {
    key: 'interest_simulation',
    section: 'interest_simulation',
    icon: 'CalculateOutlined',
    children: [
      leaf('interest_simulation', 'base_rate', '/interest-simulation/base-rate'),
      leaf('interest_simulation', 'profit_sharing', '/interest-simulation/profit-sharing'),
    ],
  },
  { key: 'branch', section: 'branch', icon: 'ApartmentOutlined', path: '/branches' },
  { key: 'area', section: 'area', icon: 'MapOutlined', path: '/areas' },
  { key: 'access_role', section: 'access_role', icon: 'AdminPanelSettingsOutlined', path: '/roles' },
  {
    key: 'teller',
    section: 'teller',
    icon: 'PointOfSaleOutlined',
    children: [
      leaf('teller', 'session', '/teller/session'),
      leaf('teller', 'handover', '/teller/handover'),
      leaf('teller', 'history', '/teller/history'),
    ],
  },
];

/** The agent's dashboard replaces /dashboard for role AGENT (spec section 2). */
export const AGENT_DASHBOARD_PATH = '/dashboard-agent';

/** Every menu path with its label key and section (leaf entries and group children). */
export interface MenuLeaf extends NavLeaf {
  /** i18n key of the entry's label (common namespace). */
  labelKey: string;
  groupKey: string | null;
  /** i18n key of the group's label, for breadcrumbs. */
  groupLabelKey: string | null;
}

/** Label key of a top-level entry (`nav.<key>.title`); children use `nav.<section>.<key>`. */
export const entryLabelKey = (key: string) => `nav.${key}.title`;
export const leafLabelKey = (key: string) => `nav.${key}`;

export function menuLeaves(): MenuLeaf[] {
  const out: MenuLeaf[] = [];
  for (const e of NAVIGATION) {
    if (e.path)
      out.push({ key: e.key, path: e.path, section: e.section, labelKey: entryLabelKey(e.key), groupKey: null, groupLabelKey: null });
    for (const c of e.children ?? []) {
      out.push({ ...c, labelKey: leafLabelKey(c.key), groupKey: e.key, groupLabelKey: entryLabelKey(e.key) });
    }
  }
  return out;
}

/** The menu entry (and its group) of a path: exact match, else the longest menu path that prefixes it. */
export function findMenuEntry(pathname: string): MenuLeaf | null {
  const leaves = menuLeaves();
  const exact = leaves.find((l) => l.path === pathname);
  if (exact) return exact;
  let best: MenuLeaf | null = null;
  for (const l of leaves) {
    if (pathname.startsWith(`${l.path}/`) && (!best || l.path.length > best.path.length)) best = l;
  }
  return best;
}

/**
 * The menu without the entries no screen serves yet: a leaf stays when
 * `served(path)` (the dashboard always does), a group when a child stays.
 */
export function servedNavigation(nav: NavEntry[], served: (path: string) => boolean): NavEntry[] {
  const out: NavEntry[] = [];
  for (const e of nav) {
    if (e.children) {
      const children = e.children.filter((c) => served(c.path));
      if (children.length) out.push({ ...e, children });
    } else if (e.key === 'dashboard' || (e.path && served(e.path))) out.push(e);
  }
  return out;
}
