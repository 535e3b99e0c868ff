/**
 * Changing a bill's schedule: update-installment (due date or amount of
 * installments nothing was paid on) and delete-installment. On a running
 * bill a change of the amount posts its journal (more: Dr receivable, Cr
 * income; less: the reverse), so the receivable keeps equal to the debt.
 * A WITH_TOTAL_DEBT bill keeps its total. docs/bills.md "Changing a schedule".
 */
import type { UpdateBillInstallmentBody } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { post } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import { isAgentCtx, rupiah, today } from '../savings/savings.core.ts';
import { postWriteOff } from './bills.money.ts';
import {
  type BillInstallmentRow,
  type BillRow,
  billInstallments,
  findBill,
  lockBill,
  markScheduleChanged,
  productGl,
  saveBillTotals,
  saveInstallments,
  totalsOf,
} from './bills.repo.ts';
import { billDetail } from './bills.views.ts';

const sum = (xs: Dec[]) => xs.reduce((s, v) => s.plus(v), ZERO);

/** A bill whose schedule may change: waiting for approval or running. */
async function lockChangeable(tx: Tx, ctx: Ctx, id: string): Promise<BillRow> {
  const b = await lockBill(tx, id, isAgentCtx(ctx) ? ctx.userId : null);
  if (!b) throw notFound('bill.not_found');
  if (b.status !== 'RUNNING' && b.status !== 'WAITING_APPROVAL')
    throw unprocessable('BILL_NOT_RUNNING', 'bill.not_running', { number: b.bill_number, status: b.status });
  return b;
}

/** The live installment `number`, with nothing paid on it. */
function untouched(b: BillRow, rows: BillInstallmentRow[], number: number): BillInstallmentRow {
  const r = rows.find((x) => x.number === number && x.status !== 'DELETED');
  if (!r)
    throw new AppError(404, 'INSTALLMENT_NOT_FOUND', 'bill.installment_not_found', { number, bill: b.bill_number }, [
      { field: 'number', message: 'bill.installment_not_found' },
    ]);
  if (r.status !== 'OPEN' || r.amount_paid.plus(r.admin_fee_paid).gt(0))
    throw unprocessable('INSTALLMENT_HAS_PAYMENT', 'bill.installment_has_payment', { number });
  return r;
}

function totalFixed(ctx: Ctx, b: BillRow, rows: BillInstallmentRow[]): never {
  const open = sum(rows.filter((r) => r.status === 'OPEN').map((r) => r.amount.minus(r.amount_paid)));
  throw unprocessable('BILL_TOTAL_FIXED', 'bill.total_fixed', {
    type: b.bill_type,
    amount: rupiah(ctx, b.amount),
    open: rupiah(ctx, open),
  });
}

/** POST transaction/product/bill/update-installment. */
export async function updateInstallment(ctx: Ctx, body: UpdateBillInstallmentBody) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockChangeable(tx, ctx, body.billId);
      const rows = await billInstallments(tx, b.id, true);
      const before = rows.map((r) => ({ number: r.number, dueDate: r.due_date, amount: r.amount }));
      let delta = ZERO;
      const changed = new Map<string, BillInstallmentRow>();
      for (const c of body.installments) {
        const r = untouched(b, rows, c.number);
        if (c.dueDate) r.due_date = c.dueDate;
        if (c.amount !== undefined) {
          delta = delta.plus(dec(c.amount).minus(r.amount));
          r.amount = dec(c.amount);
        }
        r.notes = body.reason.slice(0, 500);
        changed.set(r.id, r);
      }
      const live = rows.filter((r) => r.status !== 'DELETED');
      for (let i = 1; i < live.length; i++)
        if (live[i].due_date < live[i - 1].due_date)
          throw new AppError(422, 'INSTALLMENT_DATES_ORDER', 'bill.dates_order', undefined, [
            { field: 'installments', message: 'bill.dates_order' },
          ]);
      if (!delta.isZero() && b.bill_type === 'WITH_TOTAL_DEBT') totalFixed(ctx, b, rows);
      await saveInstallments(tx, [...changed.values()]);
      let journal = null;
      if (b.status === 'RUNNING' && delta.gt(0)) {
        const gl = await productGl(tx, b.product_id);
        const desc = `Penambahan tagihan ${b.bill_number} a.n. ${b.member_name} (${b.cif_number})`;
        journal = await post(tx, ctx, {
          date: today(),
          description: desc,
          referenceCode: b.bill_number,
          source: { module: 'BILL', id: b.id },
          lines: [
            { accountId: b.receivable_coa_id!, debit: delta, description: 'Piutang tagihan' },
            { accountId: gl.REVENUE, credit: delta, description: 'Pendapatan tagihan' },
          ],
        });
      } else if (b.status === 'RUNNING' && delta.lt(0)) {
        journal = await postWriteOff(tx, ctx, b, delta.neg(), ZERO, 'Pengurangan tagihan');
      }
      const t = totalsOf(b);
      await saveBillTotals(tx, b.id, { ...t, amount: b.amount.plus(delta), debt: b.status === 'RUNNING' ? b.debt.plus(delta) : b.debt });
      await markScheduleChanged(tx, b.id);
      await audit(tx, ctx, {
        action: 'bill.update_installment',
        entity: 'bill',
        entityId: b.id,
        before: { installments: before.filter((x) => body.installments.some((c) => c.number === x.number)) },
        after: { installments: body.installments, reason: body.reason, journal: journal?.number ?? null },
      });
      return { bill: await billDetail(tx, (await findBill(tx, b.id))!), journalNumber: journal?.number ?? null };
    },
    { idempotent: true, message: 'bill.updated' },
  );
}

/** POST transaction/product/bill/delete-installment. */
export async function deleteInstallment(ctx: Ctx, body: { billId: string; number: number; reason: string }) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockChangeable(tx, ctx, body.billId);
      const rows = await billInstallments(tx, b.id, true);
      const r = untouched(b, rows, body.number);
      if (b.bill_type === 'WITH_TOTAL_DEBT') totalFixed(ctx, b, rows);
      if (rows.filter((x) => x.status === 'OPEN').length <= 1) throw unprocessable('LAST_INSTALLMENT', 'bill.last_installment');
      r.status = 'DELETED';
      r.notes = body.reason.slice(0, 500);
      await saveInstallments(tx, [r]);
      const journal = b.status === 'RUNNING' ? await postWriteOff(tx, ctx, b, r.amount, r.admin_fee, 'Hapus angsuran tagihan') : null;
      await saveBillTotals(tx, b.id, {
        ...totalsOf(b),
        amount: b.amount.minus(r.amount),
        admin_fee: b.admin_fee.minus(r.admin_fee),
        installments: b.installments - 1,
        debt: b.status === 'RUNNING' ? b.debt.minus(r.amount).minus(r.admin_fee) : b.debt,
      });
      await markScheduleChanged(tx, b.id);
      await audit(tx, ctx, {
        action: 'bill.delete_installment',
        entity: 'bill',
        entityId: b.id,
        before: { number: r.number, dueDate: r.due_date, amount: r.amount, adminFee: r.admin_fee },
        after: { status: 'DELETED', reason: body.reason, journal: journal?.number ?? null },
      });
      return { bill: await billDetail(tx, (await findBill(tx, b.id))!), journalNumber: journal?.number ?? null };
    },
    { idempotent: true, message: 'bill.installment_deleted' },
  );
}
