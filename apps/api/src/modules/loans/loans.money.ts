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
import { assertCanMove, channelOf, isAgentCtx, move, resolveCash, rupiah, today } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts } from '../savings/savings.repo.ts';
import {
  findLoan,
  insertEvent,
  insertInstallments,
  type LoanRow,
  lockLoan,
  markReleased,
  productGl,
  setReleaseRejected,
} from './loans.repo.ts';
import { loanDetail, loanView } from './loans.views.ts';

const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);
const _sum = (xs: Dec[]) => xs.reduce((s, v) => s.plus(v), ZERO);

async function _lockRunning(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
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
      return b.status === 'REJECTED' ? rejectRelease(tx, ctx, l, b) : acceptRelease(tx, ctx, l, b);
    },
    { idempotent: true, message: 'loan.released' },
  );
}

/** The release refused: the loan's status, its history row and the audit entry. */
async function rejectRelease(tx: Tx, ctx: Ctx, l: LoanRow, b: ReleaseInput) {
  await setReleaseRejected(tx, l.id, b.reason ?? null);
  await insertEvent(tx, ctx.userId, {
    loanId: l.id,
    date: today(),
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

/** The release's checks: collateral, guarantor, date, fees within the amount, GL accounts, first due date. */
async function releaseTerms(tx: Tx, ctx: Ctx, l: LoanRow, b: ReleaseInput, now: string) {
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
  const gl = await productGl(tx, l.product_id);
  if (!gl.RECEIVABLE || !gl.ADMIN_FEE_INCOME || !gl.PROVISION_INCOME) glMissing(l);
  const firstDue = b.firstInstallmentDate ?? firstDueDateByRule(date, l.first_installment_rule, l.due_day);
  if (firstDue <= date)
    throw new AppError(422, 'FIRST_INSTALLMENT_BEFORE_RELEASE', 'loan.first_installment_before_release', undefined, [
      { field: 'firstInstallmentDate', message: 'loan.first_installment_before_release' },
    ]);
  return { date, net: l.amount.minus(feesTotal), gl, firstDue };
}

type Line = { accountId: string; debit?: Dec; credit?: Dec; description: string };

/** Where the net amount goes: the member's savings account (credited through the savings module) or cash/bank. */
async function releaseLeg(
  tx: Tx,
  ctx: Ctx,
  l: LoanRow,
  b: ReleaseInput,
  t: { date: string; net: Dec; desc: string; journalId: string },
): Promise<{ line: Line | null; savingId: string | null; cashId: string | null }> {
  if (b.destination !== 'SAVING') {
    const cash = await resolveCash(tx, ctx, b.coaId);
    return { line: { accountId: cash.id, credit: t.net, description: t.desc }, savingId: null, cashId: cash.id };
  }
  const a = await memberSaving(tx, ctx, l, b.memberSavingId!, t.date);
  if (!t.net.gt(0)) return { line: null, savingId: a.id, cashId: null };
  await move(tx, ctx, a, {
    kind: 'TOPUP',
    activity: 'LOAN_RELEASE',
    amount: t.net,
    date: t.date,
    channel: channelOf(ctx),
    cashCoaId: null,
    groupId: crypto.randomUUID(),
    description: `Pencairan pinjaman ${l.loan_number}`,
    journalId: t.journalId,
  });
  return { line: { accountId: a.control_id!, credit: t.net, description: t.desc }, savingId: a.id, cashId: null };
}

/** The release: the schedule stored, the net amount paid out, one journal, the loan RUNNING, history and audit. */
async function acceptRelease(tx: Tx, ctx: Ctx, l: LoanRow, b: ReleaseInput) {
  const now = today();
  const { date, net, gl, firstDue } = await releaseTerms(tx, ctx, l, b, now);
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
  const desc = `Pencairan pinjaman ${l.product_name} ${l.loan_number} a.n. ${l.member_name} (${l.cif_number})`;
  const lines: Line[] = [
    { accountId: gl.RECEIVABLE, debit: l.amount, description: desc },
    { accountId: gl.ADMIN_FEE_INCOME, credit: l.admin_fee, description: 'Biaya administrasi pinjaman' },
    { accountId: gl.PROVISION_INCOME, credit: l.provision_fee, description: 'Provisi pinjaman' },
  ];
  if (l.other_costs.gt(0))
    lines.push({ accountId: await accountIdByKey(tx, 'OTHER_INCOME'), credit: l.other_costs, description: 'Biaya lain pinjaman' });
  const leg = await releaseLeg(tx, ctx, l, b, { date, net, desc, journalId });
  if (leg.line) lines.push(leg.line);
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
  await markReleased(tx, {
    loanId: l.id,
    date,
    by: ctx.userId,
    receivableId: gl.RECEIVABLE,
    installmentAmount: s.installmentAmount,
    firstDue,
    maturity: s.installments.at(-1)!.dueDate,
    net,
    journalId,
    cashId: leg.cashId,
    savingId: leg.savingId,
  });
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
}

// ---------------------------------------------------------------- payments

// Payments run in SQL (loan_pay_many): loans.pay.ts.
export { type PayInput, pay } from './loans.pay.ts';
