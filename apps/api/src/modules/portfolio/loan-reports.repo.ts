/**
 * SQL of the loan reports of spec section 7 (realization-periode,
 * paid-interest-member, by-periode, {id}/recapitulation, collateral). Every
 * report takes the same filters: product, the member's branch and area, the
 * officer (the loan's, else the member's agent) and a period.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface LoanReportFilter {
  productId?: string;
  branchId?: string;
  areaId?: string;
  officerId?: string;
  start: string;
  end: string;
}

/** WHERE parts on loan l / member m for the filters (not the period), with their parameters appended. */
function filters(q: Omit<LoanReportFilter, 'start' | 'end'>, params: unknown[]): string {
  const out: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.productId) out.push(`l.product_id = ${p(q.productId)}`);
  if (q.branchId) out.push(`m.branch_id = ${p(q.branchId)}`);
  if (q.areaId) out.push(`m.area_id = ${p(q.areaId)}`);
  if (q.officerId) out.push(`coalesce(l.officer_id, m.agent_id) = ${p(q.officerId)}`);
  return out.map((w) => ` AND ${w}`).join('');
}

const FROM = `FROM loan l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
  JOIN product pr ON pr.tenant_id = l.tenant_id AND pr.id = l.product_id
  LEFT JOIN branch b ON b.tenant_id = m.tenant_id AND b.id = m.branch_id
  LEFT JOIN area a ON a.tenant_id = m.tenant_id AND a.id = m.area_id
  LEFT JOIN app_user u ON u.tenant_id = l.tenant_id AND u.id = coalesce(l.officer_id, m.agent_id)`;

const LOAN_COLS = `l.id AS "loanId", l.loan_number AS "loanNumber", m.id AS "memberId", m.full_name AS "memberName", m.cif_number AS "cifNumber",
  pr.name AS "productName", b.name AS "branchName", a.name AS "areaName", trim(concat(u.first_name, ' ', u.last_name)) AS "officerName"`;

export type Row = Record<string, string | number | boolean | Date | Dec | null | undefined>;

/** ` LIMIT n` for an Excel export's read (its EXPORT_FETCH_LIMIT), nothing without one. */
const cap = (limit?: number) => (limit ? ` LIMIT ${Number(limit)}` : '');

/** Loans released in the period (at most `limit`, an export's, when given). */
export async function realizations(tx: Tx, q: LoanReportFilter, limit?: number): Promise<Row[]> {
  const params: unknown[] = [q.start, q.end];
  return tx.query(
    `SELECT ${LOAN_COLS}, l.release_date::text AS "releaseDate", l.amount, l.tenor AS "tenorInMonth", l.interest_rate AS "interestRate",
            l.interest_method AS "interestMethod", l.admin_fee AS "adminFee", l.provision_fee AS "provisionFee", l.other_costs AS "otherCosts",
            l.net_disbursed AS "netDisbursed", l.maturity_date::text AS "maturityDate", l.status
     ${FROM}
     WHERE l.tenant_id = app_tenant() AND l.release_date BETWEEN $1::date AND $2::date AND l.status IN ('RUNNING', 'PAID_OFF')
     ${filters(q, params)}
     ORDER BY l.release_date, l.loan_number${cap(limit)}`,
    params,
  );
}

/** Per member: principal, interest and fines paid in the period (posted payments); at most `limit` members when given. */
export async function paidInterestByMember(tx: Tx, q: LoanReportFilter, limit?: number): Promise<Row[]> {
  const params: unknown[] = [q.start, q.end];
  return tx.query(
    `SELECT m.id AS "memberId", m.cif_number AS "cifNumber", m.full_name AS "memberName", b.name AS "branchName", a.name AS "areaName",
            count(DISTINCT l.id)::int AS "loanCount", count(*)::int AS "paymentCount",
            sum(p.principal) AS principal, sum(p.interest) AS interest, sum(p.fine) AS fine, sum(p.amount) AS amount
     ${FROM}
     JOIN loan_payment p ON p.tenant_id = l.tenant_id AND p.loan_id = l.id AND p.status = 'POSTED'
     WHERE l.tenant_id = app_tenant() AND p.payment_date BETWEEN $1::date AND $2::date ${filters(q, params)}
     GROUP BY m.id, m.cif_number, m.full_name, b.name, a.name
     ORDER BY m.full_name, m.cif_number${cap(limit)}`,
    params,
  );
}

/**
 * Per month of the period: loans released (count, amount), principal, interest and fines received, and the
 * outstanding principal at the month's end (released by then less principal paid before a data migration and the principal of posted payments by then).
 */
export async function byPeriode(tx: Tx, q: LoanReportFilter): Promise<Row[]> {
  const params: unknown[] = [q.start, q.end];
  const f = filters(q, params);
  return tx.query(
    `WITH months AS (
       SELECT to_char(d, 'YYYY-MM') AS period, d::date AS first, (d + interval '1 month - 1 day')::date AS last
       FROM generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date), interval '1 month') AS d
     ), loans AS (
       SELECT l.id, l.amount, l.principal_paid_before_migration AS pre, l.release_date ${FROM}
       WHERE l.tenant_id = app_tenant() AND l.release_date IS NOT NULL AND l.status IN ('RUNNING', 'PAID_OFF') ${f}
     ), pays AS (
       SELECT p.payment_date, p.principal, p.interest, p.fine FROM loan_payment p JOIN loans ON loans.id = p.loan_id
       WHERE p.tenant_id = app_tenant() AND p.status = 'POSTED'
     )
     SELECT mo.period,
            (SELECT count(*)::int FROM loans WHERE release_date BETWEEN mo.first AND mo.last) AS "releasedCount",
            (SELECT coalesce(sum(amount), 0) FROM loans WHERE release_date BETWEEN mo.first AND mo.last) AS "releasedAmount",
            (SELECT coalesce(sum(principal), 0) FROM pays WHERE payment_date BETWEEN mo.first AND mo.last) AS principal,
            (SELECT coalesce(sum(interest), 0) FROM pays WHERE payment_date BETWEEN mo.first AND mo.last) AS interest,
            (SELECT coalesce(sum(fine), 0) FROM pays WHERE payment_date BETWEEN mo.first AND mo.last) AS fine,
            (SELECT coalesce(sum(amount - pre), 0) FROM loans WHERE release_date <= mo.last)
              - (SELECT coalesce(sum(principal), 0) FROM pays WHERE payment_date <= mo.last) AS outstanding
     FROM months mo ORDER BY mo.period`,
    params,
  );
}

export async function recapLoan(tx: Tx, id: string): Promise<Row | undefined> {
  return tx.one(
    `SELECT ${LOAN_COLS}, l.status, l.amount, l.tenor AS "tenorInMonth", l.interest_rate AS "interestRate", l.interest_method AS "interestMethod",
            l.release_date::text AS "releaseDate", l.maturity_date::text AS "maturityDate", l.paid_off_date::text AS "paidOffDate",
            l.remaining_principal AS "remainingPrincipal", l.principal_paid AS "principalPaid",
            l.principal_paid_before_migration AS "principalPaidBeforeMigration", l.interest_paid AS "interestPaid",
            l.fine_paid AS "finePaid", l.fine_waived AS "fineWaived", l.admin_fee AS "adminFee", l.provision_fee AS "provisionFee",
            l.net_disbursed AS "netDisbursed", l.schedule_no AS "scheduleNo"
     ${FROM} WHERE l.tenant_id = app_tenant() AND l.id = $1`,
    [id],
  );
}

export async function recapInstallments(tx: Tx, id: string): Promise<Row[]> {
  return tx.query(
    `SELECT i.number, i.due_date::text AS "dueDate", i.principal, i.interest, i.principal + i.interest AS total,
            i.principal_paid AS "principalPaid", i.interest_paid AS "interestPaid", i.fine_paid AS "finePaid", i.paid_date::text AS "paidDate",
            i.notes
     FROM loan_installment i JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id AND l.schedule_no = i.schedule_no
     WHERE i.tenant_id = app_tenant() AND i.loan_id = $1 AND NOT i.superseded ORDER BY i.number`,
    [id],
  );
}

export async function recapPayments(tx: Tx, id: string): Promise<Row[]> {
  return tx.query(
    `SELECT p.seq, p.payment_date::text AS "paymentDate", p.kind, p.source, p.amount, p.principal, p.interest, p.fine, p.status, j.number AS "journalNumber"
     FROM loan_payment p LEFT JOIN journal j ON j.tenant_id = p.tenant_id AND j.id = p.journal_id
     WHERE p.tenant_id = app_tenant() AND p.loan_id = $1 ORDER BY p.seq`,
    [id],
  );
}

/** Collateral of loans released in the period (or waiting), by type; at most `limit` when given. */
export async function collaterals(tx: Tx, q: LoanReportFilter & { type?: string }, limit?: number): Promise<Row[]> {
  const params: unknown[] = [q.start, q.end];
  let extra = filters(q, params);
  if (q.type) {
    params.push(q.type.toLowerCase());
    extra += ` AND lower(c.type) = $${params.length}`;
  }
  return tx.query(
    `SELECT ${LOAN_COLS}, l.status, l.amount, l.remaining_principal AS "remainingPrincipal", l.release_date::text AS "releaseDate",
            c.id, c.type, c.number, c.detail, c.value, c.is_verified AS "isVerified"
     ${FROM} JOIN loan_collateral c ON c.tenant_id = l.tenant_id AND c.loan_id = l.id
     WHERE l.tenant_id = app_tenant() AND coalesce(l.release_date, l.application_date) BETWEEN $1::date AND $2::date ${extra}
     ORDER BY c.type NULLS LAST, l.loan_number${cap(limit)}`,
    params,
  );
}

export type { Dec };
