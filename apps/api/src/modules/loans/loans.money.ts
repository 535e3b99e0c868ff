/**
 * The loan's money: release, payments (installments, partial, open amount,
 * payoff), cancellation of a payment, waiving fines. Each runs in one
 * transaction: lock the loan row (then the member's savings account when one
 * is used), compute, change the installments and the loan, post one balanced
 * journal, write the loan's history and the audit entry.
 *
 * A member's savings account is credited (release) or debited (payment)
 * through the savings module's own primitives (lockAccounts, assertCanMove,
 * assertCanWithdraw, move), so its balance, movement rows and the savings
 * control account stay reconciled; this journal carries the control line.
 */
import { type Dec, dec, firstDueDateByRule, schedule, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { accountIdByKey, post } from '../ledger/posting.ts';
import { assertCanReleaseLoan } from '../roles/limits.ts';
import { assertCanMove, assertCanWithdraw, channelOf, isAgentCtx, move, resolveCash, rupiah, today } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts } from '../savings/savings.repo.ts';
import { allocate, figures, payoffTargets, scheduleTargets, type Target } from './loans.engine.ts';
import { loadGrading } from './loans.portfolio.ts';
import {
  findLoan,
  findPayment,
  type InstallmentRow,
  insertEvent,
  insertInstallments,
  installments,
  type LoanRow,
  lockLoan,
  type PaymentSnapshot,
  productGl,
  saveInstallments,
  saveLoanTotals,
} from './loans.repo.ts';
import { loanDetail, loanView, paymentView } from './loans.views.ts';

const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);
const sum = (xs: Dec[]) => xs.reduce((s, v) => s.plus(v), ZERO);

async function lockRunning(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await lockLoan(tx, id, isAgentCtx(ctx) ? ctx.userId : null);
  if (!l) throw notFound('loan.not_found');
  if (l.status !== 'RUNNING') throw unprocessable('LOAN_NOT_RUNNING', 'loan.not_running', { number: l.loan_number, status: l.status });
  return l;
}

/** The member's savings account to move, locked and checked by the savings rules. */
async function memberSaving(tx: Tx, ctx: Ctx, l: LoanRow, savingId: string, date: string): Promise<LockedAccount> {
  const a = (await lockAccounts(tx, [savingId], date, agentOf(ctx))).get(savingId);
  assertCanMove(ctx, a);
  if (a.member_id !== l.member_id)
    throw new AppError(422, 'SAVING_NOT_MEMBER', 'loan.saving_not_member', { number: a.account_number }, [
      { field: 'memberSavingId', message: 'loan.saving_not_member' },
    ]);
  if (a.kind !== 'SAVING')
    throw new AppError(422, 'SAVING_NOT_VOLUNTARY', 'loan.saving_not_voluntary', { number: a.account_number }, [
      { field: 'memberSavingId', message: 'loan.saving_not_voluntary' },
    ]);
  return a;
}

function glMissing(l: LoanRow): never {
  throw unprocessable('PRODUCT_GL_MISSING', 'saving.product_gl_missing', { product: l.product_name });
}

// ---------------------------------------------------------------- release

export interface ReleaseInput {
  loanId: string;
  status: 'ACCEPTED' | 'REJECTED';
  reason?: string | null;
  destination: 'CASH' | 'SAVING';
  coaId?: string | null;
  memberSavingId?: string | null;
  releaseDate?: string;
  firstInstallmentDate?: string;
  description?: string | null;
}

export async function release(ctx: Ctx, b: ReleaseInput) {
  assertCanReleaseLoan(ctx);
  return withTx(
    ctx,
    async (tx) => {
      const l = await lockLoan(tx, b.loanId, isAgentCtx(ctx) ? ctx.userId : null);
      if (!l) throw notFound('loan.not_found');
      if (l.status !== 'APPROVED')
        throw unprocessable('LOAN_NOT_APPROVED', 'loan.not_approved', { number: l.loan_number, status: l.status });
      const now = today();
      if (b.status === 'REJECTED') {
        await tx.exec(`UPDATE loan SET status = 'RELEASE_REJECTED', decision_reason = $2 WHERE tenant_id = app_tenant() AND id = $1`, [
          l.id,
          b.reason ?? null,
        ]);
        await insertEvent(tx, ctx.userId, {
          loanId: l.id,
          date: now,
          activity: 'RELEASE_REJECTED',
          balance: ZERO,
          description: b.reason ?? null,
        });
        await audit(tx, ctx, {
          action: 'loan.release_reject',
          entity: 'loan',
          entityId: l.id,
          before: { status: l.status },
          after: { status: 'RELEASE_REJECTED', reason: b.reason },
        });
        return { loan: loanView((await findLoan(tx, l.id))!), journalId: null, journalNumber: null };
      }
      if (l.requires_collateral && !l.collateral_verified)
        throw unprocessable('COLLATERAL_NOT_VERIFIED', 'loan.collateral_not_verified', { number: l.loan_number });
      if (l.guarantor && !l.guarantor_verified)
        throw unprocessable('GUARANTOR_NOT_VERIFIED', 'loan.guarantor_not_verified', { number: l.loan_number });
      const date = b.releaseDate ?? now;
      if (date > now)
        throw new AppError(422, 'RELEASE_DATE_FUTURE', 'loan.release_future', undefined, [
          { field: 'releaseDate', message: 'loan.release_future' },
        ]);
      const feesTotal = l.admin_fee.plus(l.provision_fee).plus(l.other_costs);
      if (feesTotal.gt(l.amount))
        throw unprocessable('FEES_EXCEED_AMOUNT', 'loan.fees_exceed_amount', {
          fees: rupiah(ctx, feesTotal),
          amount: rupiah(ctx, l.amount),
        });
      const net = l.amount.minus(feesTotal);
      const gl = await productGl(tx, l.product_id);
      if (!gl.RECEIVABLE || !gl.ADMIN_FEE_INCOME || !gl.PROVISION_INCOME) glMissing(l);
      const firstDue = b.firstInstallmentDate ?? firstDueDateByRule(date, l.first_installment_rule, l.due_day);
      if (firstDue <= date)
        throw new AppError(422, 'FIRST_INSTALLMENT_BEFORE_RELEASE', 'loan.first_installment_before_release', undefined, [
          { field: 'firstInstallmentDate', message: 'loan.first_installment_before_release' },
        ]);
      const s = schedule({
        amount: l.amount,
        tenor: l.tenor,
        annualRate: l.interest_rate.times(12),
        method: l.interest_method,
        roundingMultiple: l.rounding_multiple,
        component: l.installment_method,
        startDate: date,
        firstDueDate: firstDue,
        dueDay: l.first_installment_rule === 'DUE_DAY' && l.due_day ? l.due_day : Number(firstDue.slice(8, 10)),
      });
      const journalId = crypto.randomUUID();
      const groupId = crypto.randomUUID();
      const desc = `Pencairan pinjaman ${l.product_name} ${l.loan_number} a.n. ${l.member_name} (${l.cif_number})`;
      const lines = [
        { accountId: gl.RECEIVABLE, debit: l.amount, description: desc },
        { accountId: gl.ADMIN_FEE_INCOME, credit: l.admin_fee, description: 'Biaya administrasi pinjaman' },
        { accountId: gl.PROVISION_INCOME, credit: l.provision_fee, description: 'Provisi pinjaman' },
      ];
      if (l.other_costs.gt(0))
        lines.push({ accountId: await accountIdByKey(tx, 'OTHER_INCOME'), credit: l.other_costs, description: 'Biaya lain pinjaman' });
      let savingId: string | null = null;
      let cashId: string | null = null;
      if (b.destination === 'SAVING') {
        const a = await memberSaving(tx, ctx, l, b.memberSavingId!, date);
        savingId = a.id;
        if (net.gt(0)) {
          await move(tx, ctx, a, {
            kind: 'TOPUP',
            activity: 'LOAN_RELEASE',
            amount: net,
            date,
            channel: channelOf(ctx),
            cashCoaId: null,
            groupId,
            description: `Pencairan pinjaman ${l.loan_number}`,
            journalId,
          });
          lines.push({ accountId: a.control_id!, credit: net, description: desc });
        }
      } else {
        const cash = await resolveCash(tx, ctx, b.coaId);
        cashId = cash.id;
        lines.push({ accountId: cash.id, credit: net, description: desc });
      }
      // schedule_no is 1, or one more after each cancelled release (the cancelled schedule stays as history).
      await insertInstallments(
        tx,
        l.id,
        l.schedule_no,
        s.installments.map((r) => ({
          number: r.number,
          dueDate: r.dueDate,
          principal: r.principal,
          interest: r.interest,
          remainingPrincipal: r.remainingPrincipal,
        })),
      );
      const journal = await post(tx, ctx, {
        id: journalId,
        date,
        description: (b.description ? `${desc} - ${b.description}` : desc).slice(0, 500),
        referenceCode: l.loan_number,
        source: { module: 'LOAN', id: l.id },
        lines: lines.filter((x) => dec(x.debit ?? x.credit ?? 0).gt(0)),
      });
      await tx.exec(
        `UPDATE loan SET status = 'RUNNING', release_date = $2, released_by = $3, receivable_coa_id = $4, remaining_principal = amount,
                installment_amount = $5, first_installment_date = $6, maturity_date = $7, net_disbursed = $8, release_journal_id = $9,
                release_coa_id = $10, release_saving_id = $11
         WHERE tenant_id = app_tenant() AND id = $1`,
        [
          l.id,
          date,
          ctx.userId,
          gl.RECEIVABLE,
          s.installmentAmount,
          firstDue,
          s.installments.at(-1)!.dueDate,
          net,
          journalId,
          cashId,
          savingId,
        ],
      );
      await insertEvent(tx, ctx.userId, {
        loanId: l.id,
        date,
        activity: 'RELEASE',
        debit: l.amount,
        balance: l.amount,
        description: desc,
        refId: journal.id,
      });
      const after = (await findLoan(tx, l.id))!;
      await audit(tx, ctx, {
        action: 'loan.release',
        entity: 'loan',
        entityId: l.id,
        before: { status: l.status },
        after: {
          status: 'RUNNING',
          amount: l.amount,
          net,
          adminFee: l.admin_fee,
          provisionFee: l.provision_fee,
          otherCosts: l.other_costs,
          journal: journal.number,
        },
      });
      return { loan: await loanDetail(tx, after, now), journalId: journal.id, journalNumber: journal.number };
    },
    { idempotent: true, message: 'loan.released' },
  );
}

// ---------------------------------------------------------------- payments

export interface PayInput {
  loanId: string;
  kind: 'INSTALLMENT' | 'PARTIAL' | 'OPEN_AMOUNT' | 'PAYOFF';
  count?: number;
  amount?: number;
  source: 'CASH' | 'SAVING';
  coaId?: string | null;
  memberSavingId?: string | null;
  description?: string | null;
}

const targetTotal = (t: Target) => t.fine.plus(t.interest).plus(t.principal);

function snapshotOf(l: LoanRow, rows: InstallmentRow[]): PaymentSnapshot {
  return {
    loan: {
      remaining_principal: l.remaining_principal.toFixed(2),
      principal_paid: l.principal_paid.toFixed(2),
      interest_paid: l.interest_paid.toFixed(2),
      fine_paid: l.fine_paid.toFixed(2),
      status: l.status,
      paid_off_date: l.paid_off_date,
    },
    installments: rows.map((r) => ({
      id: r.id,
      principal_paid: r.principal_paid.toFixed(2),
      interest_paid: r.interest_paid.toFixed(2),
      fine_accrued: r.fine_accrued.toFixed(2),
      fine_counted_to: r.fine_counted_to,
      fine_paid: r.fine_paid.toFixed(2),
      paid_date: r.paid_date,
      interest: r.interest.toFixed(2),
    })),
  };
}

export async function pay(ctx: Ctx, b: PayInput) {
  return withTx(
    ctx,
    async (tx) => {
      const l = await lockRunning(tx, ctx, b.loanId);
      const date = today();
      const rows = await installments(tx, l.id, l.schedule_no);
      const f = figures(l, rows, date);
      let targets: Target[];
      let amount: Dec;
      const open = scheduleTargets(f);
      if (b.kind === 'INSTALLMENT') {
        const count = b.count ?? 1;
        if (open.length < count)
          throw unprocessable('INSTALLMENTS_LEFT', 'loan.installments_left', { number: l.loan_number, left: open.length });
        targets = open.slice(0, count);
        amount = sum(targets.map(targetTotal));
      } else if (b.kind === 'PAYOFF') {
        targets = payoffTargets(l, f, date);
        amount = sum(targets.map(targetTotal));
      } else {
        amount = dec(b.amount!);
        targets = open;
        const owed = sum(open.map(targetTotal));
        if (b.kind === 'PARTIAL') {
          let due = sum(open.filter((t) => f[t.index].isDue).map(targetTotal));
          if (due.isZero() && open.length) due = targetTotal(open[0]);
          if (amount.gt(due))
            throw new AppError(422, 'PARTIAL_ABOVE_DUE', 'loan.partial_above_due', { amount: rupiah(ctx, amount), due: rupiah(ctx, due) }, [
              { field: 'amount', message: 'loan.partial_above_due' },
            ]);
        }
        if (amount.gt(owed))
          throw new AppError(422, 'PAY_ABOVE_OWED', 'loan.pay_above_owed', { amount: rupiah(ctx, amount), owed: rupiah(ctx, owed) }, [
            { field: 'amount', message: 'loan.pay_above_owed' },
          ]);
      }
      if (amount.lte(0)) throw unprocessable('NOTHING_DUE', 'loan.nothing_due', { number: l.loan_number });
      const { allocations } = allocate(targets, amount);
      const before = snapshotOf(l, rows);

      // Fines counted to the day are materialised on every unpaid installment, then the allocation applied.
      const changed = new Set<number>();
      f.forEach((x, i) => {
        if (x.fineNew.gt(0)) {
          x.row.fine_accrued = x.row.fine_accrued.plus(x.fineNew);
          x.row.fine_counted_to = date;
          changed.add(i);
        }
      });
      let principal = ZERO;
      let interest = ZERO;
      let fine = ZERO;
      for (const a of allocations) {
        const r = f[a.index].row;
        r.principal_paid = r.principal_paid.plus(a.principal);
        r.interest_paid = r.interest_paid.plus(a.interest);
        r.fine_paid = r.fine_paid.plus(a.fine);
        principal = principal.plus(a.principal);
        interest = interest.plus(a.interest);
        fine = fine.plus(a.fine);
        changed.add(a.index);
      }
      if (b.kind === 'PAYOFF') {
        // Interest not yet earned is not owed: the schedule keeps what was paid.
        f.forEach((x, i) => {
          if (x.row.due_date > date && !x.row.interest.eq(x.row.interest_paid)) {
            x.row.interest = x.row.interest_paid;
            x.row.notes = 'Pelunasan dipercepat';
            changed.add(i);
          }
        });
      }
      f.forEach((x, i) => {
        const r = x.row;
        if (
          !r.paid_date &&
          r.principal_paid.eq(r.principal) &&
          r.interest_paid.eq(r.interest) &&
          r.fine_accrued.minus(r.fine_paid).minus(r.fine_waived).lte(0)
        ) {
          r.paid_date = date;
          changed.add(i);
        }
      });
      await saveInstallments(
        tx,
        [...changed].map((i) => f[i].row),
      );
      const allPaid = rows.every((r) => r.paid_date);
      const totals = {
        remaining_principal: l.remaining_principal.minus(principal),
        principal_paid: l.principal_paid.plus(principal),
        interest_paid: l.interest_paid.plus(interest),
        fine_paid: l.fine_paid.plus(fine),
        fine_waived: l.fine_waived,
        status: allPaid ? ('PAID_OFF' as const) : l.status,
        paid_off_date: allPaid ? date : null,
      };
      await saveLoanTotals(tx, l.id, totals);

      const gl = await productGl(tx, l.product_id);
      if (!gl.INTEREST_INCOME || !gl.FINE_INCOME || !l.receivable_coa_id) glMissing(l);
      const journalId = crypto.randomUUID();
      const groupId = crypto.randomUUID();
      const desc = `Pembayaran pinjaman ${l.product_name} ${l.loan_number} a.n. ${l.member_name} (${l.cif_number})`;
      let debitAccount: string;
      let savingId: string | null = null;
      let savingTxId: string | null = null;
      let cashId: string | null = null;
      if (b.source === 'SAVING') {
        const a = await memberSaving(tx, ctx, l, b.memberSavingId!, date);
        assertCanWithdraw(ctx, a, amount);
        const row = await move(tx, ctx, a, {
          kind: 'WITHDRAW',
          activity: 'LOAN_PAYMENT',
          amount,
          date,
          channel: channelOf(ctx),
          cashCoaId: null,
          groupId,
          description: `Pembayaran pinjaman ${l.loan_number}`,
          journalId,
        });
        debitAccount = a.control_id!;
        savingId = a.id;
        savingTxId = row.id;
      } else {
        const cash = await resolveCash(tx, ctx, b.coaId);
        debitAccount = cash.id;
        cashId = cash.id;
      }
      const journal = await post(tx, ctx, {
        id: journalId,
        date,
        description: (b.description ? `${desc} - ${b.description}` : desc).slice(0, 500),
        referenceCode: l.loan_number,
        source: { module: 'LOAN', id: l.id },
        lines: [
          { accountId: debitAccount, debit: amount, description: desc },
          { accountId: l.receivable_coa_id!, credit: principal, description: 'Pokok pinjaman' },
          { accountId: gl.INTEREST_INCOME, credit: interest, description: 'Jasa pinjaman' },
          { accountId: gl.FINE_INCOME, credit: fine, description: 'Denda pinjaman' },
        ].filter((x) => dec(x.debit ?? x.credit ?? 0).gt(0)),
      });
      const p = await tx.one<{ id: string }>(
        `INSERT INTO loan_payment (tenant_id, loan_id, seq, kind, payment_date, amount, principal, interest, fine, source, cash_coa_id, saving_id,
                                   saving_transaction_id, journal_id, before, description, created_by)
         VALUES (app_tenant(), $1, (SELECT coalesce(max(seq), 0) + 1 FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1),
                 $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15)
         RETURNING id`,
        [
          l.id,
          b.kind,
          date,
          amount,
          principal,
          interest,
          fine,
          b.source,
          cashId,
          savingId,
          savingTxId,
          journal.id,
          JSON.stringify(before),
          b.description ?? null,
          ctx.userId,
        ],
      );
      await insertEvent(tx, ctx.userId, {
        loanId: l.id,
        date,
        activity: b.kind === 'PAYOFF' ? 'PAYOFF' : 'PAYMENT',
        credit: principal,
        balance: totals.remaining_principal,
        description: `${desc}: pokok ${principal.toFixed(2)}, jasa ${interest.toFixed(2)}, denda ${fine.toFixed(2)}`,
        refId: p!.id,
      });
      await audit(tx, ctx, {
        action: 'loan.payment',
        entity: 'loan_payment',
        entityId: p!.id,
        before: before.loan,
        after: { kind: b.kind, amount, principal, interest, fine, source: b.source, journal: journal.number, status: totals.status },
      });
      // The answer from what this transaction wrote (no second read of the loan and its schedule).
      const after: LoanRow = { ...l, ...totals };
      return {
        payment: paymentView((await findPayment(tx, p!.id))!),
        loan: loanView(after, figures(after, rows, date), date, await loadGrading(tx, ctx.tenantId)),
      };
    },
    { idempotent: true, message: 'loan.paid' },
  );
}
