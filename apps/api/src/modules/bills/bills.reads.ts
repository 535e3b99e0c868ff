/** Reads of the bills area: the list, a bill's installments, its payments and the realization report. */
import { dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { withTx } from '../money/index.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { approvedBills, billsPage } from './bills.ops.repo.ts';
import { type BillRow, findBill, paymentsOf } from './bills.repo.ts';
import { billDetail, billView, paymentView } from './bills.views.ts';

const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);

async function billOf(tx: Tx, ctx: Ctx, id: string): Promise<BillRow> {
  const b = await findBill(tx, id, agentOf(ctx));
  if (!b) throw notFound('bill.not_found');
  return b;
}

/** GET transaction/product/bill/{id}/detail-installment-bill-member. */
export async function detail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => billDetail(tx, await billOf(tx, ctx, id)));
}

/** GET transaction/product/bill/{id}/mutation-payments: newest first. */
export async function payments(ctx: Ctx, id: string, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const b = await billOf(tx, ctx, id);
    const r = await paymentsOf(tx, b.id, q.page, q.limit);
    return paged(r.rows.map(paymentView), r.total, q.page, q.limit);
  });
}

/** GET transaction/product/bill/datatable: status, productId, memberId, search (number, name, member, CIF). */
export async function datatable(
  ctx: Ctx,
  q: {
    page: number;
    limit: number;
    search?: string;
    sortBy?: string;
    ascOrDesc?: string;
    status?: string;
    productId?: string;
    memberId?: string;
  },
) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await billsPage(tx, q, isAgentCtx(ctx) ? ctx.userId! : null);
    return paged(rows.map(billView), total, q.page, q.limit);
  });
}

export interface RealizationQuery {
  start?: string;
  end?: string;
  productId?: string;
  branchId?: string;
  billType?: string;
}

/**
 * GET report/bill/realization-periode: bills approved between start and end (default this month), with their figures
 * today. `limit` (the Excel export: EXPORT_FETCH_LIMIT): at most that many bills.
 */
export async function realization(ctx: Ctx, q: RealizationQuery, limit?: number) {
  return withTx(ctx, async (tx) => {
    const end = q.end ?? today();
    const start = q.start ?? `${end.slice(0, 8)}01`;
    const rows = await approvedBills(tx, { ...q, start, end }, isAgentCtx(ctx) ? ctx.userId! : null, limit);
    const items = rows.map((b) => ({
      ...billView(b),
      total: b.amount.plus(b.admin_fee),
    }));
    const totals = {
      count: items.length,
      amount: ZERO,
      adminFee: ZERO,
      total: ZERO,
      paid: ZERO,
      deducted: ZERO,
      writtenOff: ZERO,
      debt: ZERO,
    };
    for (const b of rows) {
      totals.amount = totals.amount.plus(b.amount);
      totals.adminFee = totals.adminFee.plus(b.admin_fee);
      totals.total = totals.total.plus(b.amount).plus(b.admin_fee);
      totals.paid = totals.paid.plus(b.paid);
      totals.deducted = totals.deducted.plus(b.deducted);
      totals.writtenOff = totals.writtenOff.plus(b.written_off);
      totals.debt = totals.debt.plus(dec(b.debt));
    }
    return { start, end, items, totals };
  });
}
