/**
 * The bill's money: payments (payment-open-amount), cancellation of the latest
 * payment (reversal journal) and the stop (what is left written off). Each
 * runs in one transaction: lock the bill row (then the member's savings
 * account when one is used), change the installments and the bill, post one
 * balanced journal, write the audit entry. docs/bills.md "Payments".
 *
 * The bill receivable control equals the sum of the running bills' debt:
 * approval debits the whole bill, a payment credits what it paid, a stop or
 * a deleted installment credits what no longer is owed.
 */
import type { BillPaymentBody } from '@koperasi/contracts';
import { allocateBill, type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { post, reverse } from '../ledger/posting.ts';
import { audit, refusalError, withTx } from '../money/index.ts';
import { assertCanCancelTransaction } from '../roles/limits.ts';
import { assertCanMove, assertCanWithdraw, channelOf, isAgentCtx, move, resolveCash, today } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { cancelSavingRow, markBillStopped, markPaymentCancelled, restoreInstallments } from './bills.ops.repo.ts';
import {
  type BillInstallmentRow,
  type BillRow,
  type BillSnapshot,
  billInstallments,
  changedSince,
  findBill,
  findPayment,
  insertPayment,
  lockBill,
  markScheduleChanged,
  productGl,
  saveBillTotals,
  saveInstallments,
  totalsOf,
} from './bills.repo.ts';
import { billDetail, billView, paymentView, remainingOf } from './bills.views.ts';

const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);
const sum = (xs: Dec[]) => xs.reduce((s, v) => s.plus(v), ZERO);

export async function lockRunning(tx: Tx, ctx: Ctx, id: string): Promise<BillRow> {
  const b = await lockBill(tx, id, agentOf(ctx));
  if (!b) throw notFound('bill.not_found');
  if (b.status !== 'RUNNING') throw unprocessable('BILL_NOT_RUNNING', 'bill.not_running', { number: b.bill_number, status: b.status });
  return b;
}

/** The member's voluntary savings account to pay from, locked and checked by the savings rules. */
async function memberSaving(tx: Tx, ctx: Ctx, b: BillRow, savingId: string, date: string): Promise<LockedAccount> {
  const a = (await lockAccounts(tx, [savingId], date, agentOf(ctx))).get(savingId);
  assertCanMove(ctx, a);
  if (a.member_id !== b.member_id) throw refusalError(ctx.lang, 'BILL_SAVING_NOT_MEMBER', { number: a.account_number });
  if (a.kind !== 'SAVING') throw refusalError(ctx.lang, 'BILL_SAVING_NOT_VOLUNTARY', { number: a.account_number });
  return a;
}

function snapshotOf(b: BillRow, rows: BillInstallmentRow[]): BillSnapshot {
  return {
    bill: {
      paid: b.paid.toFixed(2),
      deducted: b.deducted.toFixed(2),
      debt: b.debt.toFixed(2),
      status: b.status,
      paid_off_date: b.paid_off_date,
    },
    installments: rows.map((r) => ({
      id: r.id,
      amount_paid: r.amount_paid.toFixed(2),
      admin_fee_paid: r.admin_fee_paid.toFixed(2),
      paid_date: r.paid_date,
      status: r.status,
    })),
  };
}

// ---------------------------------------------------------------- payment

/** POST transaction/product/bill/payment-open-amount. */
export async function pay(ctx: Ctx, body: BillPaymentBody) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockRunning(tx, ctx, body.billId);
      const date = today();
      const open = (await billInstallments(tx, b.id, true)).filter((r) => r.status === 'OPEN');
      const owed = sum(open.map(remainingOf));
      const amount = dec(body.amount);
      if (amount.gt(owed)) throw refusalError(ctx.lang, 'BILL_PAY_ABOVE_OWED', { amount, owed });
      const before = snapshotOf(b, open);
      const { allocations } = allocateBill(
        open.map((r) => ({ adminFee: r.admin_fee, adminFeePaid: r.admin_fee_paid, amount: r.amount, amountPaid: r.amount_paid })),
        amount,
      );
      let fee = ZERO;
      let part = ZERO;
      const changed: BillInstallmentRow[] = [];
      for (const a of allocations) {
        const r = open[a.index];
        r.admin_fee_paid = r.admin_fee_paid.plus(a.adminFee);
        r.amount_paid = r.amount_paid.plus(a.amount);
        fee = fee.plus(a.adminFee);
        part = part.plus(a.amount);
        if (remainingOf(r).isZero()) {
          r.status = 'PAID';
          r.paid_date = date;
        }
        changed.push(r);
      }
      await saveInstallments(tx, changed);
      const fromSaving = body.source === 'SAVING';
      const debt = b.debt.minus(amount);
      const totals = {
        ...totalsOf(b),
        paid: fromSaving ? b.paid : b.paid.plus(amount),
        deducted: fromSaving ? b.deducted.plus(amount) : b.deducted,
        debt,
        status: debt.isZero() ? ('PAID_OFF' as const) : b.status,
        paid_off_date: debt.isZero() ? date : null,
      };
      await saveBillTotals(tx, b.id, totals);

      const journalId = crypto.randomUUID();
      const desc = `Pembayaran tagihan ${b.product_name} ${b.bill_number} a.n. ${b.member_name} (${b.cif_number})`;
      let debitAccount: string;
      let savingId: string | null = null;
      let savingTxId: string | null = null;
      let cashId: string | null = null;
      if (fromSaving) {
        const a = await memberSaving(tx, ctx, b, body.memberSavingId!, date);
        assertCanWithdraw(ctx, a, amount);
        const row = await move(tx, ctx, a, {
          kind: 'WITHDRAW',
          activity: 'BILL_PAYMENT',
          amount,
          date,
          channel: channelOf(ctx),
          cashCoaId: null,
          groupId: crypto.randomUUID(),
          description: `Pembayaran tagihan ${b.bill_number}`,
          journalId,
        });
        debitAccount = a.control_id!;
        savingId = a.id;
        savingTxId = row.id;
      } else {
        const cash = await resolveCash(tx, ctx, body.coaId);
        debitAccount = cash.id;
        cashId = cash.id;
      }
      const journal = await post(tx, ctx, {
        id: journalId,
        date,
        description: (body.description ? `${desc} - ${body.description}` : desc).slice(0, 500),
        referenceCode: b.bill_number,
        source: { module: 'BILL', id: b.id },
        lines: [
          { accountId: debitAccount, debit: amount, description: desc },
          { accountId: b.receivable_coa_id!, credit: amount, description: 'Piutang tagihan' },
        ],
      });
      const paymentId = await insertPayment(tx, {
        billId: b.id,
        date,
        amount,
        billAmount: part,
        adminFee: fee,
        source: body.source,
        cashId,
        savingId,
        savingTxId,
        journalId: journal.id,
        before,
        description: body.description ?? null,
        createdBy: ctx.userId,
      });
      await audit(tx, ctx, {
        action: 'bill.payment',
        entity: 'bill_payment',
        entityId: paymentId,
        before: before.bill,
        after: { amount, billAmount: part, adminFee: fee, source: body.source, journal: journal.number, status: totals.status, debt },
      });
      return {
        payment: paymentView((await findPayment(tx, paymentId))!),
        bill: billView({ ...b, ...totals }),
        journalId: journal.id,
        journalNumber: journal.number,
      };
    },
    { idempotent: true, message: 'bill.paid' },
  );
}

// ---------------------------------------------------------------- cancel a payment

/** POST transaction/product/bill/cancel-payment: the latest payment, reversed (never edited). */
export async function cancelPayment(ctx: Ctx, body: { paymentId: string; reason: string }) {
  assertCanCancelTransaction(ctx);
  return withTx(
    ctx,
    async (tx) => {
      const first = await findPayment(tx, body.paymentId);
      if (!first) throw notFound('bill.payment_not_found');
      const b = await lockBill(tx, first.bill_id, agentOf(ctx));
      if (!b) throw notFound('bill.not_found');
      const p = (await findPayment(tx, body.paymentId))!;
      if (p.status === 'CANCELLED') throw unprocessable('PAYMENT_CANCELLED', 'bill.payment_cancelled_already');
      if (await changedSince(tx, b.id, p.seq, p.created_date)) throw unprocessable('PAYMENT_NOT_LAST', 'bill.payment_not_last');
      const date = today();
      const s = p.before;
      await restoreInstallments(tx, s.installments);
      await saveBillTotals(tx, b.id, {
        ...totalsOf(b),
        paid: dec(s.bill.paid),
        deducted: dec(s.bill.deducted),
        debt: dec(s.bill.debt),
        status: s.bill.status,
        paid_off_date: s.bill.paid_off_date,
      });
      const reason = body.reason.trim();
      const journal = await reverse(tx, ctx, p.journal_id, reason, { date });
      if (p.source === 'SAVING' && p.saving_id) {
        const a = (await lockAccounts(tx, [p.saving_id], date, agentOf(ctx))).get(p.saving_id);
        if (!a) throw notFound('saving.account_not_found');
        if (a.status !== 'ACTIVE') throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: a.account_number });
        const groupId = crypto.randomUUID();
        await move(tx, ctx, a, {
          kind: 'TOPUP',
          activity: 'REVERSAL',
          amount: p.amount,
          date,
          channel: channelOf(ctx),
          cashCoaId: null,
          groupId,
          description: `Pembatalan pembayaran tagihan ${b.bill_number}: ${reason}`.slice(0, 500),
          reversalOfId: p.saving_transaction_id,
        });
        await setGroupJournal(tx, groupId, journal.id);
        await cancelSavingRow(tx, p.saving_transaction_id, ctx.userId, reason);
      }
      await markPaymentCancelled(tx, p.id, ctx.userId, reason, journal.id);
      await audit(tx, ctx, {
        action: 'bill.payment_cancel',
        entity: 'bill_payment',
        entityId: p.id,
        before: { status: 'POSTED', amount: p.amount },
        after: { status: 'CANCELLED', reason, reversalJournal: journal.number },
      });
      return {
        payment: paymentView((await findPayment(tx, p.id))!),
        reversalJournalId: journal.id,
        reversalJournalNumber: journal.number,
      };
    },
    { idempotent: true, message: 'bill.payment_cancelled' },
  );
}

// ---------------------------------------------------------------- write-offs (stop, deleted installments)

/** Posts the reversal of income for what no longer is owed: Dr income (amount part), Dr admin fee income (fee part), Cr receivable. */
export async function postWriteOff(tx: Tx, ctx: Ctx, b: BillRow, amount: Dec, fee: Dec, why: string) {
  if (amount.plus(fee).isZero()) return null;
  const gl = await productGl(tx, b.product_id);
  if (!gl.REVENUE || (fee.gt(0) && !gl.ADMIN_FEE_INCOME))
    throw unprocessable('PRODUCT_GL_MISSING', 'saving.product_gl_missing', { product: b.product_name });
  const desc = `${why} ${b.bill_number} a.n. ${b.member_name} (${b.cif_number})`.slice(0, 500);
  return post(tx, ctx, {
    date: today(),
    description: desc,
    referenceCode: b.bill_number,
    source: { module: 'BILL', id: b.id },
    lines: [
      ...(amount.gt(0) ? [{ accountId: gl.REVENUE, debit: amount, description: 'Pendapatan tagihan' }] : []),
      ...(fee.gt(0) ? [{ accountId: gl.ADMIN_FEE_INCOME, debit: fee, description: 'Biaya administrasi tagihan' }] : []),
      { accountId: b.receivable_coa_id!, credit: amount.plus(fee), description: 'Piutang tagihan' },
    ],
  });
}

/** POST transaction/product/bill/{id}/stop-bill: the bill stops; what is left is written off (reason required). */
export async function stop(ctx: Ctx, id: string, body: { reason: string }) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await lockRunning(tx, ctx, id);
      const date = today();
      const open = (await billInstallments(tx, b.id, true)).filter((r) => r.status === 'OPEN');
      const amount = sum(open.map((r) => r.amount.minus(r.amount_paid)));
      const fee = sum(open.map((r) => r.admin_fee.minus(r.admin_fee_paid)));
      const reason = body.reason.trim();
      const journal = await postWriteOff(tx, ctx, b, amount, fee, 'Penghentian tagihan');
      for (const r of open) {
        r.status = 'STOPPED';
        r.notes = reason.slice(0, 500);
      }
      await saveInstallments(tx, open);
      await saveBillTotals(tx, b.id, { ...totalsOf(b), written_off: b.written_off.plus(amount).plus(fee), debt: ZERO, status: 'STOPPED' });
      await markBillStopped(tx, b.id, date, ctx.userId, reason);
      await markScheduleChanged(tx, b.id);
      await audit(tx, ctx, {
        action: 'bill.stop',
        entity: 'bill',
        entityId: b.id,
        before: { status: b.status, debt: b.debt },
        after: { status: 'STOPPED', reason, writtenOff: amount.plus(fee), journal: journal?.number ?? null },
      });
      return {
        bill: await billDetail(tx, (await findBill(tx, b.id))!),
        journalId: journal?.id ?? null,
        journalNumber: journal?.number ?? null,
      };
    },
    { idempotent: true, message: 'bill.stopped' },
  );
}
