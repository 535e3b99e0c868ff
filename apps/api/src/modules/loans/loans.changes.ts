/**
 * Changes of a running loan's schedule: update-installment (due dates or
 * amounts of installments nothing has been paid on) and restruktur (a new
 * schedule on the remaining principal, with new tenor, rate or method).
 *
 * Rules (docs/loans.md "Changing a schedule"):
 *  - update-installment: only unpaid installments of the current schedule;
 *    due dates stay in order, after the last installment something was paid
 *    on; the unpaid principal still sums to the loan's remaining principal
 *    (the receivable does not change, so nothing is posted). Audited with the
 *    rows before and after.
 *  - restruktur: the unpaid installments are kept as history (superseded) and
 *    a new schedule (schedule_no + 1) starts from today on the remaining
 *    principal. Arrears (unpaid interest and fines due) are either
 *    capitalised — added to the principal, posted as receivable against
 *    interest and fine income — or carried as due on the first new
 *    installment.
 */
import { type Dec, dec, plusMonths, schedule, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { post } from '../ledger/posting.ts';
import { isAgentCtx, rupiah, today } from '../savings/savings.core.ts';
import { setMaturityDate, setSchedule, supersedeUnpaid } from './loans.apply.repo.ts';
import { figures, summarize } from './loans.engine.ts';
import {
  findLoan,
  insertEvent,
  insertInstallments,
  installments,
  type LoanRow,
  lockLoan,
  productGl,
  saveInstallments,
} from './loans.repo.ts';
import { loanDetail } from './loans.views.ts';

async function lockRunning(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await lockLoan(tx, id, isAgentCtx(ctx) ? ctx.userId : null);
  if (!l) throw notFound('loan.not_found');
  if (l.status !== 'RUNNING') throw unprocessable('LOAN_NOT_RUNNING', 'loan.not_running', { number: l.loan_number, status: l.status });
  return l;
}

export async function updateInstallments(
  ctx: Ctx,
  b: { loanId: string; installments: Array<{ number: number; dueDate?: string; principal?: number; interest?: number }>; reason: string },
) {
  return withTx(
    ctx,
    async (tx) => {
      const l = await lockRunning(tx, ctx, b.loanId);
      const rows = await installments(tx, l.id, l.schedule_no);
      const before = rows.map((r) => ({ number: r.number, dueDate: r.due_date, principal: r.principal, interest: r.interest }));
      const byNumber = new Map(rows.map((r) => [r.number, r]));
      for (const c of b.installments) {
        const r = byNumber.get(c.number);
        if (!r || r.paid_date || r.principal_paid.gt(0) || r.interest_paid.gt(0) || r.fine_paid.gt(0))
          throw new AppError(422, 'INSTALLMENT_NOT_FUTURE', 'loan.installment_not_future', { number: c.number }, [
            { field: 'installments', message: 'loan.installment_not_future' },
          ]);
        if (c.dueDate) r.due_date = c.dueDate;
        if (c.principal !== undefined) r.principal = dec(c.principal);
        if (c.interest !== undefined) r.interest = dec(c.interest);
        r.notes = b.reason.slice(0, 200);
      }
      // Dates in order; principal still sums to what remains.
      for (let i = 1; i < rows.length; i++) {
        if (rows[i].due_date <= rows[i - 1].due_date)
          throw new AppError(422, 'INSTALLMENT_DATES_ORDER', 'loan.installment_dates_order', undefined, [
            { field: 'installments', message: 'loan.installment_dates_order' },
          ]);
      }
      const unpaid = rows.reduce((s, r) => s.plus(r.principal.minus(r.principal_paid)), ZERO);
      if (!unpaid.eq(l.remaining_principal))
        throw new AppError(
          422,
          'INSTALLMENT_PRINCIPAL_MISMATCH',
          'loan.installment_principal_mismatch',
          { sum: rupiah(ctx, unpaid), remaining: rupiah(ctx, l.remaining_principal) },
          [{ field: 'installments', message: 'loan.installment_principal_mismatch' }],
        );
      let remaining = l.amount;
      for (const r of rows) {
        remaining = remaining.minus(r.principal);
        r.remaining_principal = remaining.lt(0) ? ZERO : remaining;
      }
      await saveInstallments(tx, rows);
      await setMaturityDate(tx, l.id, rows.at(-1)!.due_date);
      const date = today();
      await insertEvent(tx, ctx.userId, {
        loanId: l.id,
        date,
        activity: 'INSTALLMENTS_UPDATED',
        balance: l.remaining_principal,
        description: b.reason,
      });
      await audit(tx, ctx, {
        action: 'loan.update_installment',
        entity: 'loan',
        entityId: l.id,
        before,
        after: {
          reason: b.reason,
          installments: rows.map((r) => ({ number: r.number, dueDate: r.due_date, principal: r.principal, interest: r.interest })),
        },
      });
      return loanDetail(tx, (await findLoan(tx, l.id))!, date);
    },
    { idempotent: true, message: 'loan.installments_updated' },
  );
}

export async function restructure(
  ctx: Ctx,
  b: {
    loanId: string;
    tenorInMonth: number;
    interestRate?: number;
    interestMethod?: LoanRow['interest_method'];
    capitalizeArrears: boolean;
    firstInstallmentDate?: string;
    reason: string;
  },
) {
  return withTx(
    ctx,
    async (tx) => {
      const l = await lockRunning(tx, ctx, b.loanId);
      const date = today();
      const rows = await installments(tx, l.id, l.schedule_no);
      const f = figures(l, rows, date);
      const s = summarize(f, date);
      // Arrears: interest of installments due by today still unpaid, and fines counted to today.
      const arrearsInterest = f.filter((x) => x.isDue).reduce((t, x) => t.plus(x.unpaidInterest), ZERO);
      const arrearsFine = s.fineDue;
      const capital = b.capitalizeArrears ? arrearsInterest.plus(arrearsFine) : ZERO;
      const principal = l.remaining_principal.plus(capital);
      if (principal.lte(0)) throw unprocessable('LOAN_NOT_RUNNING', 'loan.not_running', { number: l.loan_number, status: l.status });
      const rate = b.interestRate !== undefined ? dec(b.interestRate) : l.interest_rate;
      const method = b.interestMethod ?? l.interest_method;
      const firstDue = b.firstInstallmentDate ?? plusMonths(date, 1);
      if (firstDue <= date)
        throw new AppError(422, 'FIRST_INSTALLMENT_BEFORE_RELEASE', 'loan.first_installment_before_release', undefined, [
          { field: 'firstInstallmentDate', message: 'loan.first_installment_before_release' },
        ]);
      const sch = schedule({
        amount: principal,
        tenor: b.tenorInMonth,
        annualRate: rate.times(12),
        method,
        roundingMultiple: l.rounding_multiple,
        component: l.installment_method,
        startDate: date,
        firstDueDate: firstDue,
      });
      // Old unpaid rows become history; paid ones stay as they are.
      await supersedeUnpaid(tx, l.id, l.schedule_no);
      const carriedInterest = b.capitalizeArrears ? ZERO : arrearsInterest;
      const carriedFine = b.capitalizeArrears ? ZERO : arrearsFine;
      const next = l.schedule_no + 1;
      await insertInstallments(
        tx,
        l.id,
        next,
        sch.installments.map((r, i) => ({
          number: r.number,
          dueDate: r.dueDate,
          principal: r.principal,
          interest: i === 0 ? r.interest.plus(carriedInterest) : r.interest,
          remainingPrincipal: r.remainingPrincipal,
          fineAccrued: i === 0 ? carriedFine : ZERO,
          fineCountedTo: null,
          notes: i === 0 && (carriedInterest.gt(0) || carriedFine.gt(0)) ? 'Tunggakan restrukturisasi' : null,
        })),
      );
      // The new schedule's paid figures start at 0: the loan's remaining principal is the new amount.
      await setSchedule(tx, l.id, {
        scheduleNo: next,
        principal,
        tenor: b.tenorInMonth,
        rate,
        method,
        installmentAmount: sch.installmentAmount,
        maturityDate: sch.installments.at(-1)!.dueDate,
      });
      let journalNumber: string | null = null;
      if (capital.gt(0)) {
        const gl = await productGl(tx, l.product_id);
        const j = await post(tx, ctx, {
          date,
          description: `Kapitalisasi tunggakan restrukturisasi pinjaman ${l.loan_number} a.n. ${l.member_name}`.slice(0, 500),
          referenceCode: l.loan_number,
          source: { module: 'LOAN', id: l.id },
          lines: [
            { accountId: l.receivable_coa_id!, debit: capital },
            { accountId: gl.INTEREST_INCOME, credit: arrearsInterest },
            { accountId: gl.FINE_INCOME, credit: arrearsFine },
          ].filter((x) => dec((x as { debit?: Dec }).debit ?? (x as { credit?: Dec }).credit ?? 0).gt(0)),
        });
        journalNumber = j.number;
      }
      await insertEvent(tx, ctx.userId, {
        loanId: l.id,
        date,
        activity: 'RESTRUCTURE',
        debit: capital,
        balance: principal,
        description: `${b.reason} (tenor ${b.tenorInMonth}, ${method}, ${rate.toFixed()}%/bulan${journalNumber ? `, ${journalNumber}` : ''})`,
      });
      await audit(tx, ctx, {
        action: 'loan.restructure',
        entity: 'loan',
        entityId: l.id,
        before: {
          scheduleNo: l.schedule_no,
          tenor: l.tenor,
          rate: l.interest_rate,
          method: l.interest_method,
          remainingPrincipal: l.remaining_principal,
        },
        after: {
          scheduleNo: next,
          tenor: b.tenorInMonth,
          rate,
          method,
          principal,
          capitalized: capital,
          carriedInterest,
          carriedFine,
          reason: b.reason,
        },
      });
      return loanDetail(tx, (await findLoan(tx, l.id))!, date);
    },
    { idempotent: true, message: 'loan.restructured' },
  );
}
