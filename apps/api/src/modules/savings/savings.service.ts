/**
 * Saving movements (Transaksi Anggota): deposit and withdrawal, and what the
 * other movements share (savings.transfer.ts, savings.cancel.ts,
 * savings.close.ts, savings.by-cif.ts). Each one runs in ONE database transaction: the
 * account rows locked (FOR UPDATE, ascending id), the rules checked, the
 * balance changed and the transaction row written, the audit entry, and
 * last the journal through the ledger's posting engine.
 *
 * Decisions a cooperative's staff and auditor should know (docs/savings.md):
 *  - Amounts are positive with at most two decimals. The business date is
 *    today in WIB; a closed month refuses the movement (the ledger's rule).
 *  - A withdrawal keeps the product's minimum balance and held amount, and
 *    the account's blocked and pledged amounts; the refusal names what may
 *    be taken. Equity savings (pokok, wajib, penyertaan) are never withdrawn
 *    or transferred out: they are returned when the member exits.
 *  - The principal saving (pokok) is paid up to its amount, in one or more
 *    payments; the payment completing it marks the member's principal paid.
 *  - A cash withdrawal above the role's saving-withdrawal limit is refused
 *    with a message naming the limit, or, when the cooperative's
 *    configuration says REQUEST_APPROVAL, recorded as a request waiting for a
 *    user whose limit covers it (the money moves when it is approved).
 *    Transfers between accounts move no cash and are not subject to the
 *    limit; closing an account pays cash out, so its payout is (refused above
 *    the limit, never queued).
 *  - Cancelling needs a role allowed to cancel transactions and an open
 *    period for the original's date. The whole operation is cancelled (both
 *    legs of a transfer): the original rows stay, marked CANCELLED, and
 *    reversal rows restore the balances; the reversal journal is dated today.
 *    A cancellation that would take an account below its held amounts, or
 *    undo a principal saving already recorded as paid, is refused; closings,
 *    exits and interest are never cancelled here.
 *  - Closing (voluntary and plan savings only) charges the product's closing
 *    fee (at most the balance) and pays out the rest in cash; refused while
 *    the account is blocked, pledged, or has a withdrawal request waiting.
 *  - The cash side is the chosen cash or bank account (under 101, not held
 *    by another user), else the signed-in user's assigned cash account, else
 *    Kas Besar.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { applyClaim, type Ctx, claimKey, type TxOptions, withTx } from '../../lib/context.ts';
import { IdempotentReplay } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { numberAfterCommit } from '../ledger/posting.repo.ts';
import { fillJournalNumbers } from '../ledger/posting.ts';
import { markPrincipalPaid } from '../members/members.registry.ts';
import { isRefusalCode, withinLimit as isWithinLimit, limitDecision, refusalError } from '../money/index.ts';
import { batcherOf, type MovedRow, movedView } from './savings.batch.ts';
import {
  activityLabel,
  assertCanDeposit,
  assertCanMove,
  assertCanWithdraw,
  type Channel,
  channelOf,
  checkCash,
  isAgentCtx,
  journalText,
  type Leg,
  legView,
  type MovementView,
  move,
  postGroup,
  resolveCash,
  today,
} from './savings.core.ts';
import { callSavingMove, insertWithdrawalRequest } from './savings.moves.repo.ts';
import { type LockedAccount, lockAccounts, lockAccountWithCash } from './savings.repo.ts';

export type { MovementView } from './savings.core.ts';

/** Marks the member's principal paid when this account's principal saving is now complete. */
export async function settlePrincipal(tx: Tx, ctx: Ctx, a: LockedAccount): Promise<void> {
  if (a.saving_type !== 'PRINCIPAL' || !a.equity_amount || a.principal_status !== 'OWED') return;
  if (a.balance.gte(a.equity_amount)) {
    await markPrincipalPaid(tx, ctx, a.member_id, a.balance);
    a.principal_status = 'PAID';
  }
}

export function agentOf(ctx: Ctx): string | null {
  return isAgentCtx(ctx) ? ctx.userId : null;
}

/**
 * A teller movement's transaction: its journal is posted `numberAfterCommit`
 * (nothing of the cooperative held until COMMIT), and right after COMMIT the
 * answer's journalNumber is filled (numbering the waiting journals first). An
 * answer stored for an Idempotency-Key holds journalNumber null; a replay
 * fills it the same way. Should numbering fail, the movement stands and the
 * number comes within a second from the job (journalNumber stays null).
 */
export async function movementTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts: TxOptions): Promise<T> {
  let result: T;
  try {
    result = await withTx(ctx, fn, opts);
  } catch (err) {
    if (err instanceof IdempotentReplay) await fillNumbers(ctx, err.body);
    throw err;
  }
  await fillNumbers(ctx, result);
  return result;
}

async function fillNumbers(ctx: Ctx, answer: unknown): Promise<void> {
  try {
    await fillJournalNumbers(ctx.db, ctx.tenantId, answer);
  } catch (err) {
    console.error('journal numbering after a movement failed (the job numbers it)', err);
  }
}

// ---------------------------------------------------------------- one round trip

/** saving_move's answer: the written movement's columns (as a batch's) and the key's outcome. */
interface MoveRow extends MovedRow {
  outcome: 'POSTED' | 'REFUSED' | 'JOURNAL_REFUSED' | 'REPLAY' | 'MISMATCH' | 'IN_PROGRESS';
  /** REFUSED: the rule's code; JOURNAL_REFUSED: the engine's. */
  refusal: string | null;
  /** REFUSED: the parameters as JSON; JOURNAL_REFUSED: the engine's detail. */
  refusal_detail: string | null;
  journal_number: string | null;
  principal_status: LockedAccount['principal_status'];
  idem_status: number | null;
  idem_response: unknown;
}

/**
 * A teller's deposit or withdrawal in one database call (saving_move,
 * migration 0403): the Idempotency-Key claim, the locks, every rule, the
 * journal (numbered after COMMIT), the balance, the row and the audit entry.
 * The rules are savings.core.ts's, in SQL: a refusal answers its code and
 * parameters, mapped to the message by money/refusals.ts (nothing written).
 * Only when the engine refuses the journal does the same movement run through
 * the TypeScript path (`depositTx` / `withdrawTx`), which raises the ledger's
 * exact error. Run inside `withTx(..., { idempotent, selfClaim })`.
 */
export async function moveInOneCall(
  tx: Tx,
  ctx: Ctx,
  kind: 'TOPUP' | 'WITHDRAW',
  input: DepositInput | WithdrawInput,
): Promise<{ status: 'POSTED'; transaction: MovementView }> {
  const w: WithdrawInput = kind === 'WITHDRAW' ? (input as WithdrawInput) : { savingId: input.savingId, amount: input.amount };
  const date = today();
  const channel = channelOf(ctx);
  const activity = input.activity ?? (kind === 'TOPUP' ? 'DEPOSIT' : 'WITHDRAWAL');
  const description = input.description?.trim() || null;
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  // A key this transaction claimed already (by-CIF: claimed before the account was found) is not claimed again.
  const idem = ctx.idem && ctx.idem.claimTx !== tx ? ctx.idem : undefined;
  // Without parameters the call travels with BEGIN (one round trip for the whole movement).
  const r = await callSavingMove<MoveRow>(tx, {
    kind,
    activity,
    label: activityLabel(activity),
    savingId: input.savingId,
    amount: input.amount,
    date,
    agentId: agentOf(ctx),
    coaId: input.coaId ?? null,
    userId: ctx.userId,
    cashHolderOk: w.cashHolderOk ?? null,
    channel,
    description,
    requestId: w.requestId ?? null,
    groupId,
    journalId,
    auditAction: kind === 'TOPUP' ? 'saving.deposit' : 'saving.withdraw',
    httpRequestId: ctx.requestId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    idem,
  });
  if (!r) throw new Error('saving_move answered nothing');
  if (r.outcome === 'REPLAY' || r.outcome === 'MISMATCH' || r.outcome === 'IN_PROGRESS') {
    applyClaim(tx, ctx, r.outcome, { statusCode: r.idem_status, response: r.idem_response });
  }
  applyClaim(tx, ctx, 'CLAIMED');
  if (r.outcome === 'REFUSED') {
    // A rule refused (nothing written): its code and parameters, mapped to the message once (money/refusals.ts).
    if (!isRefusalCode(r.refusal)) throw new Error(`saving_move: unknown refusal ${r.refusal}`);
    throw refusalError(ctx.lang, r.refusal, r.refusal_detail ? JSON.parse(r.refusal_detail) : {});
  }
  if (r.outcome !== 'POSTED') {
    // The ledger refused the journal (nothing written): the TypeScript path raises the engine's exact error.
    const again = { ...input, numberAfterCommit: true };
    return (kind === 'TOPUP' ? depositTx(tx, ctx, again as DepositInput) : withdrawTx(tx, ctx, again as WithdrawInput)) as Promise<{
      status: 'POSTED';
      transaction: MovementView;
    }>;
  }
  if (kind === 'TOPUP' && r.saving_type === 'PRINCIPAL' && r.equity_amount && r.principal_status === 'OWED') {
    if (r.balance_after.gte(r.equity_amount)) await markPrincipalPaid(tx, ctx, r.member_id, r.balance_after);
  }
  const view = movedView(
    ctx,
    r,
    {
      kind,
      activity,
      savingId: input.savingId,
      amount: input.amount,
      channel,
      groupId,
      journalId,
      journalNumber: r.journal_number,
      description,
    },
    date,
  );
  // The journal's number, given right after COMMIT in COMMIT's own round trip.
  const numbered = numberAfterCommit(tx, ctx.tenantId, [journalId]);
  tx.afterCommit(async () => {
    view.journalNumber = (await numbered)[0]?.number ?? null;
  });
  return { status: 'POSTED' as const, transaction: view };
}

// ---------------------------------------------------------------- deposit

export interface DepositInput {
  savingId: string;
  amount: Dec;
  description?: string | null;
  coaId?: string | null;
  activity?: 'DEPOSIT' | 'OPENING' | 'AUTO_DEBIT';
  /** Seeds and migrations: a past business date (API calls always use today). */
  date?: string;
  channel?: Channel;
  /** Teller movements: the journal is numbered after COMMIT (see movementTx). */
  numberAfterCommit?: boolean;
}

export async function depositTx(tx: Tx, ctx: Ctx, input: DepositInput) {
  const date = input.date ?? today();
  const channel = input.channel ?? channelOf(ctx);
  const activity = input.activity ?? 'DEPOSIT';
  const locked = await lockAccountWithCash(tx, input.savingId, date, agentOf(ctx), input.coaId ?? null, ctx.userId);
  const a = locked.account;
  const cash = checkCash(ctx, locked.cash, input.coaId);
  assertCanMove(ctx, a);
  assertCanDeposit(ctx, a, input.amount);
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  const description = input.description?.trim() || null;
  const row = await move(tx, ctx, a, {
    kind: 'TOPUP',
    activity,
    amount: input.amount,
    date,
    channel,
    cashCoaId: cash.id,
    groupId,
    description,
    journalId,
  });
  await settlePrincipal(tx, ctx, a);
  await audit(tx, ctx, {
    action: 'saving.deposit',
    entity: 'member_transaction',
    entityId: row.id,
    after: {
      code: row.code,
      savingId: a.id,
      accountNumber: a.account_number,
      amount: input.amount,
      balanceAfter: row.balance_after,
      cashCoaId: cash.id,
      activity,
    },
  });
  const journal = await postGroup(tx, ctx, {
    groupId,
    date,
    description: journalText(activity, a, description),
    referenceCode: row.code,
    lines: [
      { accountId: cash.id, debit: input.amount },
      { accountId: a.control_id!, credit: input.amount },
    ],
    journalId,
    numberAfterCommit: input.numberAfterCommit,
  });
  const leg: Leg = { a, row, kind: 'TOPUP', activity, amount: input.amount, cash, description };
  return { status: 'POSTED' as const, transaction: legView(ctx, leg, groupId, date, channel, journal) };
}

/** A teller's deposit: in the next batch (savings.batch.ts), or alone when the batch cannot decide it. */
export async function deposit(ctx: Ctx, input: DepositInput) {
  const alone = () =>
    movementTx(ctx, (tx) => moveInOneCall(tx, ctx, 'TOPUP', input), {
      idempotent: true,
      selfClaim: true,
      message: 'saving.deposit_success',
    });
  if (input.date || input.channel) return alone();
  return batcherOf(ctx.db).submit(
    ctx,
    { ...input, kind: 'TOPUP', activity: input.activity ?? 'DEPOSIT', message: 'saving.deposit_success' },
    alone,
  );
}

// ---------------------------------------------------------------- withdrawal

export interface WithdrawInput {
  savingId: string;
  amount: Dec;
  description?: string | null;
  coaId?: string | null;
  activity?: 'WITHDRAWAL' | 'CASH_OUT_ONLINE';
  date?: string;
  channel?: Channel;
  requestId?: string | null;
  /** Approval of a request: the limit was checked for the approver. */
  skipLimit?: boolean;
  /** The requester, whose own cash account an approver may pay out from. */
  cashHolderOk?: string | null;
  /** Teller movements: the journal is numbered after COMMIT (see movementTx). */
  numberAfterCommit?: boolean;
}

/** The withdrawal itself (limits already dealt with). */
export async function withdrawTx(tx: Tx, ctx: Ctx, input: WithdrawInput) {
  const date = input.date ?? today();
  const channel = input.channel ?? channelOf(ctx);
  const activity = input.activity ?? 'WITHDRAWAL';
  const locked = await lockAccountWithCash(tx, input.savingId, date, agentOf(ctx), input.coaId ?? null, ctx.userId);
  const a = locked.account;
  const cash = checkCash(ctx, locked.cash, input.coaId, input.cashHolderOk);
  assertCanMove(ctx, a);
  assertCanWithdraw(ctx, a, input.amount);
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  const description = input.description?.trim() || null;
  const row = await move(tx, ctx, a, {
    kind: 'WITHDRAW',
    activity,
    amount: input.amount,
    date,
    channel,
    cashCoaId: cash.id,
    groupId,
    description,
    requestId: input.requestId ?? null,
    journalId,
  });
  await audit(tx, ctx, {
    action: 'saving.withdraw',
    entity: 'member_transaction',
    entityId: row.id,
    after: {
      code: row.code,
      savingId: a.id,
      accountNumber: a.account_number,
      amount: input.amount,
      balanceAfter: row.balance_after,
      cashCoaId: cash.id,
      activity,
      requestId: input.requestId ?? null,
    },
  });
  const journal = await postGroup(tx, ctx, {
    groupId,
    date,
    description: journalText(activity, a, description),
    referenceCode: row.code,
    lines: [
      { accountId: a.control_id!, debit: input.amount },
      { accountId: cash.id, credit: input.amount },
    ],
    journalId,
    numberAfterCommit: input.numberAfterCommit,
  });
  const leg: Leg = { a, row, kind: 'WITHDRAW', activity, amount: input.amount, cash, description };
  return { status: 'POSTED' as const, transaction: legView(ctx, leg, groupId, date, channel, journal) };
}

/** A withdrawal above the user's limit waiting for approval (configuration transactionPolicy REQUEST_APPROVAL). */
export async function queueWithdrawal(tx: Tx, ctx: Ctx, input: WithdrawInput) {
  const date = today();
  const a = (await lockAccounts(tx, [input.savingId], date, agentOf(ctx))).get(input.savingId);
  assertCanMove(ctx, a);
  assertCanWithdraw(ctx, a, input.amount);
  const cash = input.coaId ? await resolveCash(tx, ctx, input.coaId) : null;
  const r = await insertWithdrawalRequest(tx, {
    savingId: a.id,
    memberId: a.member_id,
    amount: input.amount,
    description: input.description?.trim() || null,
    cashId: cash?.id ?? null,
    channel: channelOf(ctx),
    userId: ctx.userId,
  });
  await audit(tx, ctx, {
    action: 'saving.withdraw_request',
    entity: 'saving_request',
    entityId: r!.id,
    after: { savingId: a.id, accountNumber: a.account_number, amount: input.amount, limit: ctx.principal?.limits.savingWithdrawal ?? null },
  });
  return {
    status: 'WAITING_APPROVAL' as const,
    request: {
      id: r!.id,
      type: 'WITHDRAWAL',
      memberSavingId: a.id,
      accountNumber: a.account_number,
      memberName: a.member_name,
      cifNumber: a.cif_number,
      amount: input.amount,
      requestedAt: r!.requested_at.toISOString(),
      status: 'WAITING',
    },
  };
}

/**
 * A teller's withdrawal: within the role's limit in the next batch (savings.batch.ts), or alone when the batch
 * cannot decide it; above it refused or queued for approval (its own transaction).
 */
export async function withdraw(ctx: Ctx, input: WithdrawInput) {
  const withinLimit = () => input.skipLimit || isWithinLimit(ctx, 'SAVING_WITHDRAWAL', input.amount);
  // Above the limit and not queued, limitDecision threw the refusal; within it, the movement goes on below.
  const alone = () =>
    movementTx(
      ctx,
      async (tx) => {
        // Decided again here: a principal that changed is read again and the transaction run once more.
        if (!withinLimit()) {
          await claimKey(tx, ctx);
          if ((await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', input.amount, { mayQueue: true })) === 'QUEUE') {
            return queueWithdrawal(tx, ctx, input);
          }
        }
        return moveInOneCall(tx, ctx, 'WITHDRAW', input);
      },
      { idempotent: true, selfClaim: true, message: 'saving.withdraw_success' },
    );
  if (!withinLimit() || input.date || input.channel) return alone();
  return batcherOf(ctx.db).submit(
    ctx,
    { ...input, kind: 'WITHDRAW', activity: input.activity ?? 'WITHDRAWAL', message: 'saving.withdraw_success' },
    alone as () => Promise<{ status: 'POSTED'; transaction: MovementView }>,
  );
}
