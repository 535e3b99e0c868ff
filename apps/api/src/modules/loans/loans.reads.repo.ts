/**
 * SQL of the loans' reads (loans.reads.ts): the agent's scope, the loan list, a loan's payments and events, the
 * report forms by period (installments falling due, per member).
 */
import type { LoanDatatableQuery } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { likePattern, namesAlias, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { LOAN_SELECT, type LoanRow, PAYMENT_SELECT, type PaymentRow } from './loans.repo.ts';

/** The member is one of the agent's. */
export async function agentHasMember(tx: Tx, memberId: string, agentId: string | null): Promise<boolean> {
  return Boolean(
    await tx.one(`SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`, [
      memberId,
      agentId,
    ]),
  );
}

const SORT = {
  created_date: 'l.created_date',
  loanNumber: 'l.loan_number',
  memberName: 'm.full_name',
  amount: 'l.amount',
  remainingPrincipal: 'l.remaining_principal',
  releaseDate: 'l.release_date',
  status: 'l.status',
};
/** NOT NULL sort columns, sorted without "NULLS LAST" so the created index serves a page (lib/http.ts orderBy). */
const SORT_NOT_NULL = ['l.created_date'];

/** The loan list's page and count; `today` decides what is past due; `agentUserId` set: the agent's members only. */
export async function loanListPage(tx: Tx, q: LoanDatatableQuery, today: string, agentUserId?: string | null) {
  const where = ['l.tenant_id = app_tenant()'];
  const params: unknown[] = [];
  const add = (cond: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(cond(`$${params.length}`));
  };
  if (q.statusLoan) add((n) => `l.status = ${n}`, q.statusLoan);
  if (q.productId) add((n) => `l.product_id = ${n}`, q.productId);
  if (q.memberId) add((n) => `l.member_id = ${n}`, q.memberId);
  if (q.branchId) add((n) => `m.branch_id = ${n}`, q.branchId);
  if (q.areaId) add((n) => `m.area_id = ${n}`, q.areaId);
  if (q.userId) add((n) => `l.officer_id = ${n}`, q.userId);
  if (q.start) add((n) => `l.application_date >= ${n}`, q.start);
  if (q.end) add((n) => `l.application_date <= ${n}`, q.end);
  if (q.search)
    add((n) => `(lower(m.full_name) LIKE ${n} OR lower(m.cif_number) LIKE ${n} OR lower(l.loan_number) LIKE ${n})`, likePattern(q.search));
  if (q.isOverdue)
    add(
      (n) => `l.status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id
                 AND i.schedule_no = l.schedule_no AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date < ${n})`,
      today,
    );
  if (q.status === 'OPEN')
    add(
      (n) => `(l.status IN ('WAITING_APPROVAL', 'APPROVED') OR (l.status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i
                 WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded
                   AND i.paid_date IS NULL AND i.due_date < ${n})))`,
      today,
    );
  if (agentUserId !== undefined) {
    params.push(agentUserId);
    where.push(agentMemberCondition('m', `$${params.length}`));
  }
  const cond = where.join(' AND ');
  // The member is joined for the count only when a filter names it (every loan has its member: a foreign key).
  const joinMember = namesAlias(cond, 'm') ? 'JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id' : '';
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM loan l ${joinMember} WHERE ${cond}`, params);
  const rows = await tx.query<LoanRow>(
    `${LOAN_SELECT} WHERE ${cond} ${orderBy(q.sortBy, q.ascOrDesc, SORT, 'created_date', 'l.id', SORT_NOT_NULL)} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** A loan's payments, newest first: one page and the count. */
export async function paymentsPage(tx: Tx, loanId: string, limit: number, offset: number) {
  const total = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1', [
    loanId,
  ]);
  const rows = await tx.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.tenant_id = app_tenant() AND p.loan_id = $1 ORDER BY p.seq DESC LIMIT ${limit} OFFSET ${offset}`,
    [loanId],
  );
  return { rows, total: total?.n ?? 0 };
}

/** A loan's events between two optional dates, oldest first: one page and the count. */
export async function loanEventsPage(tx: Tx, loanId: string, q: { start?: string; end?: string; limit: number; offset: number }) {
  const params: unknown[] = [loanId, q.start ?? null, q.end ?? null];
  const cond =
    'tenant_id = app_tenant() AND loan_id = $1 AND ($2::date IS NULL OR event_date >= $2) AND ($3::date IS NULL OR event_date <= $3)';
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM loan_event WHERE ${cond}`, params);
  const rows = await tx.query<{
    id: string;
    event_date: string;
    activity: string;
    debit: never;
    credit: never;
    balance: never;
    description: string | null;
    created_date: Date;
  }>(`SELECT * FROM loan_event WHERE ${cond} ORDER BY created_date, id LIMIT ${q.limit} OFFSET ${q.offset}`, params);
  return { rows, total: total?.n ?? 0 };
}

/** Installments falling due between a and b, with their loan and member: one page and the count. */
export async function installmentsBetweenPage(
  tx: Tx,
  a: string,
  b: string,
  q: { productId?: string; memberId?: string; limit: number; offset: number },
) {
  const params: unknown[] = [a, b, q.productId ?? null, q.memberId ?? null];
  const cond = `i.tenant_id = app_tenant() AND NOT i.superseded AND i.due_date BETWEEN $1 AND $2 AND l.status IN ('RUNNING', 'PAID_OFF')
                  AND i.schedule_no = l.schedule_no AND ($3::uuid IS NULL OR l.product_id = $3) AND ($4::uuid IS NULL OR l.member_id = $4)`;
  const from = `FROM loan_installment i JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id
                  JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id`;
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${cond}`, params);
  const rows = await tx.query(
    `SELECT i.id, i.number, i.due_date AS "dueDate", i.principal, i.interest, i.principal + i.interest AS total, i.principal_paid AS "principalPaid",
              i.interest_paid AS "interestPaid", i.fine_paid AS "finePaid", i.paid_date AS "paidDate", l.id AS "loanId", l.loan_number AS "loanNumber",
              m.id AS "memberId", m.full_name AS "memberName", m.cif_number AS "cifNumber", p.name AS "productName"
       ${from} WHERE ${cond} ORDER BY i.due_date, l.loan_number, i.number LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Per member: loans released by b, principal and interest paid between a and b, remaining: one page and the count. */
export async function loansByMemberPage(tx: Tx, a: string, b: string, q: { productId?: string; limit: number; offset: number }) {
  const params: unknown[] = [a, b, q.productId ?? null];
  const base = `FROM loan l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
                  WHERE l.tenant_id = app_tenant() AND $1::date IS NOT NULL AND l.release_date IS NOT NULL AND l.release_date <= $2::date AND ($3::uuid IS NULL OR l.product_id = $3)`;
  const total = await tx.one<{ n: number }>(`SELECT count(DISTINCT l.member_id)::int AS n ${base}`, params);
  const rows = await tx.query(
    `SELECT m.id AS "memberId", m.full_name AS "memberName", m.cif_number AS "cifNumber", count(*)::int AS "loanCount",
              sum(l.amount) AS amount, sum(CASE WHEN l.status = 'RUNNING' THEN l.remaining_principal ELSE 0 END) AS "remainingPrincipal",
              coalesce(sum((SELECT sum(pp.principal) FROM loan_payment pp WHERE pp.tenant_id = l.tenant_id AND pp.loan_id = l.id
                             AND pp.status = 'POSTED' AND pp.payment_date BETWEEN $1 AND $2)), 0) AS "principalPaid",
              coalesce(sum((SELECT sum(pp.interest) FROM loan_payment pp WHERE pp.tenant_id = l.tenant_id AND pp.loan_id = l.id
                             AND pp.status = 'POSTED' AND pp.payment_date BETWEEN $1 AND $2)), 0) AS "interestPaid",
              coalesce(sum((SELECT sum(pp.fine) FROM loan_payment pp WHERE pp.tenant_id = l.tenant_id AND pp.loan_id = l.id
                             AND pp.status = 'POSTED' AND pp.payment_date BETWEEN $1 AND $2)), 0) AS "finePaid"
       ${base} GROUP BY m.id, m.full_name, m.cif_number ORDER BY m.full_name, m.id LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}
