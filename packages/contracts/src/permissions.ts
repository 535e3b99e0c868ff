/**
 * Menu sections of spec section 2 in their order. A role grants, per section,
 * the actions view, add, update and delete; every API route declares the
 * section and action it needs (or that it is public / for any signed-in user).
 */
import type { RoleCode } from './enums.ts';

export const MENU_SECTIONS = [
  { key: 'dashboard', id: 'Dashboard', en: 'Dashboard' },
  { key: 'master_data', id: 'Master Data', en: 'Master Data' },
  { key: 'member', id: 'Anggota', en: 'Members' },
  { key: 'user_access', id: 'User Akses', en: 'User Access' },
  { key: 'product', id: 'Produk', en: 'Products' },
  { key: 'member_transaction', id: 'Transaksi Anggota', en: 'Member Transactions' },
  { key: 'general_journal', id: 'Jurnal Umum', en: 'General Journal' },
  { key: 'adjustment_journal', id: 'Jurnal Penyesuaian', en: 'Adjustment Journal' },
  { key: 'shu', id: 'Pembagian SHU', en: 'SHU Distribution' },
  { key: 'settings', id: 'Pengaturan', en: 'Settings' },
  { key: 'cash_bank', id: 'Kas & Bank', en: 'Cash & Bank' },
  { key: 'report', id: 'Laporan', en: 'Reports' },
  { key: 'interest_release', id: 'Rilis Jasa', en: 'Interest Release' },
  { key: 'business_unit', id: 'Unit Usaha', en: 'Business Units' },
  { key: 'interest_simulation', id: 'Simulasi Jasa', en: 'Interest Simulation' },
  { key: 'branch', id: 'Cabang', en: 'Branches' },
  { key: 'area', id: 'Area', en: 'Areas' },
  { key: 'access_role', id: 'Akses Role', en: 'Access Roles' },
  { key: 'teller', id: 'Transaksi Teller', en: 'Teller Transactions' },
] as const;

export type MenuSection = (typeof MENU_SECTIONS)[number]['key'];
export const MENU_SECTION_KEYS = MENU_SECTIONS.map((s) => s.key) as MenuSection[];

export const PERMISSION_ACTIONS = ['view', 'add', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export type SectionPermissions = Record<PermissionAction, boolean>;
export type PermissionMatrix = Partial<Record<MenuSection, SectionPermissions>>;

const all: SectionPermissions = { view: true, add: true, update: true, delete: true };
const none: SectionPermissions = { view: false, add: false, update: false, delete: false };
const viewOnly: SectionPermissions = { view: true, add: false, update: false, delete: false };
const work: SectionPermissions = { view: true, add: true, update: true, delete: false };

function matrix(grant: Partial<Record<MenuSection, SectionPermissions>>): PermissionMatrix {
  const m: PermissionMatrix = {};
  for (const key of MENU_SECTION_KEYS) m[key] = grant[key] ?? none;
  return m;
}

/**
 * Permissions the three built-in roles start with in a NEW cooperative (a
 * cooperative may edit TELLER and AGENT; existing ones keep what they have).
 * A cooperative's practice: the teller registers prospective members at the
 * counter (member add; bulk upload needs update); the agent sees their own
 * members and collections, registers in the field, and does not read the
 * cooperative's statements (no Laporan).
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleCode, PermissionMatrix> = {
  SUPER_ADMIN: matrix(Object.fromEntries(MENU_SECTION_KEYS.map((k) => [k, all]))),
  TELLER: matrix({
    dashboard: viewOnly,
    member: { view: true, add: true, update: false, delete: false },
    product: viewOnly,
    member_transaction: work,
    cash_bank: viewOnly,
    report: viewOnly,
    teller: work,
  }),
  AGENT: matrix({
    dashboard: viewOnly,
    member: { view: true, add: true, update: false, delete: false },
    member_transaction: { view: true, add: true, update: false, delete: false },
  }),
};

export function hasPermission(permissions: PermissionMatrix | null | undefined, section: MenuSection, action: PermissionAction): boolean {
  return Boolean(permissions?.[section]?.[action]);
}
