/** SQL of the daily auto debit: the run's cursor, the rows per loan and day, the settings. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';

export interface PortfolioSetting {
  autoDebitPartial: boolean;
  reminderDays: number;
  reminderOverdue: boolean;
  reminderChannel: 'SMS' | 'EMAIL';
}

export const DEFAULT_PORTFOLIO_SETTING: PortfolioSetting = {
  autoDebitPartial: true,
  reminderDays: 3,
  reminderOverdue: true,
  reminderChannel: 'SMS',
};

export async function loadPortfolioSetting(tx: Tx): Promise<PortfolioSetting> {
  const r = await tx.one<{
    auto_debit_partial: boolean;
    reminder_days: number;
    reminder_overdue: boolean;
    reminder_channel: 'SMS' | 'EMAIL';
  }>('SELECT auto_debit_partial, reminder_days, reminder_overdue, reminder_channel FROM portfolio_setting WHERE tenant_id = app_tenant()');
  if (!r) return { ...DEFAULT_PORTFOLIO_SETTING };
  return {
    autoDebitPartial: r.auto_debit_partial,
    reminderDays: r.reminder_days,
    reminderOverdue: r.reminder_overdue,
    reminderChannel: r.reminder_channel,
  };
}

export async function savePortfolioSetting(tx: Tx, s: PortfolioSetting, userId: string | null): Promise<void> {
  await tx.exec(
    `INSERT INTO portfolio_setting (tenant_id, auto_debit_partial, reminder_days, reminder_overdue, reminder_channel, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id) DO UPDATE SET auto_debit_partial = $1, reminder_days = $2, reminder_overdue = $3, reminder_channel = $4,
       updated_by = $5, updated_date = now()`,
    [s.autoDebitPartial, s.reminderDays, s.reminderOverdue, s.reminderChannel, userId],
  );
}

/** The runBatch names of the day's run (key: the day) and of its late runs (key: `<day>|<n>`, lateRunKey). */
export const DAY_RUN = 'loan.autodebit';
export const LATE_RUN = 'loan.autodebit.late';

/** An item of the day's run (runBatch): a loan, keyed by its id. */
export interface AutoDebitItem {
  key: string;
  id: string;
}

/**
 * The day's run's items (runBatch's cursor query): loans with auto debit on, running, released by the day and with an
 * installment due by the day (or a row of the day left PENDING by an earlier version), after the cursor, in id order
 * (loan_auto_debit_loans_idx). A loan whose row of the day is done (PAID, PARTIAL, FAILED) is not an item: the
 * function would leave it alone anyway, and a late run (autodebit.service.ts) then reads only what is left to do.
 */
export async function dueLoansAfter(tx: Tx, date: string, after: string | null, limit: number): Promise<AutoDebitItem[]> {
  return tx.query<AutoDebitItem>(
    `SELECT l.id::text AS key, l.id FROM loan l
     WHERE l.tenant_id = app_tenant() AND l.is_auto_debit AND l.status = 'RUNNING' AND l.id > coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')
       AND l.release_date <= $1::date
       AND (EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no
                    AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date <= $1::date)
            OR EXISTS (SELECT 1 FROM loan_auto_debit a WHERE a.tenant_id = l.tenant_id AND a.loan_id = l.id AND a.run_date = $1::date
                       AND a.status = 'PENDING'))
       AND NOT EXISTS (SELECT 1 FROM loan_auto_debit a WHERE a.tenant_id = l.tenant_id AND a.loan_id = l.id AND a.run_date = $1::date
                       AND a.status <> 'PENDING')
     ORDER BY l.id LIMIT $3`,
    [date, after, limit],
  );
}

/**
 * The day's late run to do, if any: the last one of the day when it did not finish (a crash: it goes on from its
 * cursor), else a new one (`<day>|<n>`) when a loan is due that the day's finished runs did not reach (its auto debit
 * turned on after them); null when there is nothing left to do.
 */
export async function lateRunKey(tx: Tx, date: string): Promise<string | null> {
  const last = await tx.one<{ key: string; status: string }>(
    `SELECT key, status FROM job_run WHERE tenant_id = app_tenant() AND name = $1 AND key LIKE $2 || '|%'
     ORDER BY created_at DESC LIMIT 1`,
    [LATE_RUN, date],
  );
  if (last && last.status !== 'DONE') return last.key;
  if (!(await dueLoansAfter(tx, date, null, 1)).length) return null;
  return `${date}|${last ? Number(last.key.slice(date.length + 1)) + 1 : 1}`;
}

/** A retry's items: the day's FAILED rows (one loan's with `loanId`), after the cursor, in loan id order. */
export async function failedLoansAfter(
  tx: Tx,
  date: string,
  after: string | null,
  limit: number,
  loanId?: string,
): Promise<AutoDebitItem[]> {
  return tx.query<AutoDebitItem>(
    `SELECT a.loan_id::text AS key, a.loan_id AS id FROM loan_auto_debit a
     WHERE a.tenant_id = app_tenant() AND a.run_date = $1 AND a.status = 'FAILED'
       AND a.loan_id > coalesce($2::uuid, '00000000-0000-0000-0000-000000000000') AND ($4::uuid IS NULL OR a.loan_id = $4::uuid)
     ORDER BY a.loan_id LIMIT $3`,
    [date, after, limit, loanId ?? null],
  );
}

/** One chunk's auto debit in the caller's transaction (db/functions/loan_autodebit_chunk.sql). */
export async function debitChunk(
  tx: Tx,
  date: string,
  loanIds: string[],
  o: { partial: boolean; retry: boolean; userId: string | null; requestId: string },
) {
  return (await tx.one<{ loans: number; paid: number; partial: number; failed: number; amount: Dec }>(
    'SELECT * FROM loan_autodebit_chunk($1::date, $2::uuid[], $3, $4, $5::uuid, $6)',
    [date, loanIds, o.partial, o.retry, o.userId, o.requestId],
  ))!;
}

export interface AutoDebitListRow {
  id: string;
  run_date: string;
  loan_id: string;
  loan_number: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  product_name: string;
  account_number: string | null;
  status: string;
  due: Dec;
  paid: Dec;
  payment_id: string | null;
  error_code: string | null;
  error_detail: { outcome?: string; detail?: string | null; line?: number | null } | null;
  message: string | null;
  attempts: number;
  updated_date: Date;
  total: number;
}

export async function listAutoDebit(
  tx: Tx,
  q: { date: string; status?: string; search?: string; page: number; limit: number; all?: boolean },
): Promise<AutoDebitListRow[]> {
  const params: unknown[] = [q.date];
  const where = ['a.tenant_id = app_tenant()', 'a.run_date = $1'];
  if (q.status) {
    params.push(q.status);
    where.push(`a.status = $${params.length}`);
  }
  if (q.search) {
    params.push(`%${q.search.toLowerCase()}%`);
    where.push(
      `(lower(m.full_name) LIKE $${params.length} OR l.loan_number ILIKE $${params.length} OR m.cif_number ILIKE $${params.length})`,
    );
  }
  // `all` (the Excel export): at most EXPORT_FETCH_LIMIT rows, so a larger export is refused, never cut short.
  const page = q.all ? ` LIMIT ${EXPORT_FETCH_LIMIT}` : ` LIMIT ${Number(q.limit)} OFFSET ${Number(q.page) * Number(q.limit)}`;
  return tx.query<AutoDebitListRow>(
    `SELECT a.id, a.run_date::text AS run_date, a.loan_id, l.loan_number, m.id AS member_id, m.full_name AS member_name, m.cif_number,
            p.name AS product_name, s.account_number, a.status, a.due, a.paid, a.payment_id, a.error_code, a.error_detail, a.message, a.attempts, a.updated_date,
            count(*) OVER ()::int AS total
     FROM loan_auto_debit a
     JOIN loan l ON l.tenant_id = a.tenant_id AND l.id = a.loan_id
     JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
     JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
     LEFT JOIN member_saving s ON s.tenant_id = a.tenant_id AND s.id = a.saving_id
     WHERE ${where.join(' AND ')} ORDER BY l.loan_number${page}`,
    params,
  );
}

export async function autoDebitSummary(tx: Tx, date: string) {
  return tx.one<{ paid: number; partial: number; failed: number; pending: number; amount: Dec; run_status: string | null }>(
    `SELECT count(*) FILTER (WHERE status = 'PAID')::int AS paid, count(*) FILTER (WHERE status = 'PARTIAL')::int AS partial,
            count(*) FILTER (WHERE status = 'FAILED')::int AS failed, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
            coalesce(sum(paid), 0) AS amount,
            coalesce((SELECT j.status FROM job_run j
                       WHERE j.tenant_id = app_tenant()
                         AND ((j.name = $2 AND j.key = $1::date::text) OR (j.name = $3 AND j.key LIKE $1::date::text || '|%'))
                       ORDER BY j.created_at DESC LIMIT 1),
                     (SELECT status FROM loan_auto_debit_run WHERE tenant_id = app_tenant() AND run_date = $1::date)) AS run_status
     FROM loan_auto_debit WHERE tenant_id = app_tenant() AND run_date = $1::date`,
    [date, DAY_RUN, LATE_RUN],
  );
}
