/**
 * A member pays (part of) the debt to a business unit, in cash or from one of the member's savings accounts, and
 * the cancellation of such a payment.
 *
 * From savings it is one transaction: the unit row, the debt row and then the savings account are locked (that
 * order, always); the account is checked by the savings rules (savings.core assertCanMove / assertCanWithdraw:
 * open account, active member, the agent's own member, minimum balance, blocked and pledged amounts, never an
 * equity saving), the role's withdrawal limit applies (modules/money limitDecision, no approval queue); the
 * withdrawal row (activity UNIT_DEBT_PAYMENT) and the journal "savings control / unit receivable" share one
 * journal id. Cancelling reverses the journal and puts the money back on the account (a REVERSAL top-up) and
 * the debt grows back.
 *
 * In cash, the money goes to the drawer of the payer's teller session when she must work in one (teller.guard.ts
 * sessionDrawer; the session's expected cash at closing includes it), else to the unit's cash account. An admin
 * fee (`adminFee`, default 0) is paid on top of the amount and credited to the unit's admin liability account;
 * the debt falls by the amount only; cancelling gives both back.
 */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { todayJakarta } from '../ledger/dates.ts';
import type { JournalLineInput } from '../ledger/posting.ts';
import { reverse } from '../ledger/posting.ts';
import { audit, limitDecision, refusalError, withTx } from '../money/index.ts';
import { assertCanMove, assertCanWithdraw, channelOf, move } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { sessionDrawer } from '../teller/teller.guard.ts';
import { agentOf, lockUnit, record, transactionView } from './business-units.posting.ts';
import { type BusinessUnitRow, findUnit } from './business-units.repo.ts';
import {
  addDebt,
  cancelSavingRow,
  lockDebt,
  lockTransaction,
  markTransactionCancelled,
  memberExists,
  transactionUnitId,
} from './business-units.tx.repo.ts';

/** Debit `from` with amount + fee; credit the receivable with the amount and the admin liability with the fee. */
function paymentLines(u: BusinessUnitRow, from: JournalLineInput, amount: Dec, fee: Dec): JournalLineInput[] {
  const lines: JournalLineInput[] = [
    { ...from, debit: amount.plus(fee) },
    { accountId: u.receivable_account_id, credit: amount, businessUnitId: u.id },
  ];
  if (!fee.isZero()) lines.push({ accountId: u.admin_liability_account_id, credit: fee, businessUnitId: u.id });
  return lines;
}

/** The member's voluntary savings account, locked and checked by the savings rules. */
async function memberSaving(tx: Tx, ctx: Ctx, memberId: string, savingId: string, date: string): Promise<LockedAccount> {
  const a = (await lockAccounts(tx, [savingId], date, agentOf(ctx))).get(savingId);
  assertCanMove(ctx, a);
  if (a.member_id !== memberId) throw refusalError(ctx.lang, 'UNIT_SAVING_NOT_MEMBER', { number: a.account_number });
  return a;
}

export interface PaymentInput {
  businessUnitId: string;
  memberId: string;
  amount: number | string;
  source: 'CASH' | 'SAVINGS';
  memberSavingId?: string;
  adminFee?: number | string;
  date?: string;
  description?: string;
}

export async function payDebt(ctx: Ctx, b: PaymentInput) {
  return withTx(
    ctx,
    async (tx) => {
      const u = await lockUnit(tx, b.businessUnitId);
      const amount = dec(b.amount);
      const date = b.date ?? todayJakarta();
      if (!(await memberExists(tx, b.memberId, agentOf(ctx)))) throw notFound('business_unit.member_not_found');
      const debt = await lockDebt(tx, u.id, b.memberId, false);
      if (debt === null || debt.isZero()) throw notFound('business_unit.debt_not_found');
      if (amount.gt(debt)) throw refusalError(ctx.lang, 'PAYMENT_EXCEEDS_DEBT', { amount, debt });
      const fee = dec(b.adminFee ?? 0);
      const total = amount.plus(fee);
      const base = {
        kind: 'DEBT_PAYMENT',
        memberId: b.memberId,
        amount,
        adminFee: fee,
        date,
        description: b.description ?? null,
        source: b.source,
      };
      if (b.source !== 'SAVINGS') {
        const cash = (await sessionDrawer(tx, ctx)) ?? u.cash_account_id;
        await addDebt(tx, u.id, b.memberId, amount.neg());
        const lines = paymentLines(u, { accountId: cash, businessUnitId: u.id }, amount, fee);
        return record(tx, ctx, u, { ...base, cashCoaId: cash, lines });
      }
      if (!b.memberSavingId) throw refusalError(ctx.lang, 'SAVING_REQUIRED');
      const a = await memberSaving(tx, ctx, b.memberId, b.memberSavingId, date);
      assertCanWithdraw(ctx, a, total);
      await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', total, { mayQueue: false });
      await addDebt(tx, u.id, b.memberId, amount.neg());
      const id = crypto.randomUUID();
      const journalId = crypto.randomUUID();
      const row = await move(tx, ctx, a, {
        kind: 'WITHDRAW',
        activity: 'UNIT_DEBT_PAYMENT',
        amount: total,
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId: crypto.randomUUID(),
        description: `Pembayaran utang ${u.name}`.slice(0, 500),
        journalId,
      });
      const lines = paymentLines(
        u,
        { accountId: a.control_id!, description: `${a.product_name} ${a.account_number} a.n. ${a.member_name}` },
        amount,
        fee,
      );
      return record(tx, ctx, u, { ...base, id, journalId, lines, savingId: a.id, savingTransactionId: row.id });
    },
    { idempotent: true, message: 'business_unit.payment_posted' },
  );
}

export async function cancelPayment(ctx: Ctx, id: string, reason: string) {
  return withTx(
    ctx,
    async (tx) => {
      const unitId = await transactionUnitId(tx, id);
      if (!unitId) throw notFound('business_unit.transaction_not_found');
      const u = await findUnit(tx, unitId, true);
      const t = await lockTransaction(tx, id);
      if (!u || !t) throw notFound('business_unit.transaction_not_found');
      if (!(await memberExists(tx, t.member_id, agentOf(ctx)))) throw notFound('business_unit.transaction_not_found');
      if (t.kind !== 'DEBT_PAYMENT') throw unprocessable('NOT_A_PAYMENT', 'business_unit.not_a_payment');
      if (t.status === 'CANCELLED') throw conflict('PAYMENT_ALREADY_CANCELLED', 'business_unit.already_cancelled');
      const before = await transactionView(tx, id);
      const date = todayJakarta();
      await lockDebt(tx, u.id, t.member_id, true);
      await addDebt(tx, u.id, t.member_id, dec(t.amount));
      const reversal = await reverse(tx, ctx, t.journal_id, reason);
      let cancelSavingTx: string | null = null;
      if (t.saving_id) {
        const a = (await lockAccounts(tx, [t.saving_id], date, null)).get(t.saving_id);
        if (!a) throw notFound('saving.account_not_found');
        if (a.status !== 'ACTIVE') throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: a.account_number });
        const groupId = crypto.randomUUID();
        const row = await move(tx, ctx, a, {
          kind: 'TOPUP',
          activity: 'REVERSAL',
          amount: dec(t.amount).plus(dec(t.admin_fee)),
          date,
          channel: channelOf(ctx),
          cashCoaId: null,
          groupId,
          description: `Pembatalan pembayaran utang ${u.name}: ${reason}`.slice(0, 500),
          reversalOfId: t.saving_transaction_id,
        });
        await setGroupJournal(tx, groupId, reversal.id);
        await cancelSavingRow(tx, t.saving_transaction_id, ctx.userId, reason);
        cancelSavingTx = row.id;
      }
      await markTransactionCancelled(tx, id, reversal.id, reason, cancelSavingTx);
      const after = await transactionView(tx, id);
      await audit(tx, ctx, { action: 'business_unit.payment_cancel', entity: 'business_unit_transaction', entityId: id, before, after });
      return after;
    },
    { idempotent: true, message: 'business_unit.payment_cancelled' },
  );
}
