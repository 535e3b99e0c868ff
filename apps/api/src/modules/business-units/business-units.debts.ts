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
import { type Dec, dec, formatRupiah } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { todayJakarta } from '../ledger/dates.ts';
import type { JournalLineInput } from '../ledger/posting.ts';
import { reverse } from '../ledger/posting.ts';
import { limitDecision } from '../money/limits.ts';
import { assertCanMove, assertCanWithdraw, channelOf, move } from '../savings/savings.core.ts';
import { type LockedAccount, lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { sessionDrawer } from '../teller/teller.guard.ts';
import { addDebt, agentOf, lockDebt, lockUnit, memberExists, record, transactionView } from './business-units.posting.ts';
import { type BusinessUnitRow, findUnit } from './business-units.repo.ts';

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
  if (a.member_id !== memberId)
    throw new AppError(422, 'SAVING_NOT_MEMBER', 'business_unit.saving_not_member', { number: a.account_number }, [
      { field: 'memberSavingId', message: 'business_unit.saving_not_member' },
    ]);
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
      if (amount.gt(debt))
        throw unprocessable('PAYMENT_EXCEEDS_DEBT', 'business_unit.payment_exceeds_debt', {
          amount: formatRupiah(amount, ctx.lang),
          debt: formatRupiah(debt, ctx.lang),
        });
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
      if (!b.memberSavingId)
        throw new AppError(422, 'SAVING_REQUIRED', 'business_unit.saving_required', {}, [
          { field: 'memberSavingId', message: 'business_unit.saving_required' },
        ]);
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
      const head = await tx.one<{ business_unit_id: string }>(
        'SELECT business_unit_id FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2',
        [tx.tenantId, id],
      );
      if (!head) throw notFound('business_unit.transaction_not_found');
      const u = await findUnit(tx, head.business_unit_id, true);
      const t = await tx.one<{
        kind: string;
        status: string;
        member_id: string;
        amount: string;
        admin_fee: string;
        journal_id: string;
        saving_id: string | null;
        saving_transaction_id: string | null;
      }>(
        `SELECT kind, status, member_id, amount, admin_fee, journal_id, saving_id, saving_transaction_id
         FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
        [tx.tenantId, id],
      );
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
        await tx.exec(
          `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
           WHERE tenant_id = app_tenant() AND id = $1`,
          [t.saving_transaction_id, ctx.userId, reason],
        );
        cancelSavingTx = row.id;
      }
      await tx.exec(
        `UPDATE business_unit_transaction SET status = 'CANCELLED', cancel_journal_id = $3, cancel_reason = $4, cancel_saving_transaction_id = $5
         WHERE tenant_id = $1 AND id = $2`,
        [tx.tenantId, id, reversal.id, reason, cancelSavingTx],
      );
      const after = await transactionView(tx, id);
      await audit(tx, ctx, { action: 'business_unit.payment_cancel', entity: 'business_unit_transaction', entityId: id, before, after });
      return after;
    },
    { idempotent: true, message: 'business_unit.payment_cancelled' },
  );
}
