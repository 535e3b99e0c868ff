/**
 * The dashboard's loan widgets (unpaid-loan, reminder-loans), online loan
 * requests from the member app, the loan flags (tag, auto debit) and the
 * plugs into other modules (member summary, product usage, exit check,
 * saving-loan summary, the opener of request-open-product-member).
 */
import { dec, ZERO } from '@koperasi/finance';
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
import { openLoanTx } from './loans.apply.ts';
import { cancelLoanTransaction } from './loans.cancel.ts';
import {
  blockingLoans,
  decideOnline,
  findOnline,
  insertOnline,
  loanSummary,
  loanUsageByProduct,
  lockLoanFlags,
  lockOnline,
  memberExists,
  memberLoanCounts,
  type OnlineRow,
  onlinePage,
  remindersPage,
  setLoanAutoDebit,
  setLoanTag,
  unpaidLoansPage,
} from './loans.home.repo.ts';
import { findLoan } from './loans.repo.ts';
import { loanView, loanWithFigures } from './loans.views.ts';

/** The agent's id when the caller is an agent (their members only). */
const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : undefined);

/** GET /api/home/unpaid-loan: running loans with an installment past due, most days late first. */
export async function unpaidLoans(ctx: Ctx, q: { page: number; limit: number; date?: string }) {
  return withTx(ctx, async (tx) => {
    const date = q.date ?? today();
    const { rows, total } = await unpaidLoansPage(tx, { date, agentUserId: agentOf(ctx), limit: q.limit, offset: q.page * q.limit });
    const out = [];
    for (const r of rows) out.push((await loanWithFigures(tx, r, date)).view);
    return paged(out, total, q.page, q.limit);
  });
}

/** GET /api/home/reminder-loans: unpaid installments falling due in the next `days` days (and today). */
export async function reminders(ctx: Ctx, q: { page: number; limit: number; days: number; date?: string }) {
  return withTx(ctx, async (tx) => {
    const date = q.date ?? today();
    const { rows, total } = await remindersPage(tx, {
      date,
      days: q.days,
      agentUserId: agentOf(ctx),
      limit: q.limit,
      offset: q.page * q.limit,
    });
    return paged(rows, total, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- online requests

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
    const { rows, total } = await onlinePage(tx, {
      status: q.status ?? 'WAITING',
      agentUserId: agentOf(ctx),
      limit: q.limit,
      offset: q.page * q.limit,
    });
    return paged(rows.map(onlineView), total, q.page, q.limit);
  });
}

export async function onlineDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await findOnline(tx, id);
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
      if (!(await memberExists(tx, b.memberId)))
        throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, [{ field: 'memberId', message: 'member.not_found' }]);
      const id = await insertOnline(tx, {
        memberId: b.memberId,
        productId: b.productId,
        amount: dec(b.amount),
        tenor: b.tenorInMonth,
        purpose: b.purpose ?? null,
        userId: ctx.userId,
      });
      await audit(tx, ctx, { action: 'loan.online_request', entity: 'loan_online_request', entityId: id, after: b });
      return onlineView((await findOnline(tx, id))!);
    },
    { idempotent: true, message: 'loan.online_created' },
  );
}

/** Approve into a loan application (the opener's rules apply) or reject with a reason. */
export async function onlineDecide(ctx: Ctx, id: string, b: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const r = await lockOnline(tx, id);
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
      await decideOnline(tx, r.id, { status: b.status, reason: b.reason ?? null, loanId: loan?.id ?? null, userId: ctx.userId });
      await audit(tx, ctx, {
        action: 'loan.online_decide',
        entity: 'loan_online_request',
        entityId: r.id,
        before: { status: r.status },
        after: { ...b, loanId: loan?.id ?? null },
      });
      const row = (await findOnline(tx, r.id))!;
      return { request: onlineView(row), loan };
    },
    { idempotent: true, message: b.status === 'APPROVED' ? 'loan.online_approved' : 'loan.online_rejected' },
  );
}

// ---------------------------------------------------------------- flags ({id}: the loan)

export async function setFlag(ctx: Ctx, id: string, flag: { tag?: string | null; isAutoDebit?: boolean }) {
  return withTx(ctx, async (tx) => {
    const l = await lockLoanFlags(tx, id);
    if (!l) throw notFound('loan.not_found');
    if ('tag' in flag) await setLoanTag(tx, id, flag.tag ?? null);
    if (flag.isAutoDebit !== undefined) await setLoanAutoDebit(tx, id, flag.isAutoDebit);
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

export function registerLoanHooks(): void {
  registerOpenHandler('LOAN', (tx, ctx, body) => openLoanTx(tx, ctx, body));
  registerCancelHandler('loans', cancelLoanTransaction);
  registerMemberSummary('loans', async (tx, _ctx, member) => {
    const c = await memberLoanCounts(tx, member.id);
    return {
      countLoanRunning: c.running,
      countLoanRejected: c.rejected,
      countLoanPaidOff: c.paid_off,
      countLoanWaiting: c.waiting,
      loanOutstanding: dec(c.outstanding),
    };
  });
  registerExitCheck('loans', async (tx, _ctx, member) => {
    const rows = await blockingLoans(tx, member.id);
    return {
      blocking: rows.map((r) => ({ kind: 'LOAN', id: r.id, label: `${r.product_name} ${r.loan_number}`, amount: r.remaining_principal })),
    };
  });
  registerProductUsage('loans', async (tx, productIds) => {
    const rows = await loanUsageByProduct(tx, productIds);
    return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: dec(r.balance) }]));
  });
  registerSavingLoanSummary('loans', async (tx) => {
    const r = await loanSummary(tx, today());
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
