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
import { paged } from '../../lib/http.ts';
import { findProduct, termsInForce } from '../products/products.repo.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { loanTermsOf } from './loans.apply.ts';
import { figures, payoffFigures, summarize } from './loans.engine.ts';
import {
  agentHasMember,
  installmentsBetweenPage,
  loanEventsPage,
  loanListPage,
  loansByMemberPage,
  paymentsPage,
} from './loans.reads.repo.ts';
import { collaterals, findLoan, installments, type LoanRow } from './loans.repo.ts';
import { collateralView, installmentView, loanDetail, loanView, loanWithFigures, paymentView } from './loans.views.ts';

async function loanOrFail(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await findLoan(tx, id);
  if (!l) throw notFound('loan.not_found');
  if (isAgentCtx(ctx)) {
    if (!(await agentHasMember(tx, l.member_id, ctx.userId))) throw notFound('loan.not_found');
  }
  return l;
}

// ---------------------------------------------------------------- list

export async function datatable(ctx: Ctx, q: LoanDatatableQuery) {
  return withTx(ctx, async (tx) => {
    const date = today();
    const { rows, total } = await loanListPage(tx, q, date, isAgentCtx(ctx) ? ctx.userId : undefined);
    const out = [];
    for (const r of rows) out.push(r.status === 'RUNNING' ? (await loanWithFigures(tx, r, date)).view : loanView(r));
    return paged(out, total, q.page, q.limit);
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
    const rows = await collaterals(tx, l.id);
    return rows.flatMap((c) =>
      (Array.isArray(c.photos) ? c.photos : []).map((url) => ({ collateralId: c.id, number: c.number, type: c.type, url })),
    );
  });
}

export async function collateralsOf(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const rows = await collaterals(tx, l.id);
    return rows.map((r) => collateralView(r as never));
  });
}

export async function payments(ctx: Ctx, id: string, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const { rows, total } = await paymentsPage(tx, l.id, q.limit, q.page * q.limit);
    return paged(rows.map(paymentView), total, q.page, q.limit);
  });
}

export async function mutations(ctx: Ctx, id: string, q: { page: number; limit: number; start?: string; end?: string }) {
  return withTx(ctx, async (tx) => {
    const l = await loanOrFail(tx, ctx, id);
    const { rows, total } = await loanEventsPage(tx, l.id, { start: q.start, end: q.end, limit: q.limit, offset: q.page * q.limit });
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
      total,
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
    const { rows, total } = await installmentsBetweenPage(tx, a, b, {
      productId: q.productId,
      memberId: q.memberId,
      limit: q.limit,
      offset: q.page * q.limit,
    });
    return paged(rows, total, q.page, q.limit);
  });
}

/** Per member: loans released, principal and interest due, paid and remaining between a and b. */
export async function byMember(ctx: Ctx, a: string, b: string, q: { page: number; limit: number; productId?: string }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await loansByMemberPage(tx, a, b, { productId: q.productId, limit: q.limit, offset: q.page * q.limit });
    return paged(rows, total, q.page, q.limit);
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
