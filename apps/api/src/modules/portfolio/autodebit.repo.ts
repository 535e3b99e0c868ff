/** SQL of the daily auto debit: the run's cursor, the rows per loan and day, the settings. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

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

/**
 * The next chunk of the day's run, committed with the caller's transaction: loans with auto debit on and an
 * installment due by the day, after the cursor, get a PENDING row (once per loan and day); the cursor moves on.
 * Answers how many loans the chunk took (0 = the run went through every loan).
 */
export async function claimChunk(tx: Tx, date: string, size: number): Promise<number> {
  await tx.exec('INSERT INTO loan_auto_debit_run (tenant_id, run_date) VALUES (app_tenant(), $1) ON CONFLICT DO NOTHING', [date]);
  const run = await tx.one<{ cursor_loan_id: string | null; status: string }>(
    'SELECT cursor_loan_id, status FROM loan_auto_debit_run WHERE tenant_id = app_tenant() AND run_date = $1 FOR UPDATE',
    [date],
  );
  if (!run || run.status === 'DONE') return 0;
  const rows = await tx.query<{ id: string }>(
    `WITH pick AS (
       SELECT l.id FROM loan l
       WHERE l.tenant_id = app_tenant() AND l.is_auto_debit AND l.status = 'RUNNING' AND l.id > coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')
         AND l.release_date <= $1::date
         AND EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no
                     AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date <= $1::date)
       ORDER BY l.id LIMIT $3
     ), ins AS (
       INSERT INTO loan_auto_debit (tenant_id, run_date, loan_id) SELECT app_tenant(), $1, id FROM pick
       ON CONFLICT (tenant_id, loan_id, run_date) DO NOTHING
     )
     SELECT id FROM pick ORDER BY id`,
    [date, run.cursor_loan_id, size],
  );
  const last = rows.at(-1)?.id ?? run.cursor_loan_id;
  await tx.exec(
    `UPDATE loan_auto_debit_run SET cursor_loan_id = $2, status = $3, finished_at = CASE WHEN $3 = 'DONE' THEN now() END
     WHERE tenant_id = app_tenant() AND run_date = $1`,
    [date, last, rows.length < size ? 'DONE' : 'RUNNING'],
  );
  return rows.length;
}

/** Rows still to process on the day (PENDING), oldest loan id first. */
export interface PendingRow {
  id: string;
  loan_id: string;
  due: Dec;
  saving_id: string | null;
}

export async function pendingRows(tx: Tx, date: string, size: number): Promise<PendingRow[]> {
  return tx.query<PendingRow>(
    'SELECT id, loan_id, due, saving_id FROM loan_auto_debit WHERE tenant_id = app_tenant() AND run_date = $1 AND status = $2 ORDER BY loan_id LIMIT $3 FOR UPDATE',
    [date, 'PENDING', size],
  );
}

/** Retry: the day's FAILED rows (or one loan's) go back to PENDING. */
export async function resetFailed(tx: Tx, date: string, loanId?: string): Promise<number> {
  return tx.exec(
    `UPDATE loan_auto_debit SET status = 'PENDING', updated_date = now()
     WHERE tenant_id = app_tenant() AND run_date = $1 AND status = 'FAILED' ${loanId ? 'AND loan_id = $2' : ''}`,
    loanId ? [date, loanId] : [date],
  );
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
  const page = q.all ? '' : ` LIMIT ${Number(q.limit)} OFFSET ${Number(q.page) * Number(q.limit)}`;
  return tx.query<AutoDebitListRow>(
    `SELECT a.id, a.run_date::text AS run_date, a.loan_id, l.loan_number, m.id AS member_id, m.full_name AS member_name, m.cif_number,
            p.name AS product_name, s.account_number, a.status, a.due, a.paid, a.payment_id, a.error_code, a.message, a.attempts, a.updated_date,
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
            (SELECT status FROM loan_auto_debit_run WHERE tenant_id = app_tenant() AND run_date = $1) AS run_status
     FROM loan_auto_debit WHERE tenant_id = app_tenant() AND run_date = $1`,
    [date],
  );
}

/** The payment stored with an auto debit's Idempotency-Key (the loans payment's answer), if it committed. */
export async function storedPayment(tx: Tx, key: string): Promise<{ id: string; amount: string } | null> {
  const r = await tx.one<{ p: { id: string; amount: string } | null }>(
    `SELECT response -> 'data' -> 'payment' AS p FROM idempotency_key WHERE tenant_id = app_tenant() AND key = $1 AND status_code = 200`,
    [key],
  );
  return r?.p ?? null;
}

/** What each loan of a chunk would pay today (loans and accounts locked: loans first, then the accounts, as payments lock). */
export interface PlanRow {
  loan_id: string;
  status: string;
  saving_id: string | null;
  due: Dec;
  available: Dec | null;
}

/**
 * The chunk's loans locked, their due amount today (open installments due by the day: unpaid principal and
 * interest, fines counted to the day, from loan_pay_plan) and the member's source-of-fund account with what may
 * leave it (saving_move's rule: the balance above the minimum, the product's held amount, blocks and pledges).
 */
export async function autoDebitPlan(tx: Tx, date: string, loanIds: string[]): Promise<PlanRow[]> {
  return tx.query<PlanRow>(
    `WITH lk AS (
       SELECT l.id, l.status, l.member_id FROM loan l WHERE l.tenant_id = app_tenant() AND l.id = ANY($2::uuid[]) ORDER BY l.id FOR UPDATE
     ), src AS (
       SELECT lk.id AS loan_id, (SELECT s.id FROM member_saving s WHERE s.tenant_id = app_tenant() AND s.member_id = lk.member_id
                                   AND s.is_source_of_fund AND s.status = 'ACTIVE' ORDER BY s.created_date LIMIT 1) AS saving_id
       FROM lk
     ), acc AS (
       SELECT a.id, a.status, greatest(a.balance - (a.min_balance + a.block_amount + a.blocked_amount + a.pledged_amount), 0) AS available
       FROM saving_lock_accounts((SELECT array_agg(DISTINCT saving_id) FROM src WHERE saving_id IS NOT NULL), $1::date, NULL) a
     ), due AS (
       SELECT p.loan_id, max(p.due) AS due
       FROM loan_pay_plan($1::date, (SELECT jsonb_agg(jsonb_build_object('ord', n, 'loan', id, 'kind', 'PARTIAL', 'amount', 0, 'due_only', true))
                                     FROM (SELECT lk.id, row_number() OVER (ORDER BY lk.id) AS n FROM lk WHERE lk.status = 'RUNNING') q)) p
       GROUP BY p.loan_id
     )
     SELECT lk.id AS loan_id, lk.status, src.saving_id, coalesce(due.due, 0) AS due,
            CASE WHEN acc.status = 'ACTIVE' THEN acc.available ELSE 0 END AS available
     FROM lk JOIN src ON src.loan_id = lk.id LEFT JOIN acc ON acc.id = src.saving_id LEFT JOIN due ON due.loan_id = lk.id
     ORDER BY lk.id`,
    [date, loanIds],
  );
}

/** The chunk's rows finished (one statement). */
export async function finishRows(
  tx: Tx,
  rows: Array<{
    id: string;
    status: string;
    due: Dec;
    paid: Dec;
    savingId: string | null;
    paymentId: string | null;
    errorCode: string | null;
    message: string | null;
  }>,
): Promise<void> {
  if (!rows.length) return;
  await tx.exec(
    `UPDATE loan_auto_debit a SET status = x.status, due = x.due, paid = x.paid, saving_id = x.saving_id, payment_id = x.payment_id,
       error_code = x.error_code, message = x.message, attempts = a.attempts + 1, updated_date = now()
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, due numeric, paid numeric, saving_id uuid, payment_id uuid, error_code text, message text)
     WHERE a.tenant_id = app_tenant() AND a.id = x.id`,
    [
      JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          status: r.status,
          due: r.due.toFixed(2),
          paid: r.paid.toFixed(2),
          saving_id: r.savingId,
          payment_id: r.paymentId,
          error_code: r.errorCode,
          message: r.message,
        })),
      ),
    ],
  );
}

/** The auto debit payments' answers stored with their keys (what storedPayment reads back). */
export async function storeAnswers(tx: Tx, answers: Array<{ key: string; id: string; amount: Dec }>): Promise<void> {
  if (!answers.length) return;
  await tx.exec(
    `UPDATE idempotency_key k SET status_code = 200, response = jsonb_build_object('data', jsonb_build_object('payment',
       jsonb_build_object('id', x.id, 'amount', x.amount)))
     FROM jsonb_to_recordset($1::jsonb) AS x(key text, id uuid, amount numeric)
     WHERE k.tenant_id = app_tenant() AND k.key = x.key`,
    [JSON.stringify(answers.map((a) => ({ key: a.key, id: a.id, amount: a.amount.toFixed(2) })))],
  );
}

/** The payments stored with a chunk's auto debit keys (committed before a crash cut the run short), by key. */
export async function storedPayments(tx: Tx, keys: string[]): Promise<Map<string, { id: string; amount: string }>> {
  const rows = await tx.query<{ key: string; p: { id: string; amount: string } }>(
    `SELECT key, response -> 'data' -> 'payment' AS p FROM idempotency_key
     WHERE tenant_id = app_tenant() AND key = ANY($1::text[]) AND status_code = 200`,
    [keys],
  );
  return new Map(rows.filter((r) => r.p).map((r) => [r.key, r.p]));
}
