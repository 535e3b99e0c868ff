/**
 * SQL of the deposit interest release and its cancellation (deposits.release.ts): the release row and its totals,
 * the interest it paid, what blocks its cancellation, and the rows a cancellation takes back. docs/deposits.md "Release".
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface ReleaseRow {
  id: string;
  from_date: string;
  to_date: string;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  cursor: string | null;
  deposits: number;
  payments: number;
  chunks: number;
  total_gross: Dec;
  total_tax: Dec;
  total_net: Dec;
  created_date: Date;
  finished_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

/** One interest payment of a release (deposit_interest). */
export interface InterestRow {
  id: string;
  deposit_id: string;
  term_no: number;
  period_from: string;
  due_date: string;
  gross: Dec;
  tax: Dec;
  net: Dec;
  destination: string;
  saving_id: string | null;
  tax_subject: string;
  tax_month: string;
  journal_id: string;
}

export async function findRelease(tx: Tx, id: string, lock = false): Promise<ReleaseRow | undefined> {
  return tx.one<ReleaseRow>(`SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

/** The running release of the window, if any. */
export async function runningRelease(tx: Tx, fromDate: string, toDate: string): Promise<ReleaseRow | undefined> {
  return tx.one<ReleaseRow>(
    `SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND from_date = $1 AND to_date = $2 AND status = 'RUNNING'`,
    [fromDate, toDate],
  );
}

/** Starts a release of the window; undefined when another one is running for it (taken meanwhile). */
export async function insertRelease(tx: Tx, fromDate: string, toDate: string, userId: string | null): Promise<ReleaseRow | undefined> {
  return tx.one<ReleaseRow>(
    `INSERT INTO deposit_release (tenant_id, from_date, to_date, status, created_by) VALUES (app_tenant(), $1, $2, 'RUNNING', $3)
       ON CONFLICT (tenant_id, from_date, to_date) WHERE status = 'RUNNING' DO NOTHING RETURNING *`,
    [fromDate, toDate, userId],
  );
}

export async function releaseStatus(tx: Tx, id: string): Promise<string | undefined> {
  const r = await tx.one<{ status: string }>('SELECT status FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1', [id]);
  return r?.status;
}

/** Adds a committed chunk's figures to the release. */
export async function addChunkTotals(
  tx: Tx,
  id: string,
  s: { deposits: number; payments: number; gross: Dec; tax: Dec; net: Dec },
): Promise<void> {
  await tx.exec(
    `UPDATE deposit_release SET deposits = deposits + $2, payments = payments + $3, chunks = chunks + 1,
                total_gross = total_gross + $4, total_tax = total_tax + $5, total_net = total_net + $6
         WHERE tenant_id = app_tenant() AND id = $1`,
    [id, s.deposits, s.payments, s.gross.toFixed(2), s.tax.toFixed(2), s.net.toFixed(2)],
  );
}

export async function markReleased(tx: Tx, id: string): Promise<void> {
  await tx.exec(`UPDATE deposit_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [id]);
}

/** A page of releases, newest first, and their count. */
export async function releasesPage(tx: Tx, limit: number, offset: number): Promise<{ rows: ReleaseRow[]; total: number }> {
  const total = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM deposit_release WHERE tenant_id = app_tenant()');
  const rows = await tx.query<ReleaseRow>(
    `SELECT id, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date, status, cursor, deposits, payments, chunks,
              total_gross, total_tax, total_net, created_date, finished_at, cancelled_at, cancel_reason
       FROM deposit_release WHERE tenant_id = app_tenant() ORDER BY created_date DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return { rows, total: total!.n };
}

// ---------------------------------------------------------------- cancellation

/** The posted interest payments of a release, by deposit and due date. */
export async function postedInterestOfRelease(tx: Tx, releaseId: string): Promise<InterestRow[]> {
  return tx.query<InterestRow>(
    `SELECT id, deposit_id, term_no, to_char(period_from, 'YYYY-MM-DD') AS period_from, to_char(due_date, 'YYYY-MM-DD') AS due_date, gross, tax, net,
                destination, saving_id, tax_subject, to_char(tax_month, 'YYYY-MM-DD') AS tax_month, journal_id
         FROM deposit_interest WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED' ORDER BY deposit_id, due_date`,
    [releaseId],
  );
}

/** The journals' dates. */
export async function journalDates(tx: Tx, journalIds: string[]): Promise<Array<{ id: string; date: string }>> {
  return tx.query<{ id: string; date: string }>(
    `SELECT id, to_char(date, 'YYYY-MM-DD') AS date FROM journal WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])`,
    [`{${journalIds.join(',')}}`],
  );
}

/** Deposits of the release paid again later by another release (or a withdrawal): the release cannot be taken back there. */
export async function depositsPaidLater(tx: Tx, releaseId: string): Promise<Array<{ deposit_id: string }>> {
  return tx.query<{ deposit_id: string }>(
    `SELECT DISTINCT i.deposit_id FROM deposit_interest i JOIN deposit_interest mine ON mine.tenant_id = i.tenant_id AND mine.deposit_id = i.deposit_id
         WHERE i.tenant_id = app_tenant() AND mine.release_id = $1 AND mine.status = 'POSTED' AND i.status = 'POSTED'
           AND (i.release_id IS DISTINCT FROM $1) AND i.due_date > mine.due_date`,
    [releaseId],
  );
}

/** A deposit whose interest of the release was already paid out of the holding account, if any. */
export async function paidOutOfHolding(tx: Tx, releaseId: string): Promise<{ account_number: string } | undefined> {
  return tx.one<{ account_number: string }>(
    `SELECT d.account_number FROM deposit_holding h JOIN deposit_interest i ON i.tenant_id = h.tenant_id AND i.id = h.interest_id
         JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
         WHERE h.tenant_id = app_tenant() AND i.release_id = $1 AND i.status = 'POSTED' AND h.status = 'PAID' LIMIT 1`,
    [releaseId],
  );
}

/** Marks the posted movement rows of the journals cancelled. */
export async function cancelMovementsOfJournals(tx: Tx, journalIds: string[], userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
         WHERE tenant_id = app_tenant() AND journal_id = ANY($1::uuid[]) AND status = 'POSTED'`,
    [`{${journalIds.join(',')}}`, userId, reason],
  );
}

/** Puts a deposit back before the release's payments: paid through `paidThrough`, its totals less what they paid. */
export async function rewindDeposit(
  tx: Tx,
  id: string,
  o: { paidThrough: string; gross: Dec; tax: Dec; userId: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET paid_through = $2, interest_paid = interest_paid - $3, tax_paid = tax_paid - $4, status = 'ACTIVE', updated_by = $5
           WHERE tenant_id = app_tenant() AND id = $1`,
    [id, o.paidThrough, o.gross.toFixed(2), o.tax.toFixed(2), o.userId],
  );
}

/** Cancels the release: its open holding entries, its interest payments, then the release row. */
export async function markReleaseCancelled(tx: Tx, id: string, userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE deposit_holding h SET status = 'CANCELLED' FROM deposit_interest i
         WHERE h.tenant_id = app_tenant() AND i.tenant_id = h.tenant_id AND i.id = h.interest_id AND i.release_id = $1 AND i.status = 'POSTED'
           AND h.status = 'OPEN'`,
    [id],
  );
  await tx.exec(
    `UPDATE deposit_interest SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED'`,
    [id],
  );
  await tx.exec(
    `UPDATE deposit_release SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason],
  );
}
