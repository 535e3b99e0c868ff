/**
 * How savings plug into the other modules (registered at module load):
 *  - members: the detail summary (equity and saving counts and balances,
 *    mandatory arrears), the approval hook (equity accounts open, principal
 *    billed), the exit check and settlement (savings and equity paid out,
 *    accounts closed, journals posted);
 *  - products: accounts and balances per product (control account lock).
 *
 * Exit decisions (docs/savings.md): every open account's balance is returned
 * in full (no closing fee at exit) in one journal from the cash or bank
 * account the exit-confirm body names (`coaId`), else the user's assigned
 * cash account, else Kas Besar; the accounts close, openings waiting for
 * approval are rejected and waiting withdrawal requests cancelled. A blocked
 * or pledged account, or a withdrawal waiting for a decision, blocks the
 * exit until it is resolved. The withdrawal limit does not apply (the exit is
 * a membership decision needing member:delete).
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { lastDuePeriod, periodOf } from '@koperasi/finance/mandatory';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import {
  type ExitItem,
  type MemberRef,
  registerApprovalHook,
  registerExitCheck,
  registerMemberSummary,
} from '../members/members.registry.ts';
import { registerProductUsage } from '../products/products.repo.ts';
import { getConfig } from '../settings/configuration.ts';
import { openEquityOnApproval } from './savings.accounts.ts';
import { channelOf, move, postGroup, resolveCash, today } from './savings.core.ts';
import {
  closeOnExit,
  exitAccounts,
  mandatoryAccountOf,
  mandatoryDue,
  memberSavingSummary,
  rejectPendingOnExit,
  savingProductUsage,
} from './savings.hooks.repo.ts';
import { lockAccounts } from './savings.repo.ts';
import { cancelWaitingRequests } from './savings.requests.ts';

/** The mandatory saving due and paid for one account today (SQL, the same rule as the finance module). */
export async function mandatoryArrears(tx: Tx, ctx: Ctx, memberId: string): Promise<{ due: Dec; paid: Dec; arrears: Dec } | null> {
  const acc = await mandatoryAccountOf(tx, memberId);
  if (!acc?.start || !acc.period) return null;
  const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
  const through = lastDuePeriod(today(), acc.period, reg.mandatorySavingDueDay);
  const r = await mandatoryDue(tx, acc.product_id, periodOf(acc.start, acc.period), through, acc.period);
  const due = dec(r?.amount ?? 0);
  return { due, paid: acc.balance, arrears: due.gt(acc.balance) ? due.minus(acc.balance) : ZERO };
}

export function registerSavingsHooks(): void {
  registerMemberSummary('savings', async (tx, ctx, member) => {
    const r = await memberSavingSummary(tx, member.id);
    const mandatory = await mandatoryArrears(tx, ctx, member.id);
    return {
      countEquity: r?.count_equity ?? 0,
      amountEquity: r?.amount_equity ?? ZERO,
      countSaving: r?.count_saving ?? 0,
      amountSaving: r?.amount_saving ?? ZERO,
      principalPaid: r?.principal_paid ?? ZERO,
      savingBlocked: r?.blocked ?? ZERO,
      mandatoryDue: mandatory?.due ?? ZERO,
      mandatoryArrears: mandatory?.arrears ?? ZERO,
    };
  });

  registerApprovalHook('savings', (tx, ctx, member, info) => openEquityOnApproval(tx, ctx, member, info.joinDate));

  registerExitCheck('savings', exitCheck, exitSettle);

  registerProductUsage('savings', async (tx, productIds) => {
    const rows = await savingProductUsage(tx, productIds);
    return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: r.balance }]));
  });
}

async function exitCheck(tx: Tx, _ctx: Ctx, member: MemberRef) {
  const accounts = await exitAccounts(tx, member.id);
  const blocking: ExitItem[] = [];
  const settlement: ExitItem[] = [];
  for (const a of accounts) {
    const label = `${a.product_name} ${a.account_number}`;
    if (a.blocked_amount.gt(0)) {
      blocking.push({
        kind: 'SAVING_BLOCKED',
        id: a.id,
        label,
        amount: a.blocked_amount,
        messageKey: 'saving.exit_blocked',
        params: { account: label },
      });
    }
    if (a.pledged_amount.gt(0)) {
      blocking.push({
        kind: 'SAVING_PLEDGED',
        id: a.id,
        label,
        amount: a.pledged_amount,
        messageKey: 'saving.exit_pledged',
        params: { account: label },
      });
    }
    if (a.waiting > 0) {
      blocking.push({ kind: 'SAVING_REQUEST', id: a.id, label, messageKey: 'saving.exit_request_waiting', params: { account: label } });
    }
    if (a.status === 'ACTIVE' && a.balance.gt(0)) {
      settlement.push({ kind: a.kind === 'SAVING_EQUITY' ? 'EQUITY' : 'SAVING', id: a.id, label, amount: a.balance });
    }
  }
  return { blocking, settlement };
}

async function exitSettle(
  tx: Tx,
  ctx: Ctx,
  member: MemberRef,
  info: { exitDate: string; reason: string | null; options: Record<string, unknown> },
) {
  const date = today();
  const accounts = await exitAccounts(tx, member.id);
  if (!accounts.length) return;
  const coaId = typeof info.options.coaId === 'string' ? info.options.coaId : null;
  const withBalance = accounts.some((a) => a.status === 'ACTIVE' && a.balance.gt(0));
  const cash = withBalance ? await resolveCash(tx, ctx, coaId) : null;
  const locked = await lockAccounts(
    tx,
    accounts.map((a) => a.id),
    date,
    null,
  );
  const groupId = crypto.randomUUID();
  const channel = channelOf(ctx);
  const reason = info.reason ? `Keluar anggota: ${info.reason}` : 'Keluar anggota';
  const lines: Array<{ accountId: string; debit?: Dec; credit?: Dec }> = [];
  let total = ZERO;
  let firstCode: string | null = null;
  for (const a of locked.values()) {
    if (a.status === 'PENDING') {
      await rejectPendingOnExit(tx, a.id, ctx.userId, reason);
      continue;
    }
    if (a.status !== 'ACTIVE') continue;
    const balance = a.balance;
    if (balance.gt(0)) {
      const row = await move(tx, ctx, a, {
        kind: 'WITHDRAW',
        activity: 'EXIT',
        amount: balance,
        date,
        channel,
        cashCoaId: cash!.id,
        groupId,
        description: reason,
      });
      firstCode ??= row.code;
      lines.push({ accountId: a.control_id!, debit: balance });
      total = total.plus(balance);
    }
    await closeOnExit(tx, a.id, date, ctx.userId, reason);
    // One entry per account (entity member_saving): the member's own timeline keeps the members module's member.exit.
    await audit(tx, ctx, {
      action: 'saving.exit_close',
      entity: 'member_saving',
      entityId: a.id,
      before: { status: 'ACTIVE', balance },
      after: { status: 'CLOSED', memberId: member.id, exitDate: info.exitDate, paidOut: balance, cashCoaId: cash?.id ?? null },
    });
  }
  await cancelWaitingRequests(tx, ctx, member.id, reason);
  if (total.gt(0)) {
    await postGroup(tx, ctx, {
      groupId,
      date,
      description: `Pengembalian simpanan (keluar anggota) a.n. ${member.fullName} (${member.cifNumber})`,
      referenceCode: firstCode!,
      lines: [...lines, { accountId: cash!.id, credit: total }],
    });
  }
}
