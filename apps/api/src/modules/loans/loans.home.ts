/**
 * The dashboard's loan widgets (unpaid-loan, reminder-loans), online loan
 * requests from the member app, the loan flags (tag, auto debit) and the
 * plugs into other modules (member summary, product usage, exit check,
 * saving-loan summary, the opener of request-open-product-member).
 */
import { dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { registerExitCheck, registerMemberSummary } from '../members/members.registry.ts';
import { registerCancelHandler } from '../money/cancel.ts';
import { findProduct, registerProductUsage } from '../products/products.repo.ts';
import { registerOpenHandler } from '../savings/savings.accounts.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { registerSavingLoanSummary } from '../savings/savings.home.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { openLoanTx } from './loans.apply.ts';
import { cancelLoanTransaction } from './loans.cancel.ts';
import { findLoan, LOAN_SELECT, type LoanRow } from './loans.repo.ts';
import { loanView, loanWithFigures } from './loans.views.ts';

const scope = (ctx: Ctx, params: unknown[]) => {
  if (!isAgentCtx(ctx)) return '';
  params.push(ctx.userId);
  return `AND ${agentMemberCondition('m', `$${params.length}`)}`;
};

/** GET /api/home/unpaid-loan: running loans with an installment past due, most days late first. */
export async function unpaidLoans(ctx: Ctx, q: { page: number; limit: number; date?: string }) {
  return withTx(ctx, async (tx) => {
    const date = q.date ?? today();
    const params: unknown[] = [date];
    const cond = `l.tenant_id = app_tenant() AND l.status = 'RUNNING' ${scope(ctx, params)} AND EXISTS (
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
       LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    const out = [];
    for (const r of rows) out.push((await loanWithFigures(tx, r, date)).view);
    return paged(out, total?.n ?? 0, q.page, q.limit);
  });
}

/** GET /api/home/reminder-loans: unpaid installments falling due in the next `days` days (and today). */
export async function reminders(ctx: Ctx, q: { page: number; limit: number; days: number; date?: string }) {
  return withTx(ctx, async (tx) => {
    const date = q.date ?? today();
    const params: unknown[] = [date, q.days];
    const cond = `i.tenant_id = app_tenant() AND NOT i.superseded AND i.paid_date IS NULL AND l.status = 'RUNNING' AND i.schedule_no = l.schedule_no
                  AND i.due_date BETWEEN $1::date AND $1::date + $2::int ${scope(ctx, params)}`;
    const from = `FROM loan_installment i JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id
                  JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id`;
    const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${cond}`, params);
    const rows = await tx.query(
      `SELECT l.id AS "loanId", l.loan_number AS "loanNumber", m.id AS "memberId", m.full_name AS "memberName", m.cif_number AS "cifNumber",
              m.phone, p.name AS "productName", i.number, i.due_date AS "dueDate",
              i.principal + i.interest - i.principal_paid - i.interest_paid AS amount
       ${from} WHERE ${cond} ORDER BY i.due_date, l.loan_number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return paged(rows, total?.n ?? 0, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- online requests

interface OnlineRow {
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

function onlineView(r: OnlineRow) {
  return {
    id: r.id,
    memberId: r.member_id,
    memberName: r.member_name,
    cifNumber: r.cif_number,
    productId: r.product_id,
    productName: r.product_name,
    amount: r.amount,
    tenorInMonth: r.tenor,
    purpose: r.purpose,
    status: r.status,
    reason: r.reason,
    loanId: r.loan_id,
    createdDate: r.created_date.toISOString(),
  };
}

export async function onlineList(ctx: Ctx, q: { page: number; limit: number; status?: string; search?: string }) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [q.status ?? 'WAITING'];
    const cond = `r.tenant_id = app_tenant() AND r.status = $1 ${scope(ctx, params)}`;
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM loan_online_request r JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id WHERE ${cond}`,
      params,
    );
    const rows = await tx.query<OnlineRow>(
      `${ONLINE_SELECT} WHERE ${cond} ORDER BY r.created_date DESC, r.id LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return paged(rows.map(onlineView), total?.n ?? 0, q.page, q.limit);
  });
}

export async function onlineDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await tx.one<OnlineRow>(`${ONLINE_SELECT} WHERE r.tenant_id = app_tenant() AND r.id = $1`, [id]);
    if (!r) throw notFound('loan.not_found');
    return onlineView(r);
  });
}

/** POST /api/home/request-loan-online: a request as the member app sends it (recorded, decided by staff). */
export async function onlineCreate(
  ctx: Ctx,
  b: { memberId: string; productId: string; amount: number; tenorInMonth: number; purpose?: string | null },
) {
  return withTx(
    ctx,
    async (tx) => {
      const p = await findProduct(tx, b.productId);
      if (!p)
        throw new AppError(404, 'PRODUCT_NOT_FOUND', 'product.not_found', undefined, [
          { field: 'productId', message: 'product.not_found' },
        ]);
      if (p.kind !== 'LOAN') throw unprocessable('PRODUCT_NOT_LOAN', 'loan.product_not_loan', { product: p.name });
      const m = await tx.one('SELECT 1 FROM member WHERE tenant_id = app_tenant() AND id = $1', [b.memberId]);
      if (!m)
        throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, [{ field: 'memberId', message: 'member.not_found' }]);
      const r = await tx.one<{ id: string }>(
        `INSERT INTO loan_online_request (tenant_id, member_id, product_id, amount, tenor, purpose, created_by)
         VALUES (app_tenant(), $1, $2, $3, $4, $5, $6) RETURNING id`,
        [b.memberId, b.productId, dec(b.amount), b.tenorInMonth, b.purpose ?? null, ctx.userId],
      );
      await audit(tx, ctx, { action: 'loan.online_request', entity: 'loan_online_request', entityId: r!.id, after: b });
      return onlineView((await tx.one<OnlineRow>(`${ONLINE_SELECT} WHERE r.tenant_id = app_tenant() AND r.id = $1`, [r!.id]))!);
    },
    { idempotent: true, message: 'loan.online_created' },
  );
}

/** Approve into a loan application (the opener's rules apply) or reject with a reason. */
export async function onlineDecide(ctx: Ctx, id: string, b: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const r = await tx.one<OnlineRow>('SELECT * FROM loan_online_request WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
      if (!r) throw notFound('loan.not_found');
      if (r.status !== 'WAITING') throw unprocessable('ONLINE_NOT_WAITING', 'loan.online_not_waiting', { status: r.status });
      let loan = null;
      if (b.status === 'APPROVED') {
        const opened = await openLoanTx(
          tx,
          ctx,
          { memberId: r.member_id, productId: r.product_id, amount: dec(r.amount).toNumber(), tenorInMonth: r.tenor, purpose: r.purpose },
          { onlineRequestId: r.id },
        );
        loan = opened.loan;
      }
      await tx.exec(
        `UPDATE loan_online_request SET status = $2, reason = $3, loan_id = $4, decided_by = $5, decided_at = now() WHERE tenant_id = app_tenant() AND id = $1`,
        [r.id, b.status, b.reason ?? null, loan?.id ?? null, ctx.userId],
      );
      await audit(tx, ctx, {
        action: 'loan.online_decide',
        entity: 'loan_online_request',
        entityId: r.id,
        before: { status: r.status },
        after: { ...b, loanId: loan?.id ?? null },
      });
      const row = (await tx.one<OnlineRow>(`${ONLINE_SELECT} WHERE r.tenant_id = app_tenant() AND r.id = $1`, [r.id]))!;
      return { request: onlineView(row), loan };
    },
    { idempotent: true, message: b.status === 'APPROVED' ? 'loan.online_approved' : 'loan.online_rejected' },
  );
}

// ---------------------------------------------------------------- flags ({id}: the loan)

export async function setFlag(ctx: Ctx, id: string, flag: { tag?: string | null; isAutoDebit?: boolean }) {
  return withTx(ctx, async (tx) => {
    const l = await tx.one<{ id: string; tag: string | null; is_auto_debit: boolean }>(
      'SELECT id, tag, is_auto_debit FROM loan WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE',
      [id],
    );
    if (!l) throw notFound('loan.not_found');
    if ('tag' in flag) await tx.exec('UPDATE loan SET tag = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, flag.tag ?? null]);
    if (flag.isAutoDebit !== undefined)
      await tx.exec('UPDATE loan SET is_auto_debit = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, flag.isAutoDebit]);
    await audit(tx, ctx, {
      action: 'loan.flag',
      entity: 'loan',
      entityId: id,
      before: { tag: l.tag, isAutoDebit: l.is_auto_debit },
      after: flag,
    });
    return loanView((await findLoan(tx, id))!);
  });
}

// ---------------------------------------------------------------- plugs

async function memberCounts(tx: Tx, memberId: string) {
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

export function registerLoanHooks(): void {
  registerOpenHandler('LOAN', (tx, ctx, body) => openLoanTx(tx, ctx, body));
  registerCancelHandler('loans', cancelLoanTransaction);
  registerMemberSummary('loans', async (tx, _ctx, member) => {
    const c = await memberCounts(tx, member.id);
    return {
      countLoanRunning: c.running,
      countLoanRejected: c.rejected,
      countLoanPaidOff: c.paid_off,
      countLoanWaiting: c.waiting,
      loanOutstanding: dec(c.outstanding),
    };
  });
  registerExitCheck('loans', async (tx, _ctx, member) => {
    const rows = await tx.query<{ id: string; loan_number: string; product_name: string; remaining_principal: never }>(
      `SELECT l.id, l.loan_number, p.name AS product_name, l.remaining_principal FROM loan l
       JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
       WHERE l.tenant_id = app_tenant() AND l.member_id = $1 AND l.status IN ('RUNNING', 'APPROVED', 'WAITING_APPROVAL')`,
      [member.id],
    );
    return {
      blocking: rows.map((r) => ({ kind: 'LOAN', id: r.id, label: `${r.product_name} ${r.loan_number}`, amount: r.remaining_principal })),
    };
  });
  registerProductUsage('loans', async (tx, productIds) => {
    const rows = await tx.query<{ product_id: string; n: number; balance: never }>(
      `SELECT product_id, count(*)::int AS n, coalesce(sum(remaining_principal) FILTER (WHERE status = 'RUNNING'), 0) AS balance
       FROM loan WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) GROUP BY product_id`,
      [`{${productIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: dec(r.balance) }]));
  });
  registerSavingLoanSummary('loans', async (tx) => {
    const r = await tx.one<{ running: number; outstanding: never; waiting: number; overdue: number; released_month: never }>(
      `SELECT count(*) FILTER (WHERE status = 'RUNNING')::int AS running,
              coalesce(sum(remaining_principal) FILTER (WHERE status = 'RUNNING'), 0) AS outstanding,
              count(*) FILTER (WHERE status IN ('WAITING_APPROVAL', 'APPROVED'))::int AS waiting,
              count(*) FILTER (WHERE status = 'RUNNING' AND EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = loan.tenant_id
                 AND i.loan_id = loan.id AND i.schedule_no = loan.schedule_no AND NOT i.superseded AND i.paid_date IS NULL AND i.due_date < $1))::int AS overdue,
              coalesce(sum(amount) FILTER (WHERE release_date >= date_trunc('month', $1::date)), 0) AS released_month
       FROM loan WHERE tenant_id = app_tenant()`,
      [today()],
    );
    return {
      loans: {
        running: r?.running ?? 0,
        outstanding: r ? dec(r.outstanding) : ZERO,
        waiting: r?.waiting ?? 0,
        overdue: r?.overdue ?? 0,
        releasedThisMonth: r ? dec(r.released_month) : ZERO,
      },
    };
  });
}
