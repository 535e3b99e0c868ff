/** Reads of the bills area: the list, a bill's installments, its payments and the realization report. */
import { dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { BILL_SELECT, type BillRow, findBill, paymentsOf } from './bills.repo.ts';
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

const SORTS: Record<string, string> = {
  created_date: 'b.created_date',
  createdDate: 'b.created_date',
  billNumber: 'b.bill_number',
  memberName: 'm.full_name',
  amount: 'b.amount',
  debt: 'b.debt',
  date: 'b.bill_date',
};

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
    const params: unknown[] = [];
    const where = ['b.tenant_id = app_tenant()'];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.status) add('b.status = ?', q.status);
    if (q.productId) add('b.product_id = ?', q.productId);
    if (q.memberId) add('b.member_id = ?', q.memberId);
    if (q.search) {
      params.push(`%${q.search}%`);
      const n = `$${params.length}`;
      where.push(`(b.bill_number ILIKE ${n} OR b.name ILIKE ${n} OR m.full_name ILIKE ${n} OR m.cif_number ILIKE ${n})`);
    }
    if (isAgentCtx(ctx)) {
      params.push(ctx.userId);
      where.push(agentMemberCondition('m', `$${params.length}`));
    }
    const cond = where.join(' AND ');
    const order = `${SORTS[q.sortBy ?? 'created_date'] ?? 'b.created_date'} ${String(q.ascOrDesc).toUpperCase() === 'ASC' ? 'ASC' : 'DESC'}, b.id`;
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM bill b JOIN member m ON m.tenant_id = b.tenant_id AND m.id = b.member_id WHERE ${cond}`,
      params,
    );
    const rows = await tx.query<BillRow>(
      `${BILL_SELECT} WHERE ${cond} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return paged(rows.map(billView), total?.n ?? 0, q.page, q.limit);
  });
}

export interface RealizationQuery {
  start?: string;
  end?: string;
  productId?: string;
  branchId?: string;
  billType?: string;
}

/** GET report/bill/realization-periode: bills approved between start and end (default this month), with their figures today. */
export async function realization(ctx: Ctx, q: RealizationQuery) {
  return withTx(ctx, async (tx) => {
    const end = q.end ?? today();
    const start = q.start ?? `${end.slice(0, 8)}01`;
    const params: unknown[] = [start, end];
    const where = ['b.tenant_id = app_tenant()', 'b.approved_date BETWEEN $1::date AND $2::date'];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.productId) add('b.product_id = ?', q.productId);
    if (q.branchId) add('m.branch_id = ?', q.branchId);
    if (q.billType) add('b.bill_type = ?', q.billType);
    if (isAgentCtx(ctx)) {
      params.push(ctx.userId);
      where.push(agentMemberCondition('m', `$${params.length}`));
    }
    const rows = await tx.query<BillRow>(`${BILL_SELECT} WHERE ${where.join(' AND ')} ORDER BY b.approved_date, b.bill_number`, params);
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
