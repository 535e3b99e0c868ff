/**
 * Access roles (Akses Role): a permission matrix per menu section (view, add,
 * update, delete) and the limits of spec section 6.
 *
 * Decisions:
 *  - Every cooperative has the built-in roles SUPER ADMIN, TELLER and AGENT
 *    (created at registration). None can be deleted or renamed. SUPER ADMIN
 *    keeps every permission and no limit: its matrix and limits cannot be
 *    changed (otherwise a cooperative could lock itself out); TELLER and AGENT
 *    are editable. Cooperatives add their own roles.
 *  - The matrix is stored whole (every section, every action). add, update or
 *    delete on a section imply view on it; the server sets view accordingly.
 *  - A role cannot be deleted while users (active or not) hold it.
 *  - No escalation: a user who is not SUPER ADMIN cannot grant a permission,
 *    a limit flag or a higher limit they do not have themselves.
 *  - Limits are rupiah amounts; NULL = no limit, 0 = not allowed at all.
 *    Enforcement is in limits.ts, called by the savings and loan modules.
 */
import {
  MENU_SECTION_KEYS,
  MENU_SECTIONS,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionMatrix,
  type SectionPermissions,
  translate,
} from '@koperasi/contracts';
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { describeLimit } from './limits.ts';
import {
  countRoleHolders,
  deleteRoleRow,
  findRole,
  insertRole,
  pageRoles,
  type RoleFields,
  type RoleRow,
  roleNameTaken,
  rolesForPicker,
  updateRoleRow,
} from './roles.repo.ts';

export { findRole, type RoleRow } from './roles.repo.ts';

/** Every section and action present; add/update/delete imply view. */
export function normalizeMatrix(
  input: Partial<Record<string, Partial<SectionPermissions> | undefined>> | null | undefined,
): PermissionMatrix {
  const out: PermissionMatrix = {};
  for (const key of MENU_SECTION_KEYS) {
    const s = input?.[key] ?? {};
    const add = Boolean(s.add);
    const update = Boolean(s.update);
    const del = Boolean(s.delete);
    out[key] = { view: Boolean(s.view) || add || update || del, add, update, delete: del };
  }
  return out;
}

function sameMatrix(a: PermissionMatrix, b: PermissionMatrix): boolean {
  return MENU_SECTION_KEYS.every((k) => PERMISSION_ACTIONS.every((act) => Boolean(a[k]?.[act]) === Boolean(b[k]?.[act])));
}

function sameLimit(a: Dec | null, b: Dec | null): boolean {
  if (a === null || b === null) return a === b;
  return dec(a).eq(dec(b));
}

export function roleOut(r: RoleRow) {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    isBuiltin: r.code !== null,
    permissions: normalizeMatrix(r.permissions),
    savingWithdrawalLimit: r.saving_withdrawal_limit,
    loanRequestLimit: r.loan_request_limit,
    loanApprovalLimit: r.loan_approval_limit,
    canReleaseLoan: r.can_release_loan,
    canCancelTransaction: r.can_cancel_transaction,
    userCount: r.user_count,
    createdDate: r.created_date,
    updatedDate: r.updated_date,
  };
}

export async function listRoles(ctx: Ctx, q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await pageRoles(tx, ctx.tenantId, q);
    return paged(rows.map(roleOut), total, q.page, q.limit);
  });
}

/** Every role for pickers: built-in roles first, then by name. */
export async function allRoles(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const rows = await rolesForPicker(tx, ctx.tenantId);
    return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, description: r.description, isBuiltin: r.code !== null }));
  });
}

export async function roleDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await findRole(tx, ctx.tenantId, id);
    if (!r) throw notFound('access.role_not_found');
    return roleOut(r);
  });
}

interface RoleInput {
  name?: string;
  description?: string | null;
  permissions?: Partial<Record<string, Partial<SectionPermissions> | undefined>>;
  savingWithdrawalLimit?: number | null;
  loanRequestLimit?: number | null;
  loanApprovalLimit?: number | null;
  canReleaseLoan?: boolean;
  canCancelTransaction?: boolean;
}

interface RoleValues {
  name: string;
  description: string | null;
  permissions: PermissionMatrix;
  savingWithdrawal: Dec | null;
  loanRequest: Dec | null;
  loanApproval: Dec | null;
  canReleaseLoan: boolean;
  canCancelTransaction: boolean;
}

const toDec = (v: number | null | undefined): Dec | null => (v === null || v === undefined ? null : dec(v));

/** A non-SUPER ADMIN editor may only grant what they have (compared with what the role had before). */
function assertNoEscalation(ctx: Ctx, before: RoleValues | null, next: RoleValues) {
  const p = ctx.principal;
  if (!p || p.roleCode === 'SUPER_ADMIN') return;
  for (const key of MENU_SECTION_KEYS) {
    for (const action of PERMISSION_ACTIONS) {
      const granted = Boolean(next.permissions[key]?.[action]);
      const had = Boolean(before?.permissions[key]?.[action]);
      if (granted && !had && !p.permissions[key]?.[action]) {
        const section = MENU_SECTIONS.find((m) => m.key === key)!;
        throw forbidden('PERMISSION_ESCALATION', 'access.grant_exceeds_own', {
          section: section[ctx.lang],
          action: actionName(action, ctx),
        });
      }
    }
  }
  const limits: Array<[keyof RoleValues & ('savingWithdrawal' | 'loanRequest' | 'loanApproval'), string]> = [
    ['savingWithdrawal', 'access.limit.saving_withdrawal'],
    ['loanRequest', 'access.limit.loan_request'],
    ['loanApproval', 'access.limit.loan_approval'],
  ];
  for (const [field, label] of limits) {
    const own = p.limits[field] === null ? null : dec(p.limits[field]!);
    const want = next[field];
    const prev = before ? before[field] : null;
    if (before && sameLimit(prev, want)) continue;
    const exceeds = own !== null && (want === null || want.gt(own));
    if (exceeds) {
      throw forbidden('LIMIT_ESCALATION', 'access.limit_exceeds_own', {
        limit: translate(label, ctx.lang),
        own: describeLimit(own, ctx.lang),
      });
    }
  }
  if (next.canReleaseLoan && !before?.canReleaseLoan && !p.limits.canReleaseLoan) {
    throw forbidden('FLAG_ESCALATION', 'access.flag_exceeds_own', { flag: translate('access.flag.release_loan', ctx.lang) });
  }
  if (next.canCancelTransaction && !before?.canCancelTransaction && !p.limits.canCancelTransaction) {
    throw forbidden('FLAG_ESCALATION', 'access.flag_exceeds_own', { flag: translate('access.flag.cancel_transaction', ctx.lang) });
  }
}

/**
 * Giving a role to a user (users module): someone who is not SUPER ADMIN may
 * only give a role whose permissions, flags and limits they have themselves.
 */
export function assertMayGrantRole(ctx: Ctx, role: RoleRow): void {
  assertNoEscalation(ctx, null, valuesOf(role));
}

function actionName(a: PermissionAction, ctx: Ctx): string {
  const names: Record<PermissionAction, { id: string; en: string }> = {
    view: { id: 'lihat', en: 'view' },
    add: { id: 'tambah', en: 'add' },
    update: { id: 'ubah', en: 'update' },
    delete: { id: 'hapus', en: 'delete' },
  };
  return names[a][ctx.lang];
}

async function assertNameFree(tx: Tx, tenantId: string, name: string, exceptId: string | null) {
  const taken = await roleNameTaken(tx, tenantId, name, exceptId);
  if (taken) throw conflict('ROLE_NAME_TAKEN', 'access.role_name_taken', { name });
}

function fieldsOf(v: RoleValues): RoleFields {
  return {
    ...v,
    savingWithdrawal: v.savingWithdrawal?.toFixed() ?? null,
    loanRequest: v.loanRequest?.toFixed() ?? null,
    loanApproval: v.loanApproval?.toFixed() ?? null,
  };
}

function valuesOf(r: RoleRow): RoleValues {
  return {
    name: r.name,
    description: r.description,
    permissions: normalizeMatrix(r.permissions),
    savingWithdrawal: r.saving_withdrawal_limit,
    loanRequest: r.loan_request_limit,
    loanApproval: r.loan_approval_limit,
    canReleaseLoan: r.can_release_loan,
    canCancelTransaction: r.can_cancel_transaction,
  };
}

/** Unique-index races become the same clear 409 as the check before the insert. */
async function nameRace<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('ROLE_NAME_TAKEN', 'access.role_name_taken', { name });
    throw err;
  }
}

export async function createRole(ctx: Ctx, body: RoleInput & { name: string }) {
  const next: RoleValues = {
    name: body.name,
    description: body.description ?? null,
    permissions: normalizeMatrix(body.permissions),
    savingWithdrawal: toDec(body.savingWithdrawalLimit),
    loanRequest: toDec(body.loanRequestLimit),
    loanApproval: toDec(body.loanApprovalLimit),
    canReleaseLoan: body.canReleaseLoan ?? false,
    canCancelTransaction: body.canCancelTransaction ?? false,
  };
  assertNoEscalation(ctx, null, next);
  return nameRace(body.name, () =>
    withTx(ctx, async (tx) => {
      await assertNameFree(tx, ctx.tenantId, body.name, null);
      const id = await insertRole(tx, ctx.tenantId, fieldsOf(next));
      const created = roleOut((await findRole(tx, ctx.tenantId, id))!);
      await audit(tx, ctx, { action: 'role.create', entity: 'role', entityId: created.id, after: created });
      return created;
    }),
  );
}

export async function updateRole(ctx: Ctx, body: RoleInput & { id: string }) {
  return nameRace(body.name ?? '', () =>
    withTx(ctx, async (tx) => {
      const current = await findRole(tx, ctx.tenantId, body.id, true);
      if (!current) throw notFound('access.role_not_found');
      const before = valuesOf(current);
      const next: RoleValues = {
        name: body.name ?? before.name,
        description: body.description === undefined ? before.description : body.description,
        permissions: body.permissions ? normalizeMatrix(body.permissions) : before.permissions,
        savingWithdrawal: body.savingWithdrawalLimit === undefined ? before.savingWithdrawal : toDec(body.savingWithdrawalLimit),
        loanRequest: body.loanRequestLimit === undefined ? before.loanRequest : toDec(body.loanRequestLimit),
        loanApproval: body.loanApprovalLimit === undefined ? before.loanApproval : toDec(body.loanApprovalLimit),
        canReleaseLoan: body.canReleaseLoan ?? before.canReleaseLoan,
        canCancelTransaction: body.canCancelTransaction ?? before.canCancelTransaction,
      };
      if (current.code && next.name !== before.name) {
        throw unprocessable('ROLE_BUILTIN_RENAME', 'access.role_builtin_rename', { name: current.name });
      }
      if (current.code === 'SUPER_ADMIN') {
        const changed =
          !sameMatrix(next.permissions, before.permissions) ||
          !sameLimit(next.savingWithdrawal, before.savingWithdrawal) ||
          !sameLimit(next.loanRequest, before.loanRequest) ||
          !sameLimit(next.loanApproval, before.loanApproval) ||
          next.canReleaseLoan !== before.canReleaseLoan ||
          next.canCancelTransaction !== before.canCancelTransaction;
        if (changed) throw unprocessable('ROLE_SUPER_ADMIN_LOCKED', 'access.role_super_admin_locked');
      }
      assertNoEscalation(ctx, before, next);
      if (next.name !== before.name) await assertNameFree(tx, ctx.tenantId, next.name, current.id);
      await updateRoleRow(tx, ctx.tenantId, current.id, fieldsOf(next));
      const after = roleOut((await findRole(tx, ctx.tenantId, current.id))!);
      await audit(tx, ctx, { action: 'role.update', entity: 'role', entityId: current.id, before: roleOut(current), after });
      return after;
    }),
  );
}

export async function deleteRole(ctx: Ctx, id: string) {
  await withTx(ctx, async (tx) => {
    const current = await findRole(tx, ctx.tenantId, id, true);
    if (!current) throw notFound('access.role_not_found');
    if (current.code) throw unprocessable('ROLE_BUILTIN', 'access.role_builtin_delete', { name: current.name });
    // Counted under the role's row lock: a user being given this role concurrently waits for us (foreign key lock).
    const held = await countRoleHolders(tx, ctx.tenantId, id);
    if (held > 0) throw conflict('ROLE_IN_USE', 'access.role_in_use', { name: current.name, count: held });
    await deleteRoleRow(tx, ctx.tenantId, id);
    await audit(tx, ctx, { action: 'role.delete', entity: 'role', entityId: id, before: roleOut(current) });
  });
}
