/**
 * Transfers between two saving accounts: both accounts locked in a fixed
 * order, the source keeps its minimum, held, blocked and pledged amounts;
 * equity accounts can receive (paying pokok or wajib) but not send. No cash
 * moves, so the withdrawal limit does not apply. docs/savings.md.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, requestHash, scopedIdempotencyKey } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import {
  assertCanDeposit,
  assertCanMove,
  assertCanWithdraw,
  type Channel,
  channelOf,
  type Leg,
  legView,
  move,
  postGroup,
  today,
} from './savings.core.ts';
import { lockAccounts, type MovementRow } from './savings.repo.ts';
import { agentOf, movementTx, settlePrincipal } from './savings.service.ts';

// ---------------------------------------------------------------- transfer

export interface TransferInput {
  fromSavingId: string;
  toSavingId: string;
  amount: Dec;
  description?: string | null;
  timeOfRequest?: string | null;
  date?: string;
  channel?: Channel;
  /** Teller movements: the journal is numbered after COMMIT (see movementTx). */
  numberAfterCommit?: boolean;
}

export async function transferTx(tx: Tx, ctx: Ctx, input: TransferInput) {
  if (input.fromSavingId === input.toSavingId) {
    throw badRequest('TRANSFER_SAME_ACCOUNT', 'saving.transfer_same_account', undefined, [
      { field: 'toSavingId', message: 'saving.transfer_same_account' },
    ]);
  }
  const date = input.date ?? today();
  const channel = input.channel ?? channelOf(ctx);
  const locked = await lockAccounts(tx, [input.fromSavingId, input.toSavingId], date, agentOf(ctx));
  const from = locked.get(input.fromSavingId);
  const to = locked.get(input.toSavingId);
  assertCanMove(ctx, from);
  assertCanMove(ctx, to);
  assertCanWithdraw(ctx, from, input.amount);
  assertCanDeposit(ctx, to, input.amount);
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  const description = input.description?.trim() || null;
  let out: MovementRow;
  try {
    out = await move(tx, ctx, from, {
      kind: 'WITHDRAW',
      activity: 'TRANSFER_OUT',
      amount: input.amount,
      date,
      channel,
      cashCoaId: null,
      groupId,
      description,
      timeOfRequest: input.timeOfRequest ?? null,
      journalId,
    });
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'member_transaction_transfer_uq') {
      throw conflict('TRANSFER_DUPLICATE', 'saving.transfer_duplicate', { time: input.timeOfRequest ?? '' });
    }
    throw err;
  }
  const inn = await move(tx, ctx, to, {
    kind: 'TOPUP',
    activity: 'TRANSFER_IN',
    amount: input.amount,
    date,
    channel,
    cashCoaId: null,
    groupId,
    description,
    journalId,
  });
  await settlePrincipal(tx, ctx, to);
  await audit(tx, ctx, {
    action: 'saving.transfer',
    entity: 'member_transaction',
    entityId: out.id,
    after: {
      code: out.code,
      from: { savingId: from.id, accountNumber: from.account_number, balanceAfter: out.balance_after },
      to: { savingId: to.id, accountNumber: to.account_number, balanceAfter: inn.balance_after },
      amount: input.amount,
      timeOfRequest: input.timeOfRequest ?? null,
    },
  });
  const journal = await postGroup(tx, ctx, {
    groupId,
    date,
    description: `Transfer ${from.account_number} (${from.member_name}) ke ${to.account_number} (${to.member_name})${description ? ` - ${description}` : ''}`,
    referenceCode: out.code,
    lines: [
      { accountId: from.control_id!, debit: input.amount },
      { accountId: to.control_id!, credit: input.amount },
    ],
    journalId,
    numberAfterCommit: input.numberAfterCommit,
  });
  const legs: Leg[] = [
    { a: from, row: out, kind: 'WITHDRAW', activity: 'TRANSFER_OUT', amount: input.amount, cash: null, description },
    { a: to, row: inn, kind: 'TOPUP', activity: 'TRANSFER_IN', amount: input.amount, cash: null, description },
  ];
  const views = legs.map((l) => legView(ctx, l, groupId, date, channel, journal));
  return { status: 'POSTED' as const, transaction: views[0], transactions: views };
}

export async function transfer(ctx: Ctx, input: TransferInput) {
  return movementTx(ctx, (tx) => transferTx(tx, ctx, { ...input, numberAfterCommit: true }), {
    idempotent: true,
    message: 'saving.transfer_success',
  });
}

/** Where a transfer request came from: its path, the route's pattern and the query (the spec's parameters). */
export interface TransferRequest {
  path: string;
  route: string;
  query: Record<string, unknown>;
}

/**
 * POST /api/transaction/v2/transfer: without an Idempotency-Key, a repeated timeOfRequest for the same source
 * account works as one (the same parameters answer the first result; other parameters answer 409).
 */
export async function transferByRequest(ctx: Ctx, input: TransferInput & { timeOfRequest?: string | null }, req: TransferRequest) {
  if (!ctx.idem && input.timeOfRequest) {
    ctx.idem = {
      key: scopedIdempotencyKey(ctx.userId ?? '', 'POST', req.route, `transfer:${input.fromSavingId}:${input.timeOfRequest}`),
      hash: requestHash('POST', req.path, req.query, null),
      method: 'POST',
      path: req.path,
    };
  }
  return transfer(ctx, input);
}
