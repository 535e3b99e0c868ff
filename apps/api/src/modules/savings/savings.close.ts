import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { PostedJournal, UnnumberedJournal } from '../ledger/posting.ts';
import { limitDecision } from '../money/index.ts';
import { assertCanMove, channelOf, journalText, type Leg, legView, move, postGroup, resolveCash, today } from './savings.core.ts';
import { hasWaitingRequest, markAccountClosed } from './savings.moves.repo.ts';
import { lockAccounts } from './savings.repo.ts';
import { agentOf } from './savings.service.ts';

// ---------------------------------------------------------------- close

export async function closeAccountTx(
  tx: Tx,
  ctx: Ctx,
  body: { memberSavingId: string; coaId?: string | null; reason?: string | null; date?: string },
) {
  const date = body.date ?? today();
  const channel = channelOf(ctx);
  const a = (await lockAccounts(tx, [body.memberSavingId], date, agentOf(ctx))).get(body.memberSavingId);
  assertCanMove(ctx, a);
  if (a.kind === 'SAVING_EQUITY') throw unprocessable('EQUITY_CLOSES_AT_EXIT', 'saving.equity_closes_at_exit', { product: a.product_name });
  if (a.blocked_amount.gt(0)) throw unprocessable('ACCOUNT_BLOCKED', 'saving.close_blocked', { number: a.account_number });
  if (a.pledged_amount.gt(0)) throw unprocessable('ACCOUNT_PLEDGED', 'saving.close_pledged', { number: a.account_number });
  const waiting = await hasWaitingRequest(tx, a.id);
  if (waiting) throw unprocessable('REQUEST_WAITING', 'saving.close_request_waiting', { number: a.account_number });
  const balance = a.balance;
  const fee = a.closing_fee.gt(balance) ? balance : a.closing_fee;
  const payout = balance.minus(fee);
  // A closing's payout is never queued: above the limit it is refused.
  if (payout.gt(0)) await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', payout, { mayQueue: false });
  if (fee.gt(0) && !a.closing_fee_income_id)
    throw unprocessable('PRODUCT_GL_MISSING', 'saving.product_gl_missing', { product: a.product_name });
  const cash = payout.gt(0) ? await resolveCash(tx, ctx, body.coaId) : null;
  const groupId = crypto.randomUUID();
  const reason = body.reason?.trim() || null;
  const legs: Leg[] = [];
  if (fee.gt(0)) {
    const row = await move(tx, ctx, a, {
      kind: 'WITHDRAW',
      activity: 'CLOSING_FEE',
      amount: fee,
      date,
      channel,
      cashCoaId: null,
      groupId,
      description: reason,
    });
    legs.push({ a, row, kind: 'WITHDRAW', activity: 'CLOSING_FEE', amount: fee, cash: null, description: reason });
  }
  if (payout.gt(0)) {
    const row = await move(tx, ctx, a, {
      kind: 'WITHDRAW',
      activity: 'CLOSING',
      amount: payout,
      date,
      channel,
      cashCoaId: cash!.id,
      groupId,
      description: reason,
    });
    legs.push({ a, row, kind: 'WITHDRAW', activity: 'CLOSING', amount: payout, cash, description: reason });
  }
  await markAccountClosed(tx, a.id, date, ctx.userId, reason);
  await audit(tx, ctx, {
    action: 'saving.close',
    entity: 'member_saving',
    entityId: a.id,
    before: { status: 'ACTIVE', balance },
    after: { status: 'CLOSED', closingFee: fee, payout, cashCoaId: cash?.id ?? null, reason },
  });
  let journal: PostedJournal | UnnumberedJournal | null = null;
  if (balance.gt(0)) {
    journal = await postGroup(tx, ctx, {
      groupId,
      date,
      description: journalText('CLOSING', a, reason),
      referenceCode: legs[0].row.code,
      lines: [
        { accountId: a.control_id!, debit: balance },
        ...(fee.gt(0) ? [{ accountId: a.closing_fee_income_id!, credit: fee }] : []),
        ...(payout.gt(0) ? [{ accountId: cash!.id, credit: payout }] : []),
      ],
    });
  }
  return {
    memberSavingId: a.id,
    accountNumber: a.account_number,
    status: 'CLOSED' as const,
    balanceBefore: balance,
    closingFee: fee,
    payout,
    journalNumber: journal?.number ?? null,
    transactions: legs.map((l) => legView(ctx, l, groupId, date, channel, journal)),
  };
}

export async function closeAccount(ctx: Ctx, body: { memberSavingId: string; coaId?: string | null; reason?: string | null }) {
  return withTx(ctx, (tx) => closeAccountTx(tx, ctx, body), { idempotent: true, message: 'saving.close_success' });
}
