/**
 * SQL of the chart of accounts, and the in-memory tree the ledger and the
 * reports work with (a cooperative has tens to a few hundred accounts, so the
 * whole chart is read at once).
 */
import type { AccountType, NormalBalance } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';

export interface AccountRow {
  id: string;
  code: string;
  name: string;
  parent_id: string | null;
  type: AccountType;
  normal_balance: NormalBalance;
  is_postable: boolean;
  is_active: boolean;
  system_key: string | null;
  business_unit_id: string | null;
  cash_kind: 'CASH' | 'BANK' | null;
  description: string | null;
  created_date: Date;
  updated_date: Date;
}

const COLUMNS = `id, code, name, parent_id, type, normal_balance, is_postable, is_active, system_key, business_unit_id,
  cash_kind, description, created_date, updated_date`;

export async function loadAccounts(tx: Tx): Promise<AccountRow[]> {
  return tx.query<AccountRow>(`SELECT ${COLUMNS} FROM coa_account WHERE tenant_id = $1 ORDER BY code`, [tx.tenantId]);
}

export async function findAccount(tx: Tx, id: string, lock = false): Promise<AccountRow | undefined> {
  if (!isUuid(id)) return undefined;
  return tx.one<AccountRow>(`SELECT ${COLUMNS} FROM coa_account WHERE tenant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [
    tx.tenantId,
    id,
  ]);
}

/** An account by UUID or by code (`coa/101/search-by-parent`). */
export async function findAccountByRef(tx: Tx, ref: string, lock = false): Promise<AccountRow | undefined> {
  const key = ref.trim();
  if (isUuid(key)) return findAccount(tx, key, lock);
  return tx.one<AccountRow>(`SELECT ${COLUMNS} FROM coa_account WHERE tenant_id = $1 AND code = $2${lock ? ' FOR UPDATE' : ''}`, [
    tx.tenantId,
    key,
  ]);
}

/** True when the account has any journal line (the summary has a row for every account ever posted to). */
export async function hasPostings(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM ledger_balance WHERE tenant_id = $1 AND account_id = $2 LIMIT 1', [tx.tenantId, id]);
  return Boolean(r);
}

export async function childCount(tx: Tx, id: string, activeOnly = false): Promise<number> {
  const r = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM coa_account WHERE tenant_id = $1 AND parent_id = $2${activeOnly ? ' AND is_active' : ''}`,
    [tx.tenantId, id],
  );
  return r?.n ?? 0;
}

/** The chart as a tree: parents, children in code order, levels, descendants. */
export class AccountTree {
  readonly byId = new Map<string, AccountRow>();
  readonly children = new Map<string | null, AccountRow[]>();

  constructor(readonly rows: AccountRow[]) {
    for (const r of rows) this.byId.set(r.id, r);
    for (const r of rows) {
      // An account whose parent is missing is shown at the top rather than lost.
      const parent = r.parent_id && this.byId.has(r.parent_id) ? r.parent_id : null;
      const list = this.children.get(parent) ?? [];
      list.push(r);
      this.children.set(parent, list);
    }
  }

  roots(): AccountRow[] {
    return this.children.get(null) ?? [];
  }

  childrenOf(id: string): AccountRow[] {
    return this.children.get(id) ?? [];
  }

  level(id: string): number {
    let n = 0;
    let cur = this.byId.get(id);
    const seen = new Set<string>();
    while (cur?.parent_id && this.byId.has(cur.parent_id) && !seen.has(cur.id)) {
      seen.add(cur.id);
      cur = this.byId.get(cur.parent_id);
      n++;
    }
    return n;
  }

  /** The account and every account below it. */
  subtree(id: string): AccountRow[] {
    const out: AccountRow[] = [];
    const walk = (a: AccountRow) => {
      out.push(a);
      for (const c of this.childrenOf(a.id)) walk(c);
    };
    const a = this.byId.get(id);
    if (a) walk(a);
    return out;
  }

  /** True when `candidate` is `id` or below it. */
  isInSubtree(id: string, candidate: string): boolean {
    let cur = this.byId.get(candidate);
    const seen = new Set<string>();
    while (cur && !seen.has(cur.id)) {
      if (cur.id === id) return true;
      seen.add(cur.id);
      cur = cur.parent_id ? this.byId.get(cur.parent_id) : undefined;
    }
    return false;
  }
}

export async function loadTree(tx: Tx): Promise<AccountTree> {
  return new AccountTree(await loadAccounts(tx));
}

/** Whether another account (not `exceptId`) already has the code. */
export async function codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM coa_account WHERE tenant_id = $1 AND code = $2 AND id IS DISTINCT FROM $3::uuid', [
    tx.tenantId,
    code,
    exceptId ?? null,
  ]);
  return Boolean(r);
}

/** The writable fields of an account. */
export interface AccountFields {
  code: string;
  name: string;
  parentId: string | null;
  type: AccountType;
  normalBalance: NormalBalance;
  isPostable: boolean;
  isActive: boolean;
  businessUnitId: string | null;
  description: string | null;
  cashKind: 'CASH' | 'BANK' | null;
}

function fieldValues(f: AccountFields): unknown[] {
  return [f.code, f.name, f.parentId, f.type, f.normalBalance, f.isPostable, f.isActive, f.businessUnitId, f.description, f.cashKind];
}

export async function insertAccount(tx: Tx, f: AccountFields): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO coa_account (tenant_id, code, name, parent_id, type, normal_balance, is_postable, is_active, business_unit_id, description, cash_kind)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [tx.tenantId, ...fieldValues(f)],
  );
  return row!.id;
}

export async function updateAccountRow(tx: Tx, id: string, f: AccountFields): Promise<void> {
  await tx.exec(
    `UPDATE coa_account SET code = $3, name = $4, parent_id = $5, type = $6, normal_balance = $7, is_postable = $8, is_active = $9,
            business_unit_id = $10, description = $11, cash_kind = $12
     WHERE tenant_id = $1 AND id = $2`,
    [tx.tenantId, id, ...fieldValues(f)],
  );
}

export async function deleteAccountRow(tx: Tx, id: string): Promise<void> {
  await tx.exec('DELETE FROM coa_account WHERE tenant_id = $1 AND id = $2', [tx.tenantId, id]);
}

/** One row of a chart to insert whole (the default chart of a new tenant). */
export interface ChartSeedRow {
  code: string;
  name: string;
  parent: string | null;
  type: string;
  nb: string;
  postable: boolean;
  key: string | null;
  cash: string | null;
}

/** Inserts a whole chart in two statements (the rows, then the parents by code), whatever its size. */
export async function insertChart(tx: Tx, tenantId: string, chart: ChartSeedRow[]): Promise<void> {
  const rows = JSON.stringify(chart);
  await tx.exec(
    `INSERT INTO coa_account (tenant_id, code, name, type, normal_balance, is_postable, system_key, cash_kind)
     SELECT $1, x.code, x.name, x.type, x.nb, x.postable, x.key, x.cash
     FROM jsonb_to_recordset($2::jsonb) AS x(code text, name text, type text, nb text, postable boolean, key text, cash text)`,
    [tenantId, rows],
  );
  await tx.exec(
    `UPDATE coa_account c SET parent_id = p.id
     FROM jsonb_to_recordset($2::jsonb) AS x(code text, parent text)
     JOIN coa_account p ON p.tenant_id = $1 AND p.code = x.parent
     WHERE c.tenant_id = $1 AND c.code = x.code`,
    [tenantId, rows],
  );
}

/** Account id by code, every account of the tenant. */
export async function accountIdsByCode(tx: Tx, tenantId: string): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; code: string }>('SELECT id, code FROM coa_account WHERE tenant_id = $1', [tenantId]);
  return new Map(rows.map((r) => [r.code, r.id]));
}
