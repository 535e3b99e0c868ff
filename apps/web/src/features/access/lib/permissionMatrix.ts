/**
 * The rules of the permission matrix editor, as the server applies them
 * (roles.service.ts normalizeMatrix): every section has view, add, update and
 * delete; add, update or delete imply view, and taking view away takes the
 * others with it. Cells the editor may not change (SUPER ADMIN's locked
 * matrix, or a right the signed-in user does not hold and the role did not
 * have) are left as they are by every toggle.
 */
import {
  MENU_SECTION_KEYS,
  MENU_SECTIONS,
  type MenuSection,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionMatrix,
  type SectionPermissions,
} from '@koperasi/contracts/permissions';

export type FullMatrix = Record<MenuSection, SectionPermissions>;
export type CellGuard = (section: MenuSection, action: PermissionAction) => boolean;

const NONE: SectionPermissions = { view: false, add: false, update: false, delete: false };

/** Every section and action present; add/update/delete imply view. */
export function normalizeMatrix(m: PermissionMatrix | null | undefined): FullMatrix {
  const out = {} as FullMatrix;
  for (const key of MENU_SECTION_KEYS) {
    const s = { ...NONE, ...(m?.[key] ?? {}) };
    if (s.add || s.update || s.delete) s.view = true;
    out[key] = s;
  }
  return out;
}

/** The label of a menu section in the language (Indonesian for id, English otherwise). */
export function sectionLabel(section: MenuSection, lang: string): string {
  const s = MENU_SECTIONS.find((x) => x.key === section)!;
  return lang === 'id' ? s.id : s.en;
}

function setCell(row: SectionPermissions, action: PermissionAction, on: boolean, editable: (a: PermissionAction) => boolean) {
  const next = { ...row };
  if (!editable(action)) return next;
  next[action] = on;
  if (on && action !== 'view' && editable('view')) next.view = true;
  if (!on && action === 'view') for (const a of PERMISSION_ACTIONS) if (editable(a)) next[a] = false;
  // A right kept by a locked cell keeps view on.
  if (next.add || next.update || next.delete) next.view = true;
  return next;
}

export function toggleCell(m: FullMatrix, section: MenuSection, action: PermissionAction, on: boolean, can: CellGuard = () => true) {
  return { ...m, [section]: setCell(m[section], action, on, (a) => can(section, a)) };
}

/** The state of a row or column toggle: every editable cell on ('all'), nothing on ('none'), or in between. */
export function toggleState(cells: Array<{ on: boolean; editable: boolean }>): 'all' | 'some' | 'none' {
  if (!cells.some((c) => c.on)) return 'none';
  const editable = cells.filter((c) => c.editable);
  return (editable.length ? editable : cells).every((c) => c.on) ? 'all' : 'some';
}

export function rowState(m: FullMatrix, section: MenuSection, can: CellGuard = () => true) {
  return toggleState(PERMISSION_ACTIONS.map((a) => ({ on: m[section][a], editable: can(section, a) })));
}

export function columnState(m: FullMatrix, action: PermissionAction, can: CellGuard = () => true) {
  return toggleState(MENU_SECTION_KEYS.map((s) => ({ on: m[s][action], editable: can(s, action) })));
}

/** Row toggle: a full row is cleared, anything else is filled (editable cells only). */
export function toggleRow(m: FullMatrix, section: MenuSection, can: CellGuard = () => true): FullMatrix {
  const on = rowState(m, section, can) !== 'all';
  let row = { ...m[section] };
  const order: PermissionAction[] = on ? ['view', 'add', 'update', 'delete'] : ['add', 'update', 'delete', 'view'];
  for (const a of order) row = setCell(row, a, on, (x) => can(section, x));
  return { ...m, [section]: row };
}

/** Column toggle: a full column is cleared, anything else is filled (editable cells only). */
export function toggleColumn(m: FullMatrix, action: PermissionAction, can: CellGuard = () => true): FullMatrix {
  const on = columnState(m, action, can) !== 'all';
  const out = { ...m };
  for (const s of MENU_SECTION_KEYS) out[s] = setCell(m[s], action, on, (a) => can(s, a));
  return out;
}

/** Everything on or everything off. */
export function toggleAll(m: FullMatrix, on: boolean, can: CellGuard = () => true): FullMatrix {
  const out = { ...m };
  const order: PermissionAction[] = on ? ['view', 'add', 'update', 'delete'] : ['add', 'update', 'delete', 'view'];
  for (const s of MENU_SECTION_KEYS) {
    let row = { ...m[s] };
    for (const a of order) row = setCell(row, a, on, (x) => can(s, x));
    out[s] = row;
  }
  return out;
}

/** How many section/action rights are granted. */
export function grantedCount(m: PermissionMatrix | null | undefined): number {
  const n = normalizeMatrix(m);
  return MENU_SECTION_KEYS.reduce((sum, s) => sum + PERMISSION_ACTIONS.filter((a) => n[s][a]).length, 0);
}

/** How many sections the role may open (view). */
export function viewableSections(m: PermissionMatrix | null | undefined): number {
  const n = normalizeMatrix(m);
  return MENU_SECTION_KEYS.filter((s) => n[s].view).length;
}
