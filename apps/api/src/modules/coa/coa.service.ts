/**
 * Chart of accounts (Pengaturan kode COA) and balance adjustments.
 *
 * Decisions:
 *  - Codes are unique per cooperative (letters, digits, dots, dashes; up to
 *    20). A child code need not start with its parent's: cooperatives bring
 *    their own numbering.
 *  - An account's type is its parent's (a tree never mixes assets and
 *    expenses); the normal balance defaults from the type (debit for assets
 *    and expenses) and may be set the other way for contra accounts
 *    (accumulated depreciation, loan-loss allowance).
 *  - A parent must be a header account; a header cannot receive postings,
 *    so an account with postings cannot become a header, and a header with
 *    sub-accounts cannot become postable. Type and normal balance are locked
 *    once the account has postings or sub-accounts.
 *  - An account with postings or sub-accounts is never deleted: deactivate it.
 *    Deactivating needs a zero balance and no active sub-accounts. System
 *    accounts (those with a system key, which the product's modules post to)
 *    can be renamed and renumbered, but never deleted, deactivated or made headers.
 *  - Balance adjustment (opening balances and corrections) never writes a
 *    balance: it posts a journal against OPENING_EQUITY for the difference
 *    between the balance wanted on the date and the balance the ledger shows on
 *    that date (source BALANCE_ADJUSTMENT for one account, OPENING for several
 *    accounts at once). Later balances move by the same difference.
 *  - Balances shown are in each account's normal-balance sign; a header shows
 *    the sum of the accounts below it in its own sign.
 */
import type { AccountType, CoaAccount, NormalBalance } from '@koperasi/contracts';
import { hasPermission } from '@koperasi/contracts';
import { type Dec, formatRupiah, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { unitExists } from '../business-units/business-units.repo.ts';
import { type AccountLedger, accountLedger, sortDirection } from '../ledger/account-ledger.ts';
import { balancesAsOf, type Movement } from '../ledger/balances.ts';
import { monthStart, todayJakarta } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import {
  type AccountRow,
  type AccountTree,
  childCount,
  codeTaken,
  deleteAccountRow,
  findAccount,
  findAccountByRef,
  hasPostings,
  insertAccount,
  loadTree,
  updateAccountRow,
} from './coa.repo.ts';
import { normalBalance } from './default-coa.ts';

const coaNotFound = () => notFound('ledger.coa_not_found');

/** Raw debit/credit per account including everything below it. */
function rollup(tree: AccountTree, mv: Map<string, Movement>): Map<string, { debit: Dec; credit: Dec }> {
  const out = new Map<string, { debit: Dec; credit: Dec }>();
  const walk = (a: AccountRow): { debit: Dec; credit: Dec } => {
    const own = mv.get(a.id);
    let debit = own?.debit ?? ZERO;
    let credit = own?.credit ?? ZERO;
    for (const c of tree.childrenOf(a.id)) {
      const s = walk(c);
      debit = debit.plus(s.debit);
      credit = credit.plus(s.credit);
    }
    const r = { debit, credit };
    out.set(a.id, r);
    return r;
  };
  for (const r of tree.roots()) walk(r);
  return out;
}

/**
 * Balances are financial position: a user sees them with cash_bank:view or
 * report:view (the balance sheet's permission), never with only the pickers'
 * `auth` or dashboard:view. Without them the accounts are listed with
 * `balance: null` (issue 18).
 */
export function balancesVisible(ctx: Ctx): boolean {
  const p = ctx.principal?.permissions;
  return hasPermission(p, 'cash_bank', 'view') || hasPermission(p, 'report', 'view');
}

function toDto(a: AccountRow, tree: AccountTree, sums: Map<string, { debit: Dec; credit: Dec }> | null): CoaAccount {
  const parent = a.parent_id ? tree.byId.get(a.parent_id) : undefined;
  const s = sums?.get(a.id);
  const balance = !sums ? null : s ? (a.normal_balance === 'DEBIT' ? s.debit.minus(s.credit) : s.credit.minus(s.debit)) : ZERO;
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    parentId: a.parent_id,
    parentCode: parent?.code ?? null,
    parentName: parent?.name ?? null,
    type: a.type,
    normalBalance: a.normal_balance,
    isPostable: a.is_postable,
    isActive: a.is_active,
    systemKey: a.system_key,
    businessUnitId: a.business_unit_id,
    cashKind: a.cash_kind,
    description: a.description,
    level: tree.level(a.id),
    hasChildren: tree.childrenOf(a.id).length > 0,
    balance: balance as unknown as number | null,
    createdDate: a.created_date.toISOString(),
    updatedDate: a.updated_date.toISOString(),
  };
}

/** The accounts, and their balances when the user may see them (`sums` null otherwise: not even computed). */
async function snapshot(tx: Tx, ctx: Ctx, asOf?: string | null) {
  const tree = await loadTree(tx);
  const sums = balancesVisible(ctx) ? rollup(tree, await balancesAsOf(tx, asOf ?? null)) : null;
  return { tree, sums };
}

interface ListFilter {
  search?: string;
  type?: AccountType;
  isPostable?: boolean;
  isActive?: boolean;
}

function matches(a: AccountRow, f: ListFilter): boolean {
  if (f.type && a.type !== f.type) return false;
  if (f.isPostable !== undefined && a.is_postable !== f.isPostable) return false;
  if (f.isActive !== undefined && a.is_active !== f.isActive) return false;
  if (f.search) {
    const s = f.search.toLowerCase();
    if (!a.code.toLowerCase().includes(s) && !a.name.toLowerCase().includes(s)) return false;
  }
  return true;
}

/** GET /api/coa: every account in code order (or as a tree), with balances. */
export async function listAccounts(ctx: Ctx, q: ListFilter & { tree?: boolean; asOf?: string }) {
  return withTx(ctx, async (tx) => {
    const { tree, sums } = await snapshot(tx, ctx, q.asOf);
    if (q.tree) {
      const build = (a: AccountRow): CoaAccount | null => {
        const children = tree
          .childrenOf(a.id)
          .map(build)
          .filter((c): c is CoaAccount => c !== null);
        if (!children.length && !matches(a, q)) return null;
        return { ...toDto(a, tree, sums), children };
      };
      return tree
        .roots()
        .map(build)
        .filter((c): c is CoaAccount => c !== null);
    }
    return tree.rows.filter((a) => matches(a, q)).map((a) => toDto(a, tree, sums));
  });
}

/** GET /api/coa/parent: header accounts that can hold sub-accounts. */
export async function parentAccounts(ctx: Ctx, q: { type?: AccountType; search?: string }) {
  return listAccounts(ctx, { ...q, isPostable: false, isActive: true });
}

const SORTS: Record<string, (a: AccountRow) => string> = {
  code: (a) => a.code,
  name: (a) => a.name.toLowerCase(),
  type: (a) => a.type,
  created_date: (a) => a.created_date.toISOString(),
  createdDate: (a) => a.created_date.toISOString(),
  updated_date: (a) => a.updated_date.toISOString(),
};

/** `code`, `code,asc`, `name:desc`, `-name`. */
function parseSort(sort: string | undefined, sortBy: string | undefined, ascOrDesc: 'ASC' | 'DESC'): { key: string; dir: 'ASC' | 'DESC' } {
  if (sort) {
    const [k, d] = sort.replace(/^-/, '').split(/[,:\s]/);
    return { key: k, dir: sort.startsWith('-') || d?.toLowerCase() === 'desc' ? 'DESC' : 'ASC' };
  }
  if (sortBy) return { key: sortBy, dir: ascOrDesc };
  return { key: 'code', dir: 'ASC' };
}

/** GET /api/coa/datatable. Default order: code ascending. */
export async function datatable(
  ctx: Ctx,
  q: ListFilter & { page: number; limit: number; sort?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; parentId?: string },
) {
  return withTx(ctx, async (tx) => {
    const { tree, sums } = await snapshot(tx, ctx);
    const { key, dir } = parseSort(q.sort, q.sortBy, q.ascOrDesc);
    const get = SORTS[key] ?? SORTS.code;
    const rows = tree.rows
      .filter((a) => matches(a, q) && (!q.parentId || a.parent_id === q.parentId))
      .sort((x, y) => {
        const c = get(x) < get(y) ? -1 : get(x) > get(y) ? 1 : x.code.localeCompare(y.code);
        return dir === 'DESC' ? -c : c;
      });
    const page = rows.slice(q.page * q.limit, q.page * q.limit + q.limit).map((a) => toDto(a, tree, sums));
    return paged(page, rows.length, q.page, q.limit);
  });
}

/**
 * GET /api/coa/{id}/search-by-parent: the postable accounts below a parent
 * (id or code: coa/101/search-by-parent lists cash and bank), with balances.
 */
export async function childrenOf(
  ctx: Ctx,
  ref: string,
  q: { search?: string; includeInactive?: boolean; includeHeaders?: boolean; asOf?: string },
) {
  return withTx(ctx, async (tx) => {
    const parent = await findAccountByRef(tx, ref);
    if (!parent) throw coaNotFound();
    const { tree, sums } = await snapshot(tx, ctx, q.asOf);
    return tree
      .subtree(parent.id)
      .filter((a) => a.id !== parent.id)
      .filter((a) => (q.includeHeaders || a.is_postable) && (q.includeInactive || a.is_active) && matches(a, { search: q.search }))
      .map((a) => toDto(a, tree, sums));
  });
}

export async function accountDetail(ctx: Ctx, ref: string) {
  return withTx(ctx, async (tx) => {
    const a = await findAccountByRef(tx, ref);
    if (!a) throw coaNotFound();
    const { tree, sums } = await snapshot(tx, ctx);
    return { ...toDto(a, tree, sums), hasPostings: await hasPostings(tx, a.id) };
  });
}

/** GET /api/coa/{id}/mutation: opening balance, lines with running balance, closing balance. */
export async function mutation(
  ctx: Ctx,
  ref: string,
  q: { start?: string; end?: string; page: number; limit: number; sort?: string },
): Promise<AccountLedger> {
  return withTx(ctx, async (tx) => {
    const a = await findAccountByRef(tx, ref);
    if (!a) throw coaNotFound();
    const end = q.end ?? todayJakarta();
    const start = q.start ?? monthStart(end);
    if (start > end) throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'start' });
    return accountLedger(tx, a, await loadTree(tx), { start, end, page: q.page, limit: q.limit, dir: sortDirection(q.sort) });
  });
}

function duplicate(err: unknown, code: string): never {
  if ((err as { code?: string }).code === '23505') throw conflict('COA_CODE_TAKEN', 'ledger.coa_code_taken', { code });
  throw err;
}

async function checkParent(tx: Tx, parentId: string, type: AccountType | undefined, active: boolean): Promise<AccountRow> {
  const parent = await findAccount(tx, parentId, true);
  if (!parent) throw unprocessable('COA_PARENT_NOT_FOUND', 'ledger.coa_parent_not_found');
  if (parent.is_postable) throw unprocessable('COA_PARENT_NOT_HEADER', 'ledger.coa_parent_not_header', { code: parent.code });
  if (type && type !== parent.type) {
    throw unprocessable('COA_PARENT_TYPE_MISMATCH', 'ledger.coa_parent_type_mismatch', { type: `report.section.${parent.type}` });
  }
  if (active && !parent.is_active) throw unprocessable('COA_PARENT_INACTIVE', 'ledger.coa_parent_inactive', { code: parent.code });
  return parent;
}

export interface CoaCreate {
  code: string;
  name: string;
  parentId?: string | null;
  type?: AccountType;
  normalBalance?: NormalBalance;
  isPostable: boolean;
  isActive: boolean;
  businessUnitId?: string | null;
  cashKind?: 'CASH' | 'BANK' | null;
  description?: string | null;
}

/** Whether an account with this parent sits below Kas dan Bank (CASH_BANK, or code 101). */
function underCashBank(tree: AccountTree, parentId: string | null): boolean {
  const seen = new Set<string>();
  let p = parentId ? tree.byId.get(parentId) : undefined;
  while (p && !seen.has(p.id)) {
    if (p.system_key === 'CASH_BANK' || p.code === '101') return true;
    seen.add(p.id);
    p = p.parent_id ? tree.byId.get(p.parent_id) : undefined;
  }
  return false;
}

/** The name rule of migration 0910 for a new account below Kas dan Bank whose kind is not given. */
const kindFromName = (name: string): 'CASH' | 'BANK' => (/(bank|giro|rekening)/i.test(name) ? 'BANK' : 'CASH');

/** A cash kind only on a postable account below Kas dan Bank. */
function checkCashKind(tree: AccountTree, code: string, parentId: string | null, postable: boolean, kind: string | null | undefined) {
  if (kind && (!postable || !underCashBank(tree, parentId))) {
    throw new AppError(422, 'COA_CASH_KIND_INVALID', 'ledger.coa_cash_kind_invalid', { code }, [
      { field: 'cashKind', message: 'ledger.coa_cash_kind_invalid' },
    ]);
  }
}

export async function createAccount(ctx: Ctx, b: CoaCreate) {
  return withTx(ctx, async (tx) => {
    let type = b.type;
    if (b.parentId) {
      const parent = await checkParent(tx, b.parentId, b.type, b.isActive);
      type = parent.type;
    } else if (!type) {
      throw badRequest('COA_TYPE_REQUIRED', 'ledger.coa_type_required', undefined, [
        { field: 'type', message: 'ledger.coa_type_required' },
      ]);
    }
    if (await codeTaken(tx, b.code)) throw conflict('COA_CODE_TAKEN', 'ledger.coa_code_taken', { code: b.code });
    if (b.businessUnitId && !(await unitExists(tx, b.businessUnitId))) throw notFound('business_unit.not_found');
    // Not given: a postable account below Kas dan Bank gets its kind from its name (null: explicitly none).
    const chart = await loadTree(tx);
    const cashKind =
      b.cashKind === undefined ? (b.isPostable && underCashBank(chart, b.parentId ?? null) ? kindFromName(b.name) : null) : b.cashKind;
    checkCashKind(chart, b.code, b.parentId ?? null, b.isPostable, cashKind);
    const nb = b.normalBalance ?? normalBalance({ type: type! });
    const id = await insertAccount(tx, {
      code: b.code,
      name: b.name,
      parentId: b.parentId ?? null,
      type: type!,
      normalBalance: nb,
      isPostable: b.isPostable,
      isActive: b.isActive,
      businessUnitId: b.businessUnitId ?? null,
      description: b.description ?? null,
      cashKind,
    }).catch((err) => duplicate(err, b.code));
    const { tree, sums } = await snapshot(tx, ctx);
    const dto = toDto(tree.byId.get(id)!, tree, sums);
    await audit(tx, ctx, { action: 'coa.create', entity: 'coa_account', entityId: dto.id, after: dto });
    return dto;
  });
}

export interface CoaUpdate {
  id: string;
  code?: string;
  name?: string;
  parentId?: string | null;
  type?: AccountType;
  normalBalance?: NormalBalance;
  isPostable?: boolean;
  isActive?: boolean;
  businessUnitId?: string | null;
  cashKind?: 'CASH' | 'BANK' | null;
  description?: string | null;
}

export async function updateAccount(ctx: Ctx, b: CoaUpdate) {
  return withTx(ctx, async (tx) => {
    const a = await findAccount(tx, b.id, true);
    if (!a) throw coaNotFound();
    const tree = await loadTree(tx);
    const next = {
      code: b.code ?? a.code,
      name: b.name ?? a.name,
      parentId: b.parentId === undefined ? a.parent_id : b.parentId,
      type: b.type ?? a.type,
      normalBalance: b.normalBalance ?? (b.type && b.type !== a.type ? normalBalance({ type: b.type }) : a.normal_balance),
      isPostable: b.isPostable ?? a.is_postable,
      isActive: b.isActive ?? a.is_active,
      businessUnitId: b.businessUnitId === undefined ? a.business_unit_id : b.businessUnitId,
      description: b.description === undefined ? a.description : b.description,
      cashKind: b.cashKind === undefined ? a.cash_kind : b.cashKind,
    };
    // A header holds no cash, nor an account outside Kas dan Bank: becoming one drops the kind (unless given).
    if (b.cashKind === undefined && (!next.isPostable || !underCashBank(tree, next.parentId))) next.cashKind = null;
    checkCashKind(tree, next.code, next.parentId, next.isPostable, next.cashKind);
    if (next.businessUnitId && next.businessUnitId !== a.business_unit_id && !(await unitExists(tx, next.businessUnitId)))
      throw notFound('business_unit.not_found');
    const children = await childCount(tx, a.id);
    const posted = await hasPostings(tx, a.id);
    if (next.code !== a.code && (await codeTaken(tx, next.code, a.id)))
      throw conflict('COA_CODE_TAKEN', 'ledger.coa_code_taken', { code: next.code });
    if ((next.type !== a.type || next.normalBalance !== a.normal_balance) && (posted || children > 0)) {
      throw unprocessable('COA_TYPE_LOCKED', 'ledger.coa_type_locked', { code: a.code });
    }
    if (next.parentId !== a.parent_id || next.type !== a.type) {
      if (next.parentId) {
        if (tree.isInSubtree(a.id, next.parentId)) throw unprocessable('COA_PARENT_CYCLE', 'ledger.coa_parent_cycle');
        await checkParent(tx, next.parentId, next.type, next.isActive);
      }
    }
    // A system account stays active and postable (a system header such as CASH_BANK stays a header).
    if (a.system_key && ((a.is_postable && !next.isPostable) || (a.is_active && !next.isActive))) {
      throw unprocessable('COA_SYSTEM_ACCOUNT', 'ledger.coa_system_account', { code: a.code, key: a.system_key });
    }
    if (a.is_postable && !next.isPostable && posted)
      throw unprocessable('COA_HEADER_HAS_POSTINGS', 'ledger.coa_header_has_postings', { code: a.code });
    if (!a.is_postable && next.isPostable && children > 0) {
      throw unprocessable('COA_CHILDREN_NOT_POSTABLE', 'ledger.coa_children_not_postable', { code: a.code });
    }
    if (a.is_active && !next.isActive) {
      if (await childCount(tx, a.id, true)) throw unprocessable('COA_ACTIVE_CHILDREN', 'ledger.coa_active_children', { code: a.code });
      const balance = await accountBalance(tx, a.id);
      if (!balance.isZero()) {
        throw unprocessable('COA_BALANCE_NOT_ZERO', 'ledger.coa_balance_not_zero', {
          code: a.code,
          balance: formatRupiah(balance, ctx.lang),
        });
      }
    }
    if (!a.is_active && next.isActive && next.parentId) {
      const parent = tree.byId.get(next.parentId);
      if (parent && !parent.is_active) throw unprocessable('COA_PARENT_INACTIVE', 'ledger.coa_parent_inactive', { code: parent.code });
    }
    const { sums } = await snapshot(tx, ctx);
    const before = toDto(a, tree, sums);
    await updateAccountRow(tx, a.id, next).catch((err) => duplicate(err, next.code));
    const after = await snapshot(tx, ctx);
    const dto = toDto(after.tree.byId.get(a.id)!, after.tree, after.sums);
    await audit(tx, ctx, { action: 'coa.update', entity: 'coa_account', entityId: a.id, before, after: dto });
    return dto;
  });
}

export async function deleteAccount(ctx: Ctx, ref: string) {
  return withTx(ctx, async (tx) => {
    const a = await findAccountByRef(tx, ref, true);
    if (!a) throw coaNotFound();
    if (a.system_key) throw unprocessable('COA_SYSTEM_ACCOUNT', 'ledger.coa_system_account', { code: a.code, key: a.system_key });
    if (await childCount(tx, a.id)) throw unprocessable('COA_HAS_CHILDREN', 'ledger.coa_has_children', { code: a.code });
    if (await hasPostings(tx, a.id)) throw unprocessable('COA_HAS_POSTINGS', 'ledger.coa_has_postings', { code: a.code });
    try {
      await deleteAccountRow(tx, a.id);
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw unprocessable('COA_IN_USE', 'ledger.coa_in_use', { code: a.code });
      throw err;
    }
    await audit(tx, ctx, {
      action: 'coa.delete',
      entity: 'coa_account',
      entityId: a.id,
      before: { code: a.code, name: a.name, type: a.type, parentId: a.parent_id },
    });
    return { id: a.id, code: a.code };
  });
}
