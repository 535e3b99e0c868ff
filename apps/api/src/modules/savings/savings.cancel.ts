/**
 * Cancelling a saving movement: needs a role allowed to cancel transactions
 * and an open period for the original's date. The whole operation is
 * cancelled (both legs of a transfer): the original rows stay, marked
 * CANCELLED, and reversal rows restore the balances; the reversal journal is
 * dated today. A cancellation that would take an account below its held
 * amounts, or undo a principal saving already recorded as paid, is refused;
 * closings, exits and interest are never cancelled here. docs/savings.md.
 */
import type { Dec } from '@koperasi/finance';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { isPeriodOpen, reverse } from '../ledger/posting.ts';
import { cancelElsewhere } from '../money/cancel.ts';
import { assertCanCancelTransaction } from '../roles/limits.ts';
import { channelOf, isAgentCtx, move, today } from './savings.core.ts';
import { groupOfTransaction, lockGroupRows, markGroupCancelled } from './savings.moves.repo.ts';
import { lockAccounts, setGroupJournal } from './savings.repo.ts';
import { agentOf } from './savings.service.ts';

// ---------------------------------------------------------------- cancel

/** Activities a cancellation may undo. */
const CANCELLABLE = new Set(['OPENING', 'DEPOSIT', 'WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT', 'AUTO_DEBIT', 'CASH_OUT_ONLINE']);

interface GroupRow {
  id: string;
  seq: number;
  code: string;
  saving_id: string | null;
  kind: string;
  activity: string;
  amount: Dec;
  status: string;
  reversal_of_id: string | null;
  journal_id: string | null;
  transaction_date: string;
  group_id: string;
  cash_coa_id: string | null;
  description: string | null;
  product_kind: string;
}

export async function cancelTransaction(ctx: Ctx, body: { transactionId: string; reason?: string | null }) {
  assertCanCancelTransaction(ctx);
  return withTx(
    ctx,
    async (tx) => {
      const operation = await groupOfTransaction(tx, body.transactionId);
      if (!operation) throw notFound('saving.transaction_not_found');
      // The rows of the operation, locked: a second cancellation of the same operation waits, then sees it cancelled.
      const rows = await lockGroupRows<GroupRow>(tx, operation);
      rows.sort((a, b) => a.seq - b.seq);
      const main = rows.find((r) => r.id === body.transactionId) ?? rows[0];
      if (main.reversal_of_id) throw unprocessable('TRANSACTION_IS_REVERSAL', 'saving.cancel_reversal', { code: main.code });
      if (rows.some((r) => r.status === 'CANCELLED'))
        throw conflict('TRANSACTION_ALREADY_CANCELLED', 'saving.already_cancelled', { code: main.code });
      const blocked = rows.find((r) => !CANCELLABLE.has(r.activity) || !r.saving_id);
      if (blocked)
        throw unprocessable('TRANSACTION_NOT_CANCELLABLE', 'saving.not_cancellable', { code: blocked.code, activity: blocked.activity });
      if (!(await isPeriodOpen(tx, main.transaction_date))) {
        throw unprocessable('PERIOD_CLOSED', 'saving.cancel_period_closed', {
          code: main.code,
          periode: main.transaction_date.slice(0, 7),
        });
      }
      const journalId = main.journal_id;
      if (!journalId)
        throw unprocessable('TRANSACTION_NOT_CANCELLABLE', 'saving.not_cancellable', { code: main.code, activity: main.activity });
      const reason = body.reason?.trim() || `Pembatalan transaksi ${main.code}`;
      const date = today();
      const accounts = await lockAccounts(tx, [...new Set(rows.map((r) => r.saving_id!))], date, agentOf(ctx));
      const groupId = crypto.randomUUID();
      const reversals: Array<{ id: string; code: string; savingId: string; amount: Dec; balanceAfter: Dec }> = [];
      for (const r of rows) {
        const a = accounts.get(r.saving_id!);
        if (!a || (isAgentCtx(ctx) && !a.assigned)) throw notFound('saving.transaction_not_found');
        if (a.status !== 'ACTIVE') throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: a.account_number });
        const undoCredit = r.kind === 'TOPUP' || r.kind === 'TOPUP_INTEREST';
        if (undoCredit) {
          const after = a.balance.minus(r.amount);
          if (after.lt(a.blocked_amount.plus(a.pledged_amount)) || after.isNegative()) {
            throw unprocessable('CANCEL_INSUFFICIENT_BALANCE', 'saving.cancel_insufficient', { code: r.code, number: a.account_number });
          }
          if (a.saving_type === 'PRINCIPAL' && a.principal_status === 'PAID' && a.equity_amount && after.lt(a.equity_amount)) {
            throw unprocessable('CANCEL_PRINCIPAL_PAID', 'saving.cancel_principal_paid', { code: r.code, name: a.member_name });
          }
        }
        const row = await move(tx, ctx, a, {
          kind: undoCredit ? 'WITHDRAW' : 'TOPUP',
          activity: 'REVERSAL',
          amount: r.amount,
          date,
          channel: channelOf(ctx),
          cashCoaId: r.cash_coa_id,
          groupId,
          description: `Pembatalan ${r.code}: ${reason}`.slice(0, 500),
          reversalOfId: r.id,
        });
        reversals.push({ id: row.id, code: row.code, savingId: a.id, amount: r.amount, balanceAfter: row.balance_after });
      }
      await markGroupCancelled(tx, operation, ctx.userId, reason);
      await audit(tx, ctx, {
        action: 'saving.cancel',
        entity: 'member_transaction',
        entityId: main.id,
        before: rows.map((r) => ({ id: r.id, code: r.code, status: r.status, amount: r.amount })),
        after: { status: 'CANCELLED', reason, reversals },
      });
      const journal = await reverse(tx, ctx, journalId, reason, { date });
      await setGroupJournal(tx, groupId, journal.id);
      return {
        transactionId: main.id,
        code: main.code,
        status: 'CANCELLED' as const,
        reason,
        reversalJournalId: journal.id,
        reversalJournalNumber: journal.number,
        reversals,
      };
    },
    { idempotent: true, message: 'saving.cancel_success' },
  );
}

/** POST /api/transaction/cancel: a loan payment or release is cancelled by its module (modules/money/cancel.ts), anything else here. */
export async function cancelAny(ctx: Ctx, body: { transactionId: string; reason?: string | null }) {
  return (await cancelElsewhere(ctx, body)) ?? (await cancelTransaction(ctx, body));
}
