/**
 * SQL of the loans' dashboard widgets, online requests, flags and plugs into other modules (loans.home.ts).
 * `agentUserId` set: only the agent's members.
 */
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { LOAN_SELECT, type LoanRow } from './loans.repo.ts';

const scope = (agentUserId: string | null | undefined, params: unknown[]) => {
  if (agentUserId === undefined) return '';
  params.push(agentUserId);
  return `AND ${agentMemberCondition('m', `$${params.length}`)}`;
};

/** Running loans with an installment past due on `date`, the longest late first: one page and the count. */
export async function unpaidLoansPage(tx: Tx, q: { date: string; agentUserId?: string | null; limit: number; offset: number }) {
  const params: unknown[] = [q.date];
  const cond = `l.tenant_id = app_tenant() AND l.status = 'RUNNING' ${scope(q.agentUserId, params)} AND EXISTS (
      SELECT 1 FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no
        AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date < $1)`;
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM loan l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id WHERE ${cond}`,
    params,
  );
  const rows = await tx.query<LoanRow>(
    `${LOAN_SELECT} WHERE ${cond}
       ORDER BY (SELECT min(i.due_date) FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id
                 AND i.schedule_no = l.schedule_no AND NOT i.superseded AND i.paid_date IS NULL), l.id
       LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Unpaid installments falling due from `date` to `days` days later: one page and the count. */
export async function remindersPage(tx: Tx, q: { date: string; days: number; agentUserId?: string | null; limit: number; offset: number }) {
  const params: unknown[] = [q.date, q.days];
  const cond = `i.tenant_id = app_tenant() AND NOT i.superseded AND i.paid_date IS NULL AND l.status = 'RUNNING' AND i.schedule_no = l.schedule_no
                  AND i.due_date BETWEEN $1::date AND $1::date + $2::int ${scope(q.agentUserId, params)}`;
  const from = `FROM loan_installment i JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id
                  JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id`;
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${cond}`, params);
  const rows = await tx.query(
    `SELECT l.id AS "loanId", l.loan_number AS "loanNumber", m.id AS "memberId", m.full_name AS "memberName", m.cif_number AS "cifNumber",
              m.phone, p.name AS "productName", i.number, i.due_date AS "dueDate",
              i.principal + i.interest - i.principal_paid - i.interest_paid AS amount
       ${from} WHERE ${cond} ORDER BY i.due_date, l.loan_number LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- online requests

export interface OnlineRow {
  id: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  product_id: string;
  product_name: string;
  amount: never;
  tenor: number;
  purpose: string | null;
  status: 'WAITING' | 'APPROVED' | 'REJECTED';
  reason: string | null;
  loan_id: string | null;
  created_date: Date;
}

const ONLINE_SELECT = `SELECT r.*, m.full_name AS member_name, m.cif_number, p.name AS product_name FROM loan_online_request r
  JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id JOIN product p ON p.tenant_id = r.tenant_id AND p.id = r.product_id`;

/** Online requests in a status, newest first: one page and the count. */
export async function onlinePage(tx: Tx, q: { status: string; agentUserId?: string | null; limit: number; offset: number }) {
  const params: unknown[] = [q.status];
  const cond = `r.tenant_id = app_tenant() AND r.status = $1 ${scope(q.agentUserId, params)}`;
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM loan_online_request r JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id WHERE ${cond}`,
    params,
  );
  const rows = await tx.query<OnlineRow>(
    `${ONLINE_SELECT} WHERE ${cond} ORDER BY r.created_date DESC, r.id LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findOnline(tx: Tx, id: string): Promise<OnlineRow | undefined> {
  return tx.one<OnlineRow>(`${ONLINE_SELECT} WHERE r.tenant_id = app_tenant() AND r.id = $1`, [id]);
}

/** The request row alone, locked for its decision. */
export async function lockOnline(tx: Tx, id: string): Promise<OnlineRow | undefined> {
  return tx.one<OnlineRow>('SELECT * FROM loan_online_request WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
}

export async function memberExists(tx: Tx, memberId: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM member WHERE tenant_id = app_tenant() AND id = $1', [memberId]));
}

export async function insertOnline(
  tx: Tx,
  r: { memberId: string; productId: string; amount: unknown; tenor: number; purpose: string | null; userId: string | null },
): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO loan_online_request (tenant_id, member_id, product_id, amount, tenor, purpose, created_by)
         VALUES (app_tenant(), $1, $2, $3, $4, $5, $6) RETURNING id`,
    [r.memberId, r.productId, r.amount, r.tenor, r.purpose, r.userId],
  );
  return row!.id;
}

export async function decideOnline(
  tx: Tx,
  id: string,
  d: { status: string; reason: string | null; loanId: string | null; userId: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE loan_online_request SET status = $2, reason = $3, loan_id = $4, decided_by = $5, decided_at = now() WHERE tenant_id = app_tenant() AND id = $1`,
    [id, d.status, d.reason, d.loanId, d.userId],
  );
}

// ---------------------------------------------------------------- flags

export async function lockLoanFlags(tx: Tx, id: string) {
  return tx.one<{ id: string; tag: string | null; is_auto_debit: boolean }>(
    'SELECT id, tag, is_auto_debit FROM loan WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE',
    [id],
  );
}

export async function setLoanTag(tx: Tx, id: string, tag: string | null): Promise<void> {
  await tx.exec('UPDATE loan SET tag = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, tag]);
}

export async function setLoanAutoDebit(tx: Tx, id: string, on: boolean): Promise<void> {
  await tx.exec('UPDATE loan SET is_auto_debit = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, on]);
}

// ---------------------------------------------------------------- plugs

/** A member's loans by state and the running principal (the member summary). */
export async function memberLoanCounts(tx: Tx, memberId: string) {
  const r = await tx.one<{ running: number; rejected: number; paid_off: number; waiting: number; outstanding: never }>(
    `SELECT count(*) FILTER (WHERE status = 'RUNNING')::int AS running,
            count(*) FILTER (WHERE status IN ('REJECTED', 'RELEASE_REJECTED'))::int AS rejected,
            count(*) FILTER (WHERE status = 'PAID_OFF')::int AS paid_off,
            count(*) FILTER (WHERE status IN ('WAITING_APPROVAL', 'APPROVED'))::int AS waiting,
            coalesce(sum(remaining_principal) FILTER (WHERE status = 'RUNNING'), 0) AS outstanding
     FROM loan WHERE tenant_id = app_tenant() AND member_id = $1`,
    [memberId],
  );
  return r!;
}

/** A member's loans that block their exit (running, approved or waiting). */
export async function blockingLoans(tx: Tx, memberId: string) {
  return tx.query<{ id: string; loan_number: string; product_name: string; remaining_principal: never }>(
    `SELECT l.id, l.loan_number, p.name AS product_name, l.remaining_principal FROM loan l
       JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
       WHERE l.tenant_id = app_tenant() AND l.member_id = $1 AND l.status IN ('RUNNING', 'APPROVED', 'WAITING_APPROVAL')`,
    [memberId],
  );
}

/** Loans per product and their running principal (product usage). */
export async function loanUsageByProduct(tx: Tx, productIds: string[]) {
  return tx.query<{ product_id: string; n: number; balance: never }>(
    `SELECT product_id, count(*)::int AS n, coalesce(sum(remaining_principal) FILTER (WHERE status = 'RUNNING'), 0) AS balance
       FROM loan WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) GROUP BY product_id`,
    [`{${productIds.join(',')}}`],
  );
}

/** The cooperative's loans on `date`: running, outstanding, waiting, overdue, released this month (saving-loan summary). */
export async function loanSummary(tx: Tx, date: string) {
  return tx.one<{ running: number; outstanding: never; waiting: number; overdue: number; released_month: never }>(
    `SELECT count(*) FILTER (WHERE status = 'RUNNING')::int AS running,
              coalesce(sum(remaining_principal) FILTER (WHERE status = 'RUNNING'), 0) AS outstanding,
              count(*) FILTER (WHERE status IN ('WAITING_APPROVAL', 'APPROVED'))::int AS waiting,
              count(*) FILTER (WHERE status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = loan.tenant_id
                 AND i.loan_id = loan.id AND i.schedule_no = loan.schedule_no AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date < $1))::int AS overdue,
              coalesce(sum(amount) FILTER (WHERE release_date >= date_trunc('month', $1::date)), 0) AS released_month
       FROM loan WHERE tenant_id = app_tenant()`,
    [date],
  );
}
