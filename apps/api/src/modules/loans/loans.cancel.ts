/**
 * Undoing and forgiving: cancellation of a loan's latest payment (reversal
 * journal, installments and savings reinstated), of a release before any
 * payment, the generic `transaction/cancel` for loans, and waiving fines
 * (nothing posted: fines are income when paid). docs/loans.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { isPeriodOpen, reverse } from '../ledger/posting.ts';
import type { CancelBody } from '../money/cancel.ts';
import { assertCanCancelTransaction, assertCanReleaseLoan } from '../roles/limits.ts';
import { channelOf, isAgentCtx, move, rupiah, today } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { addFineWaived } from './loans.apply.repo.ts';
import {
  findCancelTarget,
  laterChange,
  markPaymentCancelled,
  markSavingCancelled,
  releaseBlockers,
  releaseSavingLeg,
  restoreInstallments,
  undoRelease,
} from './loans.cancel.repo.ts';
import { figures } from './loans.engine.ts';
import {
  findLoan,
  findPayment,
  type InstallmentRow,
  insertEvent,
  installments,
  type LoanRow,
  lockLoan,
  saveInstallments,
  saveLoanTotals,
} from './loans.repo.ts';
import { loanDetail, paymentView } from './loans.views.ts';

const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);
const sum = (xs: Dec[]) => xs.reduce((s, v) => s.plus(v), ZERO);

async function lockRunning(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await lockLoan(tx, id, isAgentCtx(ctx) ? ctx.userId : null);
  if (!l) throw notFound('loan.not_found');
  if (l.status !== 'RUNNING') throw unprocessable('LOAN_NOT_RUNNING', 'loan.not_running', { number: l.loan_number, status: l.status });
  return l;
}

// ---------------------------------------------------------------- cancel

/** The payment's period must be open: a cancellation never changes what a closed period showed. */
async function assertOpenPeriod(tx: Tx, code: string, date: string) {
  if (!(await isPeriodOpen(tx, date)))
    throw unprocessable('PERIOD_CLOSED', 'loan.cancel_period_closed', { code, periode: date.slice(0, 7) });
}

/**
 * Cancels a payment. Only the loan's latest posted payment (and only before a later waiver, restructure or
 * schedule change): payments are undone last-in first-out, each by its own decision, because each later
 * payment's allocation was computed from the state the earlier one left.
 */
export async function cancelPaymentTx(tx: Tx, ctx: Ctx, b: { paymentId: string; reason?: string | null }) {
  assertCanCancelTransaction(ctx);
  const first = await findPayment(tx, b.paymentId);
  if (!first) throw notFound('loan.payment_not_found');
  const l = await lockLoan(tx, first.loan_id, agentOf(ctx));
  if (!l) throw notFound('loan.not_found');
  const p = (await findPayment(tx, b.paymentId))!;
  if (p.status === 'CANCELLED') throw unprocessable('PAYMENT_CANCELLED', 'loan.payment_cancelled_already');
  if (await laterChange(tx, l.id, p.seq, p.created_date)) throw unprocessable('PAYMENT_NOT_LAST', 'loan.payment_not_last');
  await assertOpenPeriod(tx, `${l.loan_number}/${p.seq}`, p.payment_date);
  const reason = b.reason?.trim() || `Pembatalan pembayaran pinjaman ${l.loan_number}`;
  const date = today();
  const s = p.before;
  await restoreInstallments(tx, s);
  await saveLoanTotals(tx, l.id, {
    remaining_principal: dec(s.loan.remaining_principal),
    principal_paid: dec(s.loan.principal_paid),
    interest_paid: dec(s.loan.interest_paid),
    fine_paid: dec(s.loan.fine_paid),
    fine_waived: l.fine_waived,
    status: s.loan.status as LoanRow['status'],
    paid_off_date: s.loan.paid_off_date,
  });
  const journal = await reverse(tx, ctx, p.journal_id, reason, { date });
  const reversals: Reversal[] = [];
  if (p.source === 'SAVING' && p.saving_id) {
    reversals.push(
      await undoSavingLeg(tx, ctx, {
        kind: 'TOPUP',
        savingId: p.saving_id,
        amount: p.amount,
        code: l.loan_number,
        date,
        description: `Pembatalan pembayaran pinjaman ${l.loan_number}: ${reason}`,
        reversalOfId: p.saving_transaction_id,
        journalId: journal.id,
      }),
    );
    if (p.saving_transaction_id) await markSavingCancelled(tx, p.saving_transaction_id, ctx.userId, reason);
  }
  await markPaymentCancelled(tx, p.id, ctx.userId, reason, journal.id);
  await insertEvent(tx, ctx.userId, {
    loanId: l.id,
    date,
    activity: 'PAYMENT_CANCELLED',
    debit: p.principal,
    balance: dec(s.loan.remaining_principal),
    description: reason,
    refId: p.id,
  });
  await audit(tx, ctx, {
    action: 'loan.payment_cancel',
    entity: 'loan_payment',
    entityId: p.id,
    before: { status: 'POSTED', amount: p.amount },
    after: { status: 'CANCELLED', reason, reversalJournal: journal.number },
  });
  return {
    payment: paymentView((await findPayment(tx, p.id))!),
    reason,
    reversals,
    reversalJournalId: journal.id,
    reversalJournalNumber: journal.number,
  };
}

export async function cancelPayment(ctx: Ctx, b: { paymentId: string; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const { reason: _r, reversals: _s, ...r } = await cancelPaymentTx(tx, ctx, b);
      return r;
    },
    { idempotent: true, message: 'loan.payment_cancelled' },
  );
}

interface Reversal {
  id: string;
  code: string;
  savingId: string;
  amount: Dec;
  balanceAfter: Dec;
}

/** Reverses the savings leg of a payment (credit back) or of a release (debit back, refused when the balance no longer covers it). */
async function undoSavingLeg(
  tx: Tx,
  ctx: Ctx,
  x: {
    kind: 'TOPUP' | 'WITHDRAW';
    savingId: string;
    amount: Dec;
    code: string;
    date: string;
    description: string;
    reversalOfId: string | null;
    journalId: string;
  },
): Promise<Reversal> {
  const a = (await lockAccounts(tx, [x.savingId], x.date, agentOf(ctx))).get(x.savingId);
  if (!a) throw notFound('saving.account_not_found');
  if (a.status !== 'ACTIVE') throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: a.account_number });
  if (x.kind === 'WITHDRAW') {
    const after = a.balance.minus(x.amount);
    if (after.isNegative() || after.lt(a.blocked_amount.plus(a.pledged_amount)))
      throw unprocessable('CANCEL_INSUFFICIENT_BALANCE', 'saving.cancel_insufficient', { code: x.code, number: a.account_number });
  }
  const groupId = crypto.randomUUID();
  const row = await move(tx, ctx, a, {
    kind: x.kind,
    activity: 'REVERSAL',
    amount: x.amount,
    date: x.date,
    channel: channelOf(ctx),
    cashCoaId: null,
    groupId,
    description: x.description.slice(0, 500),
    reversalOfId: x.reversalOfId,
  });
  await setGroupJournal(tx, groupId, x.journalId);
  return { id: row.id, code: row.code, savingId: a.id, amount: x.amount, balanceAfter: row.balance_after };
}

/**
 * Cancels a release before any payment: the release journal reversed, the net taken back from the member's
 * savings account when it was paid there, the schedule kept as history, the loan APPROVED again (to be
 * released again, or its disbursement rejected). Needs both the cancel and the release flag.
 */
export async function cancelReleaseTx(tx: Tx, ctx: Ctx, b: { loanId: string; reason?: string | null }) {
  assertCanCancelTransaction(ctx);
  assertCanReleaseLoan(ctx);
  const l = await lockLoan(tx, b.loanId, agentOf(ctx));
  if (!l) throw notFound('loan.not_found');
  if (l.status !== 'RUNNING' || !l.release_journal_id || !l.release_date)
    throw unprocessable('LOAN_NOT_RUNNING', 'loan.not_running', { number: l.loan_number, status: l.status });
  const blockers = await releaseBlockers(tx, l.id);
  if (blockers.payments > 0 || blockers.restructures > 0)
    throw unprocessable('RELEASE_HAS_PAYMENTS', 'loan.release_has_payments', { number: l.loan_number });
  await assertOpenPeriod(tx, l.loan_number, l.release_date);
  const reason = b.reason?.trim() || `Pembatalan pencairan pinjaman ${l.loan_number}`;
  const date = today();
  const journal = await reverse(tx, ctx, l.release_journal_id, reason, { date });
  const reversals: Reversal[] = [];
  const leg = await releaseSavingLeg(tx, l.release_journal_id);
  if (leg && leg.status !== 'CANCELLED') {
    reversals.push(
      await undoSavingLeg(tx, ctx, {
        kind: 'WITHDRAW',
        savingId: leg.saving_id,
        amount: l.net_disbursed,
        code: l.loan_number,
        date,
        description: `Pembatalan pencairan pinjaman ${l.loan_number}: ${reason}`,
        reversalOfId: leg.id,
        journalId: journal.id,
      }),
    );
    await markSavingCancelled(tx, leg.id, ctx.userId, reason);
  }
  await undoRelease(tx, l.id, l.schedule_no);
  await insertEvent(tx, ctx.userId, {
    loanId: l.id,
    date,
    activity: 'RELEASE_CANCELLED',
    credit: l.amount,
    balance: ZERO,
    description: reason,
    refId: journal.id,
  });
  await audit(tx, ctx, {
    action: 'loan.release_cancel',
    entity: 'loan',
    entityId: l.id,
    before: { status: l.status, releaseDate: l.release_date, amount: l.amount, net: l.net_disbursed },
    after: { status: 'APPROVED', reason, reversalJournal: journal.number },
  });
  return {
    loan: await loanDetail(tx, (await findLoan(tx, l.id))!, date),
    reason,
    reversals,
    reversalJournalId: journal.id,
    reversalJournalNumber: journal.number,
  };
}

export async function cancelRelease(ctx: Ctx, b: { loanId: string; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const { reason: _r, reversals: _s, ...r } = await cancelReleaseTx(tx, ctx, b);
      return r;
    },
    { idempotent: true, message: 'loan.release_cancelled' },
  );
}

/**
 * `POST /api/transaction/cancel` for loans: answers in the savings cancellation's shape (plus `loanPayment` or
 * `loan`), or null when the id is not a loan payment or release.
 */
export async function cancelLoanTransaction(ctx: Ctx, b: CancelBody) {
  const target = await withTx(ctx, (tx) => findCancelTarget(tx, b.transactionId));
  if (!target) return null;
  return withTx(
    ctx,
    async (tx) => {
      if (target.kind === 'PAYMENT') {
        const r = await cancelPaymentTx(tx, ctx, { paymentId: target.id, reason: b.reason });
        return {
          transactionId: b.transactionId,
          code: r.payment.journalNumber ?? r.payment.id,
          status: 'CANCELLED' as const,
          reason: r.reason,
          reversalJournalId: r.reversalJournalId,
          reversalJournalNumber: r.reversalJournalNumber,
          reversals: r.reversals,
          loanPayment: r.payment,
        };
      }
      const r = await cancelReleaseTx(tx, ctx, { loanId: target.id, reason: b.reason });
      return {
        transactionId: b.transactionId,
        code: r.loan.loanNumber,
        status: 'CANCELLED' as const,
        reason: r.reason,
        reversalJournalId: r.reversalJournalId,
        reversalJournalNumber: r.reversalJournalNumber,
        reversals: r.reversals,
        loan: r.loan,
      };
    },
    { idempotent: true, message: 'saving.cancel_success' },
  );
}

// ---------------------------------------------------------------- fines

/** Waives the fines counted to today (or `amount` of them, oldest first). Fines are income when paid, so nothing is posted. */
export async function waiveFine(ctx: Ctx, id: string, b: { amount?: number | null; reason: string }) {
  return withTx(
    ctx,
    async (tx) => {
      const l = await lockRunning(tx, ctx, id);
      const date = today();
      const f = figures(l, await installments(tx, l.id, l.schedule_no), date);
      const total = sum(f.map((x) => x.fineDue));
      if (total.lte(0)) throw unprocessable('NO_FINE', 'loan.no_fine', { number: l.loan_number });
      let left = b.amount != null ? dec(b.amount) : total;
      if (left.gt(total))
        throw new AppError(422, 'WAIVE_ABOVE_FINE', 'loan.waive_above_fine', { amount: rupiah(ctx, left), fine: rupiah(ctx, total) }, [
          { field: 'amount', message: 'loan.waive_above_fine' },
        ]);
      const waived = left;
      const changed: InstallmentRow[] = [];
      for (const x of f) {
        if (x.fineNew.gt(0)) {
          x.row.fine_accrued = x.row.fine_accrued.plus(x.fineNew);
          x.row.fine_counted_to = date;
        }
        const w = left.lt(x.fineDue) ? left : x.fineDue;
        if (w.gt(0)) {
          x.row.fine_waived = x.row.fine_waived.plus(w);
          left = left.minus(w);
        }
        const r = x.row;
        if (
          !r.paid_date &&
          r.principal_paid.eq(r.principal) &&
          r.interest_paid.eq(r.interest) &&
          r.fine_accrued.minus(r.fine_paid).minus(r.fine_waived).lte(0)
        )
          r.paid_date = date;
        if (x.fineNew.gt(0) || w.gt(0)) changed.push(r);
      }
      await saveInstallments(tx, changed);
      await addFineWaived(tx, l.id, waived);
      await insertEvent(tx, ctx.userId, {
        loanId: l.id,
        date,
        activity: 'FINE_WAIVED',
        balance: l.remaining_principal,
        description: `${waived.toFixed(2)}: ${b.reason}`,
      });
      await audit(tx, ctx, {
        action: 'loan.fine_waive',
        entity: 'loan',
        entityId: l.id,
        before: { fineDue: total },
        after: { waived, reason: b.reason },
      });
      return loanDetail(tx, (await findLoan(tx, l.id))!, date);
    },
    { idempotent: true, message: 'loan.fine_waived' },
  );
}
