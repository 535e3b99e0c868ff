/**
 * SQL reads of journals: one journal with its lines, and filtered, paged
 * lists (journal screens, the general ledger list, the journal report).
 */
import type { JournalDetail, JournalLine, JournalStatus, JournalSummary } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';
import { likePattern, namesAlias, orderBy } from '../../lib/http.ts';

/** Journals the ledger screens may cancel: the ledger's own. Other modules cancel theirs through their own transactions. */
export const LEDGER_OWNED_SOURCES = ['MANUAL', 'ADJUSTMENT', 'BALANCE_ADJUSTMENT', 'OPENING'];

interface JournalRow {
  id: string;
  fiscal_year: number;
  seq: number;
  number: string;
  date: string;
  periode: string;
  description: string;
  reference_code: string | null;
  source_module: string;
  source_id: string | null;
  is_adjustment: boolean;
  is_closing: boolean;
  reversal_of_id: string | null;
  reversal_of_number: string | null;
  reversal_reason: string | null;
  reversed_by_id: string | null;
  reversed_by_number: string | null;
  total_amount: Dec;
  line_count: number;
  created_by: string | null;
  created_by_name: string | null;
  posted_at: Date;
}

const SELECT_JOURNAL = `
  SELECT j.id, j.fiscal_year, j.seq, j.number, j.date, to_char(j.period, 'YYYY-MM') AS periode, j.description, j.reference_code,
         j.source_module, j.source_id, j.is_adjustment, j.is_closing, j.reversal_of_id, o.number AS reversal_of_number,
         j.reversal_reason, r.id AS reversed_by_id, r.number AS reversed_by_number, j.total_amount, j.line_count, j.created_by,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name, j.posted_at
  FROM journal j
  LEFT JOIN journal o ON o.tenant_id = j.tenant_id AND o.id = j.reversal_of_id
  LEFT JOIN journal r ON r.tenant_id = j.tenant_id AND r.reversal_of_id = j.id
  LEFT JOIN app_user u ON u.tenant_id = j.tenant_id AND u.id = j.created_by`;

function statusOf(r: Pick<JournalRow, 'reversal_of_id' | 'reversed_by_id'>): JournalStatus {
  if (r.reversal_of_id) return 'REVERSAL';
  if (r.reversed_by_id) return 'CANCELLED';
  return 'POSTED';
}

function toSummary(r: JournalRow): JournalSummary {
  return {
    id: r.id,
    number: r.number,
    fiscalYear: r.fiscal_year,
    date: r.date,
    periode: r.periode,
    description: r.description,
    referenceCode: r.reference_code,
    sourceModule: r.source_module,
    sourceId: r.source_id,
    isAdjustment: r.is_adjustment,
    isClosing: r.is_closing,
    status: statusOf(r),
    totalAmount: r.total_amount as unknown as number,
    lineCount: r.line_count,
    reversalOfId: r.reversal_of_id,
    reversalOfNumber: r.reversal_of_number,
    reversalReason: r.reversal_reason,
    reversedById: r.reversed_by_id,
    reversedByNumber: r.reversed_by_number,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdDate: r.posted_at.toISOString(),
  };
}

interface LineRow {
  journal_id: string;
  line_no: number;
  account_id: string;
  code: string;
  name: string;
  debit: Dec;
  credit: Dec;
  description: string | null;
  branch_id: string | null;
  branch_name: string | null;
  business_unit_id: string | null;
}

async function linesOf(tx: Tx, journalIds: string[]): Promise<Map<string, JournalLine[]>> {
  const out = new Map<string, JournalLine[]>();
  if (!journalIds.length) return out;
  const rows = await tx.query<LineRow>(
    `SELECT l.journal_id, l.line_no, l.account_id, a.code, a.name, l.debit, l.credit, l.description, l.branch_id,
            b.name AS branch_name, l.business_unit_id
     FROM journal_line l
     JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
     LEFT JOIN branch b ON b.tenant_id = l.tenant_id AND b.id = l.branch_id
     WHERE l.tenant_id = $1 AND l.journal_id = ANY($2::uuid[])
     ORDER BY l.journal_id, l.line_no`,
    [tx.tenantId, `{${journalIds.join(',')}}`],
  );
  for (const r of rows) {
    const list = out.get(r.journal_id) ?? [];
    list.push({
      lineNo: r.line_no,
      coaId: r.account_id,
      coaCode: r.code,
      coaName: r.name,
      debit: r.debit as unknown as number,
      credit: r.credit as unknown as number,
      description: r.description,
      branchId: r.branch_id,
      branchName: r.branch_name,
      businessUnitId: r.business_unit_id,
    });
    out.set(r.journal_id, list);
  }
  return out;
}

/** One journal with its lines, or undefined (another tenant's journal is not found). */
export async function findJournal(tx: Tx, id: string): Promise<JournalDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await tx.one<JournalRow>(`${SELECT_JOURNAL} WHERE j.tenant_id = $1 AND j.id = $2`, [tx.tenantId, id]);
  if (!row) return undefined;
  const lines = (await linesOf(tx, [id])).get(id) ?? [];
  return toDetail(row, lines);
}

function toDetail(row: JournalRow, lines: JournalLine[]): JournalDetail {
  const s = toSummary(row);
  return {
    ...s,
    lines,
    totalDebit: row.total_amount as unknown as number,
    totalCredit: row.total_amount as unknown as number,
    source: { module: row.source_module, id: row.source_id },
    cancellable: s.status === 'POSTED' && LEDGER_OWNED_SOURCES.includes(row.source_module),
  };
}

export interface JournalFilter {
  start?: string;
  end?: string;
  search?: string;
  sources?: string[];
  sourceId?: string;
  isAdjustment?: boolean;
  status?: JournalStatus;
  coaId?: string;
  businessUnitId?: string;
  page: number;
  limit: number;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
  /** Add each journal's lines. */
  withLines?: boolean;
}

const SORTS: Record<string, string> = {
  created_date: 'j.posted_at',
  createdDate: 'j.posted_at',
  date: 'j.date',
  number: 'j.number',
  totalAmount: 'j.total_amount',
  total_amount: 'j.total_amount',
  description: 'j.description',
  sourceModule: 'j.source_module',
};
/** NOT NULL sort columns, sorted without "NULLS LAST" so their indexes serve a page (lib/http.ts orderBy). */
const SORTS_NOT_NULL = ['j.posted_at', 'j.date'];

export async function listJournals(
  tx: Tx,
  f: JournalFilter,
): Promise<{ rows: Array<JournalSummary & { lines?: JournalLine[] }>; total: number; totalAmount: Dec }> {
  const params: unknown[] = [tx.tenantId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['j.tenant_id = $1'];
  if (f.start) where.push(`j.date >= ${p(f.start)}::date`);
  if (f.end) where.push(`j.date <= ${p(f.end)}::date`);
  if (f.search) {
    const s = p(likePattern(f.search));
    where.push(`(j.number ILIKE ${s} OR j.reference_code ILIKE ${s} OR j.description ILIKE ${s})`);
  }
  if (f.sources?.length) where.push(`j.source_module = ANY(${p(`{${f.sources.join(',')}}`)}::text[])`);
  if (f.sourceId) where.push(`j.source_id = ${p(f.sourceId)}`);
  if (f.isAdjustment !== undefined) where.push(`j.is_adjustment = ${p(f.isAdjustment)}`);
  if (f.status === 'REVERSAL') where.push('j.reversal_of_id IS NOT NULL');
  if (f.status === 'CANCELLED') where.push('r.id IS NOT NULL');
  if (f.status === 'POSTED') where.push('j.reversal_of_id IS NULL AND r.id IS NULL');
  if (f.coaId || f.businessUnitId) {
    const cond = ['l.tenant_id = $1'];
    if (f.coaId) cond.push(`l.account_id = ${p(f.coaId)}::uuid`);
    if (f.businessUnitId) cond.push(`l.business_unit_id = ${p(f.businessUnitId)}::uuid`);
    if (f.start) cond.push(`l.date >= ${p(f.start)}::date`);
    if (f.end) cond.push(`l.date <= ${p(f.end)}::date`);
    where.push(`j.id IN (SELECT l.journal_id FROM journal_line l WHERE ${cond.join(' AND ')})`);
  }
  const whereSql = where.join(' AND ');
  // The reversing journal is joined for the count only when the status filter asks about it.
  const reversedBy = namesAlias(whereSql, 'r') ? 'LEFT JOIN journal r ON r.tenant_id = j.tenant_id AND r.reversal_of_id = j.id' : '';
  const countRow = await tx.one<{ n: number; total: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(j.total_amount), 0) AS total FROM journal j ${reversedBy} WHERE ${whereSql}`,
    params,
  );
  const order = orderBy(f.sortBy, f.ascOrDesc, SORTS, 'created_date', 'j.number', SORTS_NOT_NULL);
  const rows = await tx.query<JournalRow>(
    `${SELECT_JOURNAL} WHERE ${whereSql} ${order} LIMIT ${p(f.limit)} OFFSET ${p(f.page * f.limit)}`,
    params,
  );
  const summaries: Array<JournalSummary & { lines?: JournalLine[] }> = rows.map(toSummary);
  if (f.withLines) {
    const lines = await linesOf(
      tx,
      rows.map((r) => r.id),
    );
    for (const s of summaries) s.lines = lines.get(s.id) ?? [];
  }
  return { rows: summaries, total: countRow?.n ?? 0, totalAmount: countRow!.total };
}

export interface AccountLedgerRow {
  date: string;
  fiscal_year: number;
  seq: number;
  line_no: number;
  journal_id: string;
  number: string;
  account_id: string;
  code: string;
  description: string;
  jdesc: string;
  reference_code: string | null;
  source_module: string;
  source_id: string | null;
  is_adjustment: boolean;
  debit: Dec;
  credit: Dec;
  run: Dec;
  total: number;
}

export interface AccountLedgerQuery {
  /** A PostgreSQL array literal of the account ids (an account and those below it). */
  ids: string;
  start: string;
  end: string;
  normal: 'DEBIT' | 'CREDIT';
  dir: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** One page of an account ledger's lines with their running balance (from the range's start) and the count of all. */
export async function accountLedgerRows(tx: Tx, q: AccountLedgerQuery): Promise<AccountLedgerRow[]> {
  const dir = q.dir === 'DESC' ? 'DESC' : 'ASC';
  return tx.query<AccountLedgerRow>(
    `WITH l AS (
       SELECT l.date, j.fiscal_year, j.seq, l.line_no, l.journal_id, j.number, l.account_id, a.code,
              coalesce(l.description, j.description) AS description, j.description AS jdesc, j.reference_code,
              j.source_module, j.source_id, j.is_adjustment, l.debit, l.credit
       FROM journal_line l
       JOIN journal j ON j.tenant_id = l.tenant_id AND j.id = l.journal_id
       JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
       WHERE l.tenant_id = $1 AND l.account_id = ANY($2::uuid[]) AND l.date BETWEEN $3::date AND $4::date
     ), w AS (
       SELECT l.*, sum(CASE WHEN $5 = 'DEBIT' THEN l.debit - l.credit ELSE l.credit - l.debit END)
                     OVER (ORDER BY l.date, l.fiscal_year, l.seq, l.line_no ROWS UNBOUNDED PRECEDING) AS run,
              count(*) OVER () AS total
       FROM l
     )
     SELECT * FROM w ORDER BY date ${dir}, fiscal_year ${dir}, seq ${dir}, line_no ${dir} LIMIT $6 OFFSET $7`,
    [tx.tenantId, q.ids, q.start, q.end, q.normal, q.limit, q.offset],
  );
}

/** How many lines the accounts (a PostgreSQL array literal of ids) have between `start` and `end`. */
export async function accountLedgerLineCount(tx: Tx, ids: string, start: string, end: string): Promise<number> {
  const c = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal_line WHERE tenant_id = $1 AND account_id = ANY($2::uuid[]) AND date BETWEEN $3::date AND $4::date`,
    [tx.tenantId, ids, start, end],
  );
  return c?.n ?? 0;
}
