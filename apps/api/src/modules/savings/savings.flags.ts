import { dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { isAgentCtx, rupiah } from './savings.core.ts';
import {
  activeSourceOfFund,
  clearSourceOfFund,
  type FlagRow,
  lockFlagRow,
  lockSourceOfFund,
  makeSourceOfFund,
  setAutoDebitOf,
  setBlockOf,
  setNotGetInterestOf,
  setTagOf,
} from './savings.flags.repo.ts';
import { accountView, findAccount } from './savings.repo.ts';

// ---------------------------------------------------------------- flags

async function lockForFlag(tx: Tx, ctx: Ctx, savingId: string): Promise<FlagRow> {
  const agent = isAgentCtx(ctx) ? ctx.userId : null;
  const r = await lockFlagRow(tx, savingId, agent);
  if (!r?.assigned) throw notFound('saving.account_not_found');
  if (r.status === 'CLOSED' || r.status === 'REJECTED')
    throw unprocessable('ACCOUNT_CLOSED', 'saving.account_closed', { number: r.account_number });
  return r;
}

async function flagChange(
  ctx: Ctx,
  savingId: string,
  action: string,
  fn: (tx: Tx, cur: FlagRow) => Promise<Record<string, unknown>>,
  pick: (r: FlagRow) => Record<string, unknown>,
) {
  return withTx(ctx, async (tx) => {
    const cur = await lockForFlag(tx, ctx, savingId);
    const after = await fn(tx, cur);
    await audit(tx, ctx, {
      action,
      entity: 'member_saving',
      entityId: cur.id,
      before: { accountNumber: cur.account_number, memberId: cur.member_id, ...pick(cur) },
      after: { accountNumber: cur.account_number, memberId: cur.member_id, ...after },
    });
    return accountView((await findAccount(tx, cur.id))!);
  });
}

export async function setTag(ctx: Ctx, savingId: string, tag: string | null) {
  return flagChange(
    ctx,
    savingId,
    'saving.tag',
    async (tx, cur) => {
      const value = tag?.trim() || null;
      await setTagOf(tx, cur.id, value, ctx.userId);
      return { tag: value };
    },
    (r) => ({ tag: r.tag }),
  );
}

const AUTO_DEBIT_TYPES = new Set(['MANDATORY', 'PLAN', 'PRINCIPAL']);

export async function checkAutoDebit(tx: Tx, memberId: string, savingType: string, savingId: string | null) {
  if (!AUTO_DEBIT_TYPES.has(savingType)) throw unprocessable('AUTO_DEBIT_NOT_FOR_TYPE', 'saving.auto_debit_type');
  const source = await activeSourceOfFund(tx, memberId);
  if (!source) throw unprocessable('NO_SOURCE_OF_FUND', 'saving.auto_debit_needs_source');
  if (source.id === savingId) throw unprocessable('AUTO_DEBIT_FROM_ITSELF', 'saving.auto_debit_self');
}

export async function setAutoDebit(ctx: Ctx, savingId: string, isAutoDebit: boolean) {
  return flagChange(
    ctx,
    savingId,
    'saving.auto_debit',
    async (tx, cur) => {
      if (isAutoDebit) await checkAutoDebit(tx, cur.member_id, cur.saving_type, cur.id);
      await setAutoDebitOf(tx, cur.id, isAutoDebit, ctx.userId);
      return { isAutoDebit };
    },
    (r) => ({ isAutoDebit: r.is_auto_debit }),
  );
}

/** PATCH /api/member/{memberId}/source-of-fund {memberSavingId}: the account the member's auto debits draw from. */
export async function setSourceOfFund(ctx: Ctx, memberId: string, savingId: string) {
  return withTx(ctx, async (tx) => {
    const cur = await lockForFlag(tx, ctx, savingId);
    if (cur.member_id !== memberId) {
      throw new AppError(422, 'ACCOUNT_OF_OTHER_MEMBER', 'saving.account_of_other_member', undefined, [
        { field: 'memberSavingId', message: 'saving.account_of_other_member' },
      ]);
    }
    if (cur.status !== 'ACTIVE') throw unprocessable('ACCOUNT_PENDING', 'saving.account_pending', { number: cur.account_number });
    if (cur.kind !== 'SAVING' || cur.saving_type !== 'VOLUNTARY')
      throw unprocessable('SOURCE_NOT_VOLUNTARY', 'saving.source_must_be_voluntary');
    const previous = await lockSourceOfFund(tx, memberId);
    if (previous && previous.id !== cur.id) {
      await clearSourceOfFund(tx, previous.id, ctx.userId);
    }
    await makeSourceOfFund(tx, cur.id, ctx.userId);
    await audit(tx, ctx, {
      action: 'saving.source_of_fund',
      entity: 'member_saving',
      entityId: cur.id,
      before: { memberId, sourceOfFund: previous?.account_number ?? null },
      after: { memberId, sourceOfFund: cur.account_number },
    });
    return accountView((await findAccount(tx, cur.id))!);
  });
}

export async function setBlocked(ctx: Ctx, savingId: string, b: { isBlocked: boolean; amount?: number | null; reason: string }) {
  return flagChange(
    ctx,
    savingId,
    b.isBlocked ? 'saving.block' : 'saving.unblock',
    async (tx, cur) => {
      let amount = ZERO;
      if (b.isBlocked) {
        amount = dec(b.amount ?? 0);
        const max = cur.balance.minus(cur.pledged_amount);
        if (amount.gt(max)) {
          throw new AppError(
            422,
            'BLOCK_ABOVE_BALANCE',
            'saving.block_above_balance',
            { max: rupiah(ctx, max.isNegative() ? ZERO : max) },
            [{ field: 'amount', message: 'saving.block_above_balance' }],
          );
        }
      } else if (cur.blocked_amount.isZero()) {
        throw unprocessable('NOT_BLOCKED', 'saving.not_blocked', { number: cur.account_number });
      }
      await setBlockOf(tx, cur.id, amount, b.reason, ctx.userId);
      return { blockedAmount: amount, reason: b.reason };
    },
    (r) => ({ blockedAmount: r.blocked_amount, reason: r.block_reason }),
  );
}

export async function setNotGetInterest(ctx: Ctx, savingId: string, value: boolean) {
  return flagChange(
    ctx,
    savingId,
    'saving.not_get_interest',
    async (tx, cur) => {
      await setNotGetInterestOf(tx, cur.id, value, ctx.userId);
      return { isNotGetInterest: value };
    },
    (r) => ({ isNotGetInterest: r.is_not_get_interest }),
  );
}
