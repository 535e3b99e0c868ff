/**
 * SQL of the migration wizard's staging side: products and control accounts,
 * writing staged rows in chunks, the set-based checks, lists, the opening
 * balance sheet and the review's figures. The posting side is migration.post.repo.ts.
 */
import type { Tx } from '../../db/db.ts';
import type { MigrationType, StagedRow } from './migration.columns.ts';

export interface ProductInfo {
  id: string;
  code: string;
  kind: string;
  /** CONTROL (savings, deposits) or RECEIVABLE (loans) account. */
  control: string | null;
  termsVersion: number | null;
  depositRates: Record<number, string | null>;
  loanRate: string | null;
}

const KINDS: Record<Exclude<MigrationType, 'MEMBERS'>, string[]> = {
  SAVINGS: ['SAVING', 'SAVING_EQUITY'],
  DEPOSITS: ['SAVING_DEPOSIT'],
  LOANS: ['LOAN'],
};
export const CONTROL_ROLE: Record<Exclude<MigrationType, 'MEMBERS'>, string> = {
  SAVINGS: 'CONTROL',
  DEPOSITS: 'CONTROL',
  LOANS: 'RECEIVABLE',
};

/** Active products of a type's kinds by upper-case code, with their control account and current terms. */
export async function productsOf(tx: Tx, type: MigrationType): Promise<Map<string, ProductInfo>> {
  if (type === 'MEMBERS') return new Map();
  const rows = await tx.query<{
    id: string;
    code: string;
    kind: string;
    control: string | null;
    version: number | null;
    r1: string | null;
    r3: string | null;
    r6: string | null;
    r12: string | null;
    r24: string | null;
    loan_rate: string | null;
  }>(
    `SELECT p.id, p.code, p.kind, g.coa_id AS control, t.version, t.deposit_rate_1 AS r1, t.deposit_rate_3 AS r3, t.deposit_rate_6 AS r6,
            t.deposit_rate_12 AS r12, t.deposit_rate_24 AS r24, t.loan_interest_rate AS loan_rate
     FROM product p
     LEFT JOIN product_gl_account g ON g.tenant_id = p.tenant_id AND g.product_id = p.id AND g.role = $2
     LEFT JOIN LATERAL (SELECT * FROM product_terms t WHERE t.tenant_id = p.tenant_id AND t.product_id = p.id
                        ORDER BY t.effective_date DESC, t.version DESC LIMIT 1) t ON true
     WHERE p.tenant_id = app_tenant() AND p.is_active AND p.kind = ANY($1::text[])`,
    [KINDS[type], CONTROL_ROLE[type]],
  );
  return new Map(
    rows.map((r) => [
      r.code.toUpperCase(),
      {
        id: r.id,
        code: r.code,
        kind: r.kind,
        control: r.control,
        termsVersion: r.version,
        depositRates: { 1: r.r1, 3: r.r3, 6: r.r6, 12: r.r12, 24: r.r24 },
        loanRate: r.loan_rate,
      },
    ]),
  );
}

/** Choices of the templates: product codes of the type, branch codes/names, area names. */
export async function templateChoices(tx: Tx, type: MigrationType) {
  const products = type === 'MEMBERS' ? [] : [...(await productsOf(tx, type)).values()].map((p) => p.code).sort();
  const branches = (
    await tx.query<{ v: string }>(`SELECT coalesce(code, name) AS v FROM branch WHERE tenant_id = app_tenant() ORDER BY 1`)
  ).map((r) => r.v);
  const areas = (await tx.query<{ v: string }>(`SELECT name AS v FROM area WHERE tenant_id = app_tenant() ORDER BY 1`)).map((r) => r.v);
  return { products, branches, areas };
}

export async function stepOf(tx: Tx, type: string, lock = false) {
  return tx.one<{ type: string; journal_id: string | null; migration_date: string; row_count: number; total: string; confirmed_at: Date }>(
    `SELECT type, journal_id, migration_date::text, row_count, total::text, confirmed_at FROM migration_step
     WHERE tenant_id = app_tenant() AND type = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [type],
  );
}

export async function steps(tx: Tx) {
  return tx.query<{
    type: string;
    journal_id: string | null;
    migration_date: string;
    row_count: number;
    total: string;
    confirmed_at: Date;
  }>(
    `SELECT type, journal_id, migration_date::text, row_count, total::text, confirmed_at FROM migration_step WHERE tenant_id = app_tenant()`,
  );
}

/** Replaces the staged (not posted) rows of a type with these, in chunks. */
export async function replaceRows(tx: Tx, type: MigrationType, rows: StagedRow[]): Promise<void> {
  await tx.exec(`DELETE FROM migration_row WHERE tenant_id = app_tenant() AND type = $1`, [type]);
  const CHUNK = 5000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK).map((r) => ({
      n: r.n,
      s: r.errors.length ? 'FAILED' : 'VALID',
      d: r.data,
      v: r.value,
      e: r.errors,
      c: r.cif,
      a: r.amount,
    }));
    await tx.exec(
      `INSERT INTO migration_row (tenant_id, type, row_number, status, data, value, errors, cif_number, amount)
       SELECT app_tenant(), $1, x.n, x.s, x.d, x.v, x.e, x.c, x.a
       FROM jsonb_to_recordset($2::jsonb) AS x(n int, s text, d jsonb, v jsonb, e jsonb, c text, a numeric)`,
      [type, JSON.stringify(part)],
    );
  }
}

/** Adds an error to the VALID rows a query selects (row_number, message) and fails them. */
async function failWhere(tx: Tx, type: MigrationType, column: string, select: string, params: unknown[]): Promise<number> {
  return tx.exec(
    `WITH bad AS (${select})
     UPDATE migration_row r SET status = 'FAILED', value = NULL,
            errors = r.errors || jsonb_build_array(jsonb_build_object('row', r.row_number, 'column', $${params.length + 1}::text, 'message', bad.message))
     FROM bad WHERE r.tenant_id = app_tenant() AND r.type = $${params.length + 2} AND r.row_number = bad.row_number`,
    [...params, column, type],
  );
}

/**
 * The checks that need the database, set-based. Members: the CIF, identity
 * number or phone already held by a member. Accounts: the holder's CIF is
 * neither a member nor a staged member; one equity account per member and product.
 */
export async function databaseChecks(tx: Tx, type: MigrationType, msg: (key: string) => string): Promise<void> {
  if (type === 'MEMBERS') {
    await failWhere(
      tx,
      type,
      'ID Anggota',
      `SELECT r.row_number, replace($1::text, '{value}', r.cif_number) AS message FROM migration_row r
       JOIN member m ON m.tenant_id = r.tenant_id AND m.cif_number = r.cif_number
       WHERE r.tenant_id = app_tenant() AND r.type = 'MEMBERS' AND r.status = 'VALID'`,
      [msg('migration.cif_taken')],
    );
    await failWhere(
      tx,
      type,
      'No. Identitas',
      `SELECT r.row_number, replace($1::text, '{value}', r.value->>'identity_number') AS message FROM migration_row r
       WHERE r.tenant_id = app_tenant() AND r.type = 'MEMBERS' AND r.status = 'VALID'
         AND EXISTS (SELECT 1 FROM member m WHERE m.tenant_id = r.tenant_id AND m.is_active AND m.identity_number = r.value->>'identity_number')`,
      [msg('migration.identity_taken')],
    );
    return;
  }
  await failWhere(
    tx,
    type,
    'ID Anggota',
    `SELECT r.row_number, replace($1::text, '{value}', r.cif_number) AS message FROM migration_row r
     WHERE r.tenant_id = app_tenant() AND r.type = $2 AND r.status = 'VALID'
       AND NOT EXISTS (SELECT 1 FROM member m WHERE m.tenant_id = r.tenant_id AND m.cif_number = r.cif_number)
       AND NOT EXISTS (SELECT 1 FROM migration_row s WHERE s.tenant_id = r.tenant_id AND s.type = 'MEMBERS'
                       AND s.status <> 'FAILED' AND s.cif_number = r.cif_number)`,
    [msg('migration.cif_unknown'), type],
  );
  if (type === 'SAVINGS') {
    await failWhere(
      tx,
      type,
      'Kode Produk',
      `SELECT x.row_number, replace($1::text, '{other}', x.first::text) AS message FROM (
         SELECT r.row_number, first_value(r.row_number) OVER w AS first, row_number() OVER w AS k
         FROM migration_row r JOIN product p ON p.tenant_id = r.tenant_id AND p.id = (r.value->>'product_id')::uuid AND p.kind = 'SAVING_EQUITY'
         WHERE r.tenant_id = app_tenant() AND r.type = 'SAVINGS' AND r.status = 'VALID'
         WINDOW w AS (PARTITION BY r.cif_number, p.id ORDER BY r.row_number)) x WHERE x.k > 1`,
      [msg('migration.equity_twice')],
    );
  }
}

export interface RowCounts {
  type: string;
  valid: number;
  failed: number;
  posted: number;
  total: string;
}

export async function rowCounts(tx: Tx): Promise<RowCounts[]> {
  return tx.query<RowCounts>(
    `SELECT type, count(*) FILTER (WHERE status = 'VALID')::int AS valid, count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
            count(*) FILTER (WHERE status = 'POSTED')::int AS posted, coalesce(sum(amount) FILTER (WHERE status <> 'FAILED'), 0)::text AS total
     FROM migration_row WHERE tenant_id = app_tenant() GROUP BY type`,
  );
}

export async function listRows(tx: Tx, type: MigrationType, page: number, limit: number, status?: string) {
  const rows = await tx.query<{
    row_number: number;
    status: string;
    data: Record<string, string>;
    errors: unknown[];
    entity_id: string | null;
  }>(
    `SELECT row_number, status, data, errors, entity_id FROM migration_row
     WHERE tenant_id = app_tenant() AND type = $1 AND ($4::text IS NULL OR status = $4)
     ORDER BY row_number LIMIT $2 OFFSET $3`,
    [type, limit, page * limit, status ?? null],
  );
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM migration_row WHERE tenant_id = app_tenant() AND type = $1 AND ($2::text IS NULL OR status = $2)`,
    [type, status ?? null],
  );
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- chart of accounts and the opening balance sheet

export interface CoaRow {
  id: string;
  code: string;
  name: string;
  type: string;
  normal_balance: 'DEBIT' | 'CREDIT';
  is_postable: boolean;
  system_key: string | null;
  debit: string;
  credit: string;
  /** MIGRATION type whose confirm posts this account (its sub-ledger), or null. */
  sub_ledger: string | null;
}

export async function coaWithOpening(tx: Tx): Promise<CoaRow[]> {
  return tx.query<CoaRow>(
    `SELECT a.id, a.code, a.name, a.type, a.normal_balance, a.is_postable, a.system_key,
            coalesce(o.debit, 0)::text AS debit, coalesce(o.credit, 0)::text AS credit,
            (SELECT CASE WHEN p.kind = 'LOAN' THEN 'LOANS' WHEN p.kind = 'SAVING_DEPOSIT' THEN 'DEPOSITS' ELSE 'SAVINGS' END
             FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
             WHERE g.tenant_id = a.tenant_id AND g.coa_id = a.id
               AND ((g.role = 'CONTROL' AND p.kind IN ('SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT')) OR (g.role = 'RECEIVABLE' AND p.kind = 'LOAN'))
             LIMIT 1) AS sub_ledger
     FROM coa_account a LEFT JOIN migration_opening o ON o.tenant_id = a.tenant_id AND o.coa_id = a.id
     WHERE a.tenant_id = app_tenant() AND a.is_active
     ORDER BY a.code`,
  );
}

export async function replaceOpening(tx: Tx, rows: Array<{ coaId: string; debit: string; credit: string; n: number }>): Promise<void> {
  await tx.exec('DELETE FROM migration_opening WHERE tenant_id = app_tenant()');
  if (!rows.length) return;
  await tx.exec(
    `INSERT INTO migration_opening (tenant_id, coa_id, debit, credit, row_number)
     SELECT app_tenant(), x.c, x.d, x.k, x.n FROM jsonb_to_recordset($1::jsonb) AS x(c uuid, d numeric, k numeric, n int)`,
    [JSON.stringify(rows.map((r) => ({ c: r.coaId, d: r.debit, k: r.credit, n: r.n })))],
  );
}

/**
 * Per control account: the opening balance (normal sign), the staged and posted
 * sub-ledger totals of the rows that post to it, and their difference.
 */
export async function controlFigures(tx: Tx) {
  return tx.query<{ coa_id: string; code: string; name: string; type: string; opening: string; staged: string; posted: string }>(
    `WITH ctl AS (
       SELECT DISTINCT g.coa_id, CASE WHEN p.kind = 'LOAN' THEN 'LOANS' WHEN p.kind = 'SAVING_DEPOSIT' THEN 'DEPOSITS' ELSE 'SAVINGS' END AS type
       FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
       WHERE g.tenant_id = app_tenant()
         AND ((g.role = 'CONTROL' AND p.kind IN ('SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT')) OR (g.role = 'RECEIVABLE' AND p.kind = 'LOAN'))
     ), rows AS (
       SELECT g.coa_id, sum(r.amount) FILTER (WHERE r.status = 'VALID') AS staged, sum(r.amount) FILTER (WHERE r.status = 'POSTED') AS posted
       FROM migration_row r
       JOIN product_gl_account g ON g.tenant_id = r.tenant_id AND g.product_id = (r.value->>'product_id')::uuid
                                AND g.role = CASE WHEN r.type = 'LOANS' THEN 'RECEIVABLE' ELSE 'CONTROL' END
       WHERE r.tenant_id = app_tenant() AND r.type <> 'MEMBERS' AND r.status IN ('VALID', 'POSTED')
       GROUP BY g.coa_id
     )
     SELECT c.coa_id, a.code, a.name, c.type,
            (CASE WHEN a.normal_balance = 'DEBIT' THEN coalesce(o.debit, 0) - coalesce(o.credit, 0)
                  ELSE coalesce(o.credit, 0) - coalesce(o.debit, 0) END)::text AS opening,
            coalesce(x.staged, 0)::text AS staged, coalesce(x.posted, 0)::text AS posted
     FROM ctl c JOIN coa_account a ON a.tenant_id = app_tenant() AND a.id = c.coa_id
     LEFT JOIN migration_opening o ON o.tenant_id = app_tenant() AND o.coa_id = c.coa_id
     LEFT JOIN rows x ON x.coa_id = c.coa_id
     ORDER BY a.code`,
  );
}

export async function temporaryAccount(tx: Tx) {
  return tx.one<{ id: string; code: string; name: string; balance: string }>(
    `SELECT a.id, a.code, a.name,
            coalesce((SELECT sum(l.debit - l.credit) FROM journal_line l WHERE l.tenant_id = a.tenant_id AND l.account_id = a.id), 0)::text AS balance
     FROM coa_account a WHERE a.tenant_id = app_tenant() AND a.system_key = 'MIGRATION_TEMPORARY'`,
  );
}

export async function dropStaged(tx: Tx, type: string | null): Promise<number> {
  const n = await tx.exec(
    `DELETE FROM migration_row WHERE tenant_id = app_tenant() AND ($1::text IS NULL OR type = $1) AND status <> 'POSTED'`,
    [type],
  );
  if (type === null || type === 'NERACA') {
    const locked = await tx.one('SELECT 1 FROM migration_step WHERE tenant_id = app_tenant() AND type = $1', ['NERACA']);
    if (!locked) await tx.exec('DELETE FROM migration_opening WHERE tenant_id = app_tenant()');
  }
  return n;
}

/**
 * Journals other than the migration's own posted since the given (opening balance sheet) journal: anything
 * that moved after it blocks its undo. Named by number (or description while not numbered yet), at most 5.
 */
export async function journalsAfter(tx: Tx, journalId: string | null) {
  if (!journalId) return [];
  return tx.query<{ what: string }>(
    `SELECT coalesce(nullif(j.number, ''), left(j.description, 60)) AS what FROM journal j
     JOIN journal o ON o.tenant_id = j.tenant_id AND o.id = $1
     WHERE j.tenant_id = app_tenant() AND j.source_module <> 'MIGRATION' AND j.posted_at >= o.posted_at AND j.id <> o.id
     ORDER BY j.posted_at, j.id LIMIT 5`,
    [journalId],
  );
}

// ---------------------------------------------------------------- the wizard's steps (migration.service.ts)

/** The wizard's writes of a cooperative take turns: the lock is held until the transaction ends. */
export async function lockMigration(tx: Tx): Promise<void> {
  await tx.exec('SELECT pg_advisory_xact_lock(hashtext(app_tenant()::text || $1))', ['migration']);
}

/**
 * Staged rows are new to the planner's statistics (the application role may not ANALYZE): a nested loop over
 * "1 row" would be quadratic; the set-based statements hash-join instead, for the rest of the transaction.
 */
export async function hashJoinsOnly(tx: Tx): Promise<void> {
  await tx.exec('SET LOCAL enable_nestloop = off');
}

/** Rows of the staged opening balance sheet. */
export async function openingRowCount(tx: Tx): Promise<number> {
  const r = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM migration_opening WHERE tenant_id = app_tenant()');
  return r?.n ?? 0;
}

/** A sub-ledger's valid staged amounts per control account (the products' GL account of `role`), positive sums only. */
export async function stagedAmountsByControl(tx: Tx, type: MigrationType, role: string | undefined) {
  return tx.query<{ coa_id: string; amount: string }>(
    `SELECT g.coa_id, sum(r.amount)::text AS amount FROM migration_row r
     JOIN product_gl_account g ON g.tenant_id = r.tenant_id AND g.product_id = (r.value->>'product_id')::uuid AND g.role = $2
     WHERE r.tenant_id = app_tenant() AND r.type = $1 AND r.status = 'VALID' GROUP BY g.coa_id HAVING sum(r.amount) > 0 ORDER BY g.coa_id`,
    [type, role],
  );
}

/** Whether the type has valid staged rows. */
export async function hasValidRows(tx: Tx, type: string): Promise<boolean> {
  return Boolean(await tx.one(`SELECT 1 FROM migration_row WHERE tenant_id = app_tenant() AND type = $1 AND status = 'VALID'`, [type]));
}

/** Records a confirmed step. */
export async function insertStep(
  tx: Tx,
  s: { type: string; journalId: string | null; date: string; rows: number; total: string; userId: string | null },
): Promise<void> {
  await tx.exec(
    `INSERT INTO migration_step (tenant_id, type, journal_id, migration_date, row_count, total, confirmed_by) VALUES (app_tenant(), $1, $2, $3, $4, $5, $6)`,
    [s.type, s.journalId, s.date, s.rows, s.total, s.userId],
  );
}

/** Forgets a confirmed step (its records undone). */
export async function deleteStep(tx: Tx, type: string): Promise<void> {
  await tx.exec('DELETE FROM migration_step WHERE tenant_id = app_tenant() AND type = $1', [type]);
}
