/**
 * Reads of the loans area: the loan list, a loan's installments, payments,
 * history, outstanding on a day, the report forms by period, and the
 * simulations.
 */
import type { LoanDatatableQuery, ProductSimulationQuery, SimulationQuery } from '@koperasi/contracts';
import { dec, firstDueDateByRule, schedule, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { findProduct, termsInForce } from '../products/products.repo.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { loanTermsOf } from './loans.apply.ts';
import { figures, payoffFigures, summarize } from './loans.engine.ts';
import { findLoan, installments, LOAN_SELECT, type LoanRow, PAYMENT_SELECT, type PaymentRow } from './loans.repo.ts';
import { collateralView, installmentView, loanDetail, loanView, loanWithFigures, paymentView } from './loans.views.ts';

async function loanOrFail(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await findLoan(tx, id);
  if (!l) throw notFound('loan.not_found');
  if (isAgentCtx(ctx)) {
    const mine = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`,
      [l.member_id, ctx.userId],
    );
    if (!mine) throw notFound('loan.not_found');
  }
  return l;
}

// ---------------------------------------------------------------- list

const SORT = {
  created_date: 'l.created_date',
  loanNumber: 'l.loan_number',
  memberName: 'm.full_name',
  amount: 'l.amount',
  remainingPrincipal: 'l.remaining_principal',
  releaseDate: 'l.release_date',
  status: 'l.status',
};

export async function datatable(ctx: Ctx, q: LoanDatatableQuery) {
  return withTx(ctx, async (tx) => {
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
      add(
        (n) => `(lower(m.full_name) LIKE ${n} OR lower(m.cif_number) LIKE ${n} OR lower(l.loan_number) LIKE ${n})`,
        likePattern(q.search),
      );
    if (q.isOverdue)
      add(
        (n) => `l.status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id
                 AND i.schedule_no = l.schedule_no AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date < ${n})`,
        today(),
      );
    if (q.status === 'OPEN')
      add(
        (n) => `(l.status IN ('WAITING_APPROVAL', 'APPROVED') OR (l.status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i
                 WHERE i.tenant_id = l.tenant_id AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded
                   AND i.paid_date IS NULL AND i.due_date < ${n})))`,
        today(),
      );
    if (isAgentCtx(ctx)) {
      params.push(ctx.userId);
      where.push(agentMemberCondition('m', `$${params.length}`));
    }
    const cond = where.join(' AND ');
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM loan l JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id WHERE ${cond}`,
      params,
    );
    const rows = await tx.query<LoanRow>(
      `${LOAN_SELECT} WHERE ${cond} ${orderBy(q.sortBy, q.ascOrDesc, SORT, 'created_date', 'l.id')} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    const date = today();
    const out = [];
    for (const r of rows) out.push(r.status === 'RUNNING' ? (await loanWithFigures(tx, r, date)).view : loanView(r));
    return paged(out, total?.n ?? 0, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- one loan

export async function detail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => loanDetail(tx, await loanOrFail(tx, ctx, id), today()));
}

export async function thisMonth(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const date = today();
    const { figures: f } = await loanWithFigures(tx, l, date);
    const month = date.slice(0, 7);
    const cur = f.find((x) => x.row.due_date.slice(0, 7) === month) ?? f.find((x) => !x.row.paid_date) ?? null;
    const s = summarize(f, date);
    const notes: string[] = [];
    for (const x of f) {
      if (x.daysLate > 0) notes.push(`Angsuran ke-${x.row.number} terlambat ${x.daysLate} hari`);
    }
    if (cur && !cur.row.paid_date) notes.push(`Angsuran ke-${cur.row.number} jatuh tempo ${cur.row.due_date}`);
    return { installment: cur ? installmentView(cur) : null, dueNow: s.dueNow, notes };
  });
}

export async function remaining(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const date = today();
    const { figures: f } = await loanWithFigures(tx, l, date);
    const s = summarize(f, date);
    return {
      loanId: l.id,
      amount: l.amount,
      principalPaid: l.principal_paid,
      principalPaidBeforeMigration: l.principal_paid_before_migration,
      remainingPrincipal: l.status === 'RUNNING' ? l.remaining_principal : ZERO,
      remainingInterest: l.status === 'RUNNING' ? s.remainingInterest : ZERO,
      remainingInstallments: l.status === 'RUNNING' ? s.remainingInstallments : 0,
      fineDue: s.fineDue,
      total: l.status === 'RUNNING' ? s.owedOnSchedule : ZERO,
    };
  });
}

export async function images(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const rows = await tx.query<{
      id: string;
      type: string | null;
      number: string;
      detail: string | null;
      value: never;
      photos: string[];
      is_verified: boolean;
      loan_id: string;
    }>('SELECT * FROM loan_collateral WHERE tenant_id = app_tenant() AND loan_id = $1 ORDER BY created_date, id', [l.id]);
    return rows.flatMap((c) =>
      (Array.isArray(c.photos) ? c.photos : []).map((url) => ({ collateralId: c.id, number: c.number, type: c.type, url })),
    );
  });
}

export async function collateralsOf(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const rows = await tx.query('SELECT * FROM loan_collateral WHERE tenant_id = app_tenant() AND loan_id = $1 ORDER BY created_date, id', [
      l.id,
    ]);
    return rows.map((r) => collateralView(r as never));
  });
}

export async function payments(ctx: Ctx, id: string, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const total = await tx.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1',
      [l.id],
    );
    const rows = await tx.query<PaymentRow>(
      `${PAYMENT_SELECT} WHERE p.tenant_id = app_tenant() AND p.loan_id = $1 ORDER BY p.seq DESC LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      [l.id],
    );
    return paged(rows.map(paymentView), total?.n ?? 0, q.page, q.limit);
  });
}

export async function mutations(ctx: Ctx, id: string, q: { page: number; limit: number; start?: string; end?: string }) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const params: unknown[] = [l.id, q.start ?? null, q.end ?? null];
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
    }>(`SELECT * FROM loan_event WHERE ${cond} ORDER BY created_date, id LIMIT ${q.limit} OFFSET ${q.page * q.limit}`, params);
    return paged(
      rows.map((r) => ({
        id: r.id,
        date: r.event_date,
        activity: r.activity,
        debit: r.debit,
        credit: r.credit,
        balance: r.balance,
        description: r.description,
        createdDate: r.created_date.toISOString(),
      })),
      total?.n ?? 0,
      q.page,
      q.limit,
    );
  });
}

/** What settles the loan on `date` (today when not given). */
export async function outstanding(ctx: Ctx, id: string, date?: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const asOf = date ?? today();
    const running = l.status === 'RUNNING';
    const rows = running ? await installments(tx, l.id, l.schedule_no) : [];
    if (running && l.release_date && asOf < l.release_date)
      throw new AppError(422, 'DATE_BEFORE_RELEASE', 'loan.date_before_release', { date: l.release_date }, [
        { field: 'date', message: 'loan.date_before_release' },
      ]);
    const f = figures(l, rows, asOf);
    const s = summarize(f, asOf);
    const p = payoffFigures(l, f, asOf);
    return {
      loanId: l.id,
      date: asOf,
      amount: l.amount,
      principalPaidBeforeMigration: l.principal_paid_before_migration,
      remainingPrincipal: p.principal,
      interest: p.interest,
      fine: p.fine,
      total: p.total,
      overdueInstallments: s.overdueCount,
      overdueAmount: s.overdueAmount,
      daysLate: s.daysLate,
    };
  });
}

// ---------------------------------------------------------------- report forms ({a}/{b}: start/end dates)

/** Installments falling due between a and b, with their loan and member. */
export async function installmentsBetween(
  ctx: Ctx,
  a: string,
  b: string,
  q: { page: number; limit: number; productId?: string; memberId?: string },
) {
  return withTx(ctx, async (tx) => {
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
       ${from} WHERE ${cond} ORDER BY i.due_date, l.loan_number, i.number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return paged(rows, total?.n ?? 0, q.page, q.limit);
  });
}

/** Per member: loans released, principal and interest due, paid and remaining between a and b. */
export async function byMember(ctx: Ctx, a: string, b: string, q: { page: number; limit: number; productId?: string }) {
  return withTx(ctx, async (tx) => {
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
       ${base} GROUP BY m.id, m.full_name, m.cif_number ORDER BY m.full_name, m.id LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return paged(rows, total?.n ?? 0, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- simulations

function scheduleView(s: ReturnType<typeof schedule>) {
  return {
    installmentAmount: s.installmentAmount,
    totalPrincipal: s.totalPrincipal,
    totalInterest: s.totalInterest,
    totalPayment: s.totalPayment,
    installments: s.installments,
  };
}

const dateOf = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : today());

/** GET product/{id}/v2/loan/installment-simulation. */
export async function productSimulation(ctx: Ctx, productId: string, q: ProductSimulationQuery) {
  return withTx(ctx, async (tx) => {
    const p = await findProduct(tx, productId);
    if (p?.kind !== 'LOAN') throw notFound('product.not_found');
    const start = dateOf(q.timeOfRequest);
    const t = loanTermsOf((await termsInForce(tx, p.id, start))!);
    const first = q.dueDate ?? firstDueDateByRule(start, t.firstRule, t.dueDay);
    if (first <= start)
      throw new AppError(422, 'FIRST_INSTALLMENT_BEFORE_RELEASE', 'loan.first_installment_before_release', undefined, [
        { field: 'dueDate', message: 'loan.first_installment_before_release' },
      ]);
    return scheduleView(
      schedule({
        amount: dec(q.amount),
        tenor: q.tenorInMonth,
        annualRate: q.interestBaseRate !== undefined ? dec(q.interestBaseRate) : t.rate.times(12),
        method: t.method,
        roundingMultiple: t.rounding,
        component: t.component,
        startDate: start,
        firstDueDate: first,
        dueDay: t.firstRule === 'DUE_DAY' && t.dueDay ? t.dueDay : Number(first.slice(8, 10)),
      }),
    );
  });
}

/** GET transaction/product/loan/v2/simulation-installment (no product; no database). */
export function simulation(q: SimulationQuery) {
  const start = q.disbursementDate ?? dateOf(q.timeOfRequest);
  const first = q.firstInstallmentDate ?? q.dueDate ?? firstDueDateByRule(start, 'ONE_MONTH');
  if (first <= start)
    throw new AppError(422, 'FIRST_INSTALLMENT_BEFORE_RELEASE', 'loan.first_installment_before_release', undefined, [
      { field: 'firstInstallmentDate', message: 'loan.first_installment_before_release' },
    ]);
  return scheduleView(
    schedule({
      amount: dec(q.amount),
      tenor: q.tenorInMonth,
      annualRate: dec(q.interestBaseRate),
      method: q.interestMethod,
      roundingMultiple: q.roundingMultiple,
      component: q.installmentPayMethod,
      startDate: start,
      firstDueDate: first,
    }),
  );
}
