/**
 * Undoing and forgiving: cancellation of a loan's latest payment (reversal
 * journal, installments and savings reinstated) and waiving fines (nothing
 * posted: fines are income when paid). docs/loans.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { reverse } from '../ledger/posting.ts';
import { assertCanCancelTransaction } from '../roles/limits.ts';
import { channelOf, isAgentCtx, move, rupiah, today } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
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

export async function cancelPayment(ctx: Ctx, b: { paymentId: string; reason?: string | null }) {
  assertCanCancelTransaction(ctx);
  return withTx(
    ctx,
    async (tx) => {
      const first = await findPayment(tx, b.paymentId);
      if (!first) throw notFound('loan.payment_not_found');
      const l = await lockLoan(tx, first.loan_id, isAgentCtx(ctx) ? ctx.userId : null);
      if (!l) throw notFound('loan.not_found');
      const p = (await findPayment(tx, b.paymentId))!;
      if (p.status === 'CANCELLED') throw unprocessable('PAYMENT_CANCELLED', 'loan.payment_cancelled_already');
      const later = await tx.one(
        `SELECT 1 FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1 AND status = 'POSTED' AND seq > $2
         UNION ALL
         SELECT 1 FROM loan_event WHERE tenant_id = app_tenant() AND loan_id = $1 AND created_date > $3
           AND activity IN ('FINE_WAIVED', 'RESTRUCTURE', 'INSTALLMENTS_UPDATED') LIMIT 1`,
        [l.id, p.seq, p.created_date],
      );
      if (later) throw unprocessable('PAYMENT_NOT_LAST', 'loan.payment_not_last');
      const reason = b.reason?.trim() || `Pembatalan pembayaran pinjaman ${l.loan_number}`;
      const date = today();
      const s = p.before;
      await tx.exec(
        `UPDATE loan_installment i SET principal_paid = x.pp, interest_paid = x.ip, fine_accrued = x.fa, fine_counted_to = x.fc, fine_paid = x.fp,
                paid_date = x.pd, interest = x.it, notes = CASE WHEN x.it <> i.interest THEN NULL ELSE i.notes END
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, pp numeric, ip numeric, fa numeric, fc date, fp numeric, pd date, it numeric)
         WHERE i.tenant_id = app_tenant() AND i.id = x.id`,
        [
          JSON.stringify(
            s.installments.map((r) => ({
              id: r.id,
              pp: r.principal_paid,
              ip: r.interest_paid,
              fa: r.fine_accrued,
              fc: r.fine_counted_to,
              fp: r.fine_paid,
              pd: r.paid_date,
              it: r.interest,
            })),
          ),
        ],
      );
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
          description: `Pembatalan pembayaran pinjaman ${l.loan_number}: ${reason}`.slice(0, 500),
          reversalOfId: p.saving_transaction_id,
        });
        await setGroupJournal(tx, groupId, journal.id);
        await tx.exec(
          `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
           WHERE tenant_id = app_tenant() AND id = $1`,
          [p.saving_transaction_id, ctx.userId, reason],
        );
      }
      await tx.exec(
        `UPDATE loan_payment SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3, reversal_journal_id = $4
         WHERE tenant_id = app_tenant() AND id = $1`,
        [p.id, ctx.userId, reason, journal.id],
      );
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
      return { payment: paymentView((await findPayment(tx, p.id))!), reversalJournalId: journal.id, reversalJournalNumber: journal.number };
    },
    { idempotent: true, message: 'loan.payment_cancelled' },
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
      await tx.exec('UPDATE loan SET fine_waived = fine_waived + $2 WHERE tenant_id = app_tenant() AND id = $1', [l.id, waived]);
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
