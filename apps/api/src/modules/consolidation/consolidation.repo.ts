/** SQL of the consolidated interest release (docs/interest.md "Consolidation"). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface BatchRow {
  id: string;
  start_date: string;
  end_date: string;
  product_id: string | null;
  branch_id: string | null;
  status: 'PROCESSED' | 'RELEASING' | 'RELEASED' | 'CANCELLED';
  release_id: string | null;
  release_status: string | null;
  cursor: string | null;
  lines: number;
  members: number;
  total_gross: Dec;
  total_admin: Dec;
  posted: number;
  skipped: number;
  created_date: Date;
  released_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

const SELECT = `c.id, to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date, c.product_id, c.branch_id,
  c.status, c.release_id, r.status AS release_status, c.cursor, c.lines, c.members, c.total_gross, c.total_admin, c.posted, c.skipped,
  c.created_date, c.released_at, c.cancelled_at, c.cancel_reason`;
const FROM = `interest_consolidation c LEFT JOIN saving_interest_release r ON r.tenant_id = c.tenant_id AND r.id = c.release_id`;

export const findBatch = (tx: Tx, id: string, lock = false) =>
  tx.one<BatchRow>(`SELECT ${SELECT} FROM ${FROM} WHERE c.tenant_id = app_tenant() AND c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);

export const newestBatch = (tx: Tx) =>
  tx.one<BatchRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE c.tenant_id = app_tenant() AND c.status <> 'CANCELLED' ORDER BY c.created_date DESC, c.id DESC LIMIT 1`,
  );

export async function listBatches(tx: Tx, page: number, limit: number) {
  const n = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM interest_consolidation WHERE tenant_id = app_tenant()'))!.n;
  const rows = await tx.query<BatchRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE c.tenant_id = app_tenant() ORDER BY c.created_date DESC, c.id LIMIT $1 OFFSET $2`,
    [limit, page * limit],
  );
  return { rows, total: n };
}

/** A live batch whose period overlaps [start, end]. */
export const overlapping = (tx: Tx, start: string, end: string) =>
  tx.one<BatchRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE c.tenant_id = app_tenant() AND c.status <> 'CANCELLED' AND c.start_date <= $2::date AND c.end_date >= $1::date
     ORDER BY c.created_date LIMIT 1`,
    [start, end],
  );

export const branchesOf = (tx: Tx, memberIds: string[]) =>
  tx.query<{ id: string; branch_id: string | null }>(
    'SELECT id, branch_id FROM member WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])',
    [`{${memberIds.join(',')}}`],
  );

export interface LineInsert {
  s: string;
  m: string;
  p: string;
  br: string | null;
  b: string;
  bb: string;
  r: string;
  g: string;
  f: string;
}

export async function insertLines(tx: Tx, batchId: string, rows: LineInsert[]) {
  if (!rows.length) return;
  await tx.exec(
    `INSERT INTO interest_consolidation_line (tenant_id, consolidation_id, saving_id, member_id, product_id, branch_id, basis, basis_balance, rate,
                                              computed_gross, computed_admin, gross, admin_fee)
     SELECT app_tenant(), $1, x.s, x.m, x.p, x.br, x.b, x.bb, x.r, x.g, x.f, x.g, x.f
     FROM jsonb_to_recordset($2::jsonb) AS x(s uuid, m uuid, p uuid, br uuid, b text, bb numeric, r numeric, g numeric, f numeric)`,
    [batchId, JSON.stringify(rows)],
  );
}

/** The batch's counts and totals recomputed from its lines. */
export async function refreshTotals(tx: Tx, batchId: string) {
  await tx.exec(
    `UPDATE interest_consolidation c SET lines = x.n, members = x.mem, total_gross = x.g, total_admin = x.f
     FROM (SELECT count(*)::int AS n, count(DISTINCT member_id)::int AS mem, coalesce(sum(gross), 0) AS g, coalesce(sum(admin_fee), 0) AS f
           FROM interest_consolidation_line WHERE tenant_id = app_tenant() AND consolidation_id = $1) x
     WHERE c.tenant_id = app_tenant() AND c.id = $1`,
    [batchId],
  );
}

export interface LineRow {
  id: string;
  consolidation_id: string;
  saving_id: string;
  member_id: string;
  product_id: string;
  account_number: string;
  cif_number: string;
  member_name: string;
  product_name: string;
  branch_name: string | null;
  basis: 'HARIAN' | 'RATA_RATA' | 'TERENDAH';
  basis_balance: Dec;
  rate: Dec;
  computed_gross: Dec;
  computed_admin: Dec;
  gross: Dec;
  admin_fee: Dec;
  adjusted: boolean;
  reason: string | null;
  adjusted_at: Date | null;
  status: 'PENDING' | 'POSTED' | 'SKIPPED';
  tax: Dec | null;
}

const LINE_SELECT = `l.id, l.consolidation_id, l.saving_id, l.member_id, l.product_id, s.account_number, m.cif_number, m.full_name AS member_name,
  p.name AS product_name, b.name AS branch_name, l.basis, l.basis_balance, l.rate, l.computed_gross, l.computed_admin, l.gross, l.admin_fee,
  l.adjusted, l.reason, l.adjusted_at, l.status, l.tax`;
const LINE_FROM = `interest_consolidation_line l
  JOIN member_saving s ON s.tenant_id = l.tenant_id AND s.id = l.saving_id
  JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
  JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
  LEFT JOIN branch b ON b.tenant_id = l.tenant_id AND b.id = l.branch_id`;

export const findLine = (tx: Tx, id: string) =>
  tx.one<LineRow>(`SELECT ${LINE_SELECT} FROM ${LINE_FROM} WHERE l.tenant_id = app_tenant() AND l.id = $1`, [id]);

/** Lines of the batch, of the members given when given; at most `limit` (the Excel export) when given. */
export const linesOf = (tx: Tx, batchId: string, memberIds?: string[], limit?: number) =>
  tx.query<LineRow>(
    `SELECT ${LINE_SELECT} FROM ${LINE_FROM} WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1
       AND ($2::uuid[] IS NULL OR l.member_id = ANY($2::uuid[]))
     ORDER BY m.full_name, m.cif_number, s.account_number LIMIT $3`,
    [batchId, memberIds ? `{${memberIds.join(',')}}` : null, limit ?? null],
  );

/** What the tax estimate reads of a line (taxesOf). */
export type TaxLine = Pick<LineRow, 'id' | 'saving_id' | 'member_id' | 'gross' | 'status' | 'tax'>;
export type ReviewLine = TaxLine & Pick<LineRow, 'adjusted' | 'product_name' | 'branch_name'>;

/**
 * Every line of the batch as the review reads it: the tax estimate's figures, the product and branch names, the
 * adjusted flag; no member or account columns and no order (taxesOf orders them). At 300,000 lines the full
 * `linesOf`, sorted by member name, was most of the review's 7.3 s (docs/interest.md "Consolidation", "At scale").
 */
export const reviewLines = (tx: Tx, batchId: string) =>
  tx.query<ReviewLine>(
    `SELECT l.id, l.saving_id, l.member_id, l.gross, l.status, l.tax, l.adjusted, p.name AS product_name, b.name AS branch_name
       FROM interest_consolidation_line l
       JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
       LEFT JOIN branch b ON b.tenant_id = l.tenant_id AND b.id = l.branch_id
      WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1`,
    [batchId],
  );

/** Pending lines after `cursor` (saving id order), at most `limit`. */
export const countPendingLines = async (tx: Tx, batchId: string) =>
  (await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM interest_consolidation_line WHERE tenant_id = app_tenant() AND consolidation_id = $1 AND status = 'PENDING'`,
    [batchId],
  ))!.n;

export const pendingLines = (tx: Tx, batchId: string, cursor: string | null, limit: number) =>
  tx.query<LineRow>(
    `SELECT ${LINE_SELECT} FROM ${LINE_FROM} WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1 AND l.status = 'PENDING'
       AND ($2::uuid IS NULL OR l.saving_id > $2::uuid)
     ORDER BY l.saving_id LIMIT $3`,
    [batchId, cursor, limit],
  );

export interface MemberRow {
  member_id: string;
  cif_number: string;
  member_name: string;
  branch_name: string | null;
  accounts: number;
  adjusted: number;
  gross: Dec;
  admin_fee: Dec;
}

/** GET consolidation/datatable: per member, page of members (name order) and the count. */
export async function memberPage(tx: Tx, batchId: string, search: string | null, page: number, limit: number | null) {
  const where = `l.tenant_id = app_tenant() AND l.consolidation_id = $1 AND ($2::text IS NULL OR m.full_name ILIKE $2 OR m.cif_number ILIKE $2)`;
  const total = (await tx.one<{ n: number }>(
    `SELECT count(DISTINCT l.member_id)::int AS n FROM interest_consolidation_line l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
     WHERE ${where}`,
    [batchId, search],
  ))!.n;
  const rows = await tx.query<MemberRow>(
    `SELECT l.member_id, m.cif_number, m.full_name AS member_name, max(b.name) AS branch_name, count(*)::int AS accounts,
            count(*) FILTER (WHERE l.adjusted)::int AS adjusted, sum(l.gross) AS gross, sum(l.admin_fee) AS admin_fee
     FROM interest_consolidation_line l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
     LEFT JOIN branch b ON b.tenant_id = l.tenant_id AND b.id = l.branch_id
     WHERE ${where} GROUP BY l.member_id, m.cif_number, m.full_name ORDER BY m.full_name, m.cif_number
     LIMIT $3 OFFSET $4`,
    [batchId, search, limit, page * (limit ?? 0)],
  );
  return { rows, total };
}

/** GET consolidation/review: the batch's totals per product and per branch. */
export const groupTotals = (tx: Tx, batchId: string, by: 'product' | 'branch') =>
  tx.query<{ name: string | null; lines: number; gross: Dec; admin_fee: Dec; tax: Dec }>(
    by === 'product'
      ? `SELECT p.name, count(*)::int AS lines, sum(l.gross) AS gross, sum(l.admin_fee) AS admin_fee, coalesce(sum(l.tax), 0) AS tax
         FROM interest_consolidation_line l JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
         WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1 GROUP BY p.name ORDER BY p.name`
      : `SELECT b.name, count(*)::int AS lines, sum(l.gross) AS gross, sum(l.admin_fee) AS admin_fee, coalesce(sum(l.tax), 0) AS tax
         FROM interest_consolidation_line l LEFT JOIN branch b ON b.tenant_id = l.tenant_id AND b.id = l.branch_id
         WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1 GROUP BY b.name ORDER BY b.name NULLS FIRST`,
    [batchId],
  );

// ---------------------------------------------------------------- changes (consolidation.service.ts)

export async function insertBatch(tx: Tx, start: string, end: string, productId: string | null, branchId: string | null, userId: string) {
  return tx.one<{ id: string }>(
    `INSERT INTO interest_consolidation (tenant_id, start_date, end_date, product_id, branch_id, status, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, 'PROCESSED', $5) RETURNING id`,
    [start, end, productId, branchId, userId],
  );
}

/** One line's gross and admin fee, corrected with a reason. */
export async function adjustLine(tx: Tx, lineId: string, gross: string, adminFee: string, reason: string, userId: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_consolidation_line SET gross = $2, admin_fee = $3, adjusted = true, reason = $4, adjusted_by = $5, adjusted_at = now()
     WHERE tenant_id = app_tenant() AND id = $1`,
    [lineId, gross, adminFee, reason, userId],
  );
}

export async function markCancelled(tx: Tx, id: string, userId: string, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_consolidation SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason],
  );
}

export async function markReleasing(tx: Tx, id: string, releaseId: string, userId: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_consolidation SET status = 'RELEASING', release_id = $2, released_by = $3 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, releaseId, userId],
  );
}

export async function markReleased(tx: Tx, id: string): Promise<void> {
  await tx.exec(`UPDATE interest_consolidation SET status = 'RELEASED', released_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
    id,
  ]);
}

/** Each posted chunk's results on its lines (results: JSON of { s: saving id, p: posted, t: tax, f: admin fee }). */
export async function markLineResults(tx: Tx, id: string, results: string): Promise<void> {
  await tx.exec(
    `UPDATE interest_consolidation_line l SET status = CASE WHEN x.p THEN 'POSTED' ELSE 'SKIPPED' END, tax = x.t,
            admin_fee = CASE WHEN x.p THEN x.f ELSE l.admin_fee END
     FROM jsonb_to_recordset($2::jsonb) AS x(s uuid, p boolean, t numeric, f numeric)
     WHERE l.tenant_id = app_tenant() AND l.consolidation_id = $1 AND l.saving_id = x.s`,
    [id, results],
  );
}

/** The release cursor after a chunk, and the chunk's posted and skipped counts. */
export async function advanceCursor(tx: Tx, id: string, cursor: string, posted: number, skipped: number): Promise<void> {
  await tx.exec(
    `UPDATE interest_consolidation SET cursor = $2, posted = posted + $3, skipped = skipped + $4 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, cursor, posted, skipped],
  );
}
