/**
 * SHU distribution and its cancellation (docs/shu.md "Distribution", "Cancellation"): the header journal, the members'
 * shares credited in committed chunks (resumable, once per year), and the cancellation before payout, chunk by chunk.
 */

import { translate } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { SHU_ALLOCATIONS, type ShuAllocation } from '@koperasi/finance/shu';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, conflict, unprocessable } from '../../lib/errors.ts';
import { addDays, displayDate, fiscalYearRange, todayJakarta } from '../ledger/dates.ts';
import { type JournalLineInput, post, reverse } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import { assertCanMove, channelOf, move } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import {
  cancelTransactions,
  closedYearsAfter,
  creditedMembersOfChunk,
  firstSpentShare,
  insertChunk,
  lastOpenChunk,
  markAllPayable,
  markAllReversed,
  markCalculationCancelled,
  markCancelling,
  markChunkReversed,
  markDistributed,
  markDistributing,
  markMemberCredited,
  markMemberPayable,
  nextChunkNo,
  paidInCashCount,
  pendingMembers,
  setChunkReversal,
  shareStatusCounts,
  systemAccount,
  targetOldestSavings,
} from './shu.distribution.repo.ts';
import { ACCOUNT_COLUMNS, type CalculationRow, DEFAULT_ACCOUNT_KEYS, findCalculation } from './shu.repo.ts';
import { type AccountKey, calculationView, defaultAccounts, fiscalStart } from './shu.service.ts';

/** Members credited per committed transaction of a distribution (tests lower it to see several chunks). */
export const shuTuning = { chunkSize: 200 };

// ---------------------------------------------------------------- distribution

/** The GL accounts of a distribution, from the calculation's settings snapshot, checked postable. */
/** The accounts a calculation's settings name (the escrow account as MEMBER_PAYABLE when named; see below). */
export function settingsAccounts(c: Pick<CalculationRow, 'settings'>): Record<AccountKey, string | null> {
  const settings = c.settings as { accounts?: Record<AccountKey, string | null>; escrowCoaId?: string | null };
  const accounts = settings.accounts ?? ({} as Record<AccountKey, string | null>);
  return { ...accounts, MEMBER_PAYABLE: settings.escrowCoaId ?? accounts.MEMBER_PAYABLE ?? null };
}

/**
 * The accounts of a calculation's distribution: the settings' own, else the defaults by system key. The escrow
 * (titipan) account, when the settings name one, is where the members' payable shares wait for payout: it takes the
 * MEMBER_PAYABLE role (the distribution credits it, a cash payout debits it).
 */
export async function distributionAccounts(tx: Tx, c: CalculationRow): Promise<Record<AccountKey, string>> {
  const accounts = settingsAccounts(c);
  const defaults = await defaultAccounts(tx);
  const out = {} as Record<AccountKey, string>;
  for (const k of Object.keys(ACCOUNT_COLUMNS) as AccountKey[]) {
    const id = accounts[k] ?? defaults[k];
    if (!id) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: DEFAULT_ACCOUNT_KEYS[k] });
    out[k] = id;
  }
  return out;
}

export const ALLOCATION_ACCOUNT: Partial<Record<ShuAllocation, AccountKey>> = {
  RESERVE: 'RESERVE',
  MANAGEMENT: 'MANAGEMENT',
  EMPLOYEE: 'EMPLOYEE',
  EDUCATION: 'EDUCATION',
  SOCIAL: 'SOCIAL',
  OTHER: 'OTHER',
};

/** Step 1 (one transaction): the header journal and each member's target; DISTRIBUTING. Nothing when already started. */
export async function startDistribution(ctx: Ctx, year: number, payout: 'SAVINGS' | 'CASH', dateIn: string | undefined) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (!c || c.status === 'CANCELLED') throw unprocessable('SHU_NOT_CALCULATED', 'shu.not_calculated', { year });
    if (c.status === 'CANCELLING') throw conflict('SHU_DISTRIBUTION_BUSY', 'shu.distribution_busy', { year });
    if (c.status !== 'CALCULATED') return c.id; // DISTRIBUTING (resume) or DISTRIBUTED (once per year)
    const { end } = fiscalYearRange(year, await fiscalStart(tx));
    const date = dateIn ?? todayJakarta();
    if (date <= end || date > todayJakarta())
      throw new AppError(422, 'SHU_DATE_INVALID', 'shu.date_invalid', { year, end: displayDate(end) }, [
        { field: 'date', message: 'shu.date_invalid' },
      ]);
    const acc = await distributionAccounts(tx, c);
    // The year's result sits on CURRENT_YEAR_SURPLUS until the next year closes, then on RETAINED_SURPLUS.
    const later = await closedYearsAfter(tx, year);
    const surplusKey = later?.n ? 'RETAINED_SURPLUS' : 'CURRENT_YEAR_SURPLUS';
    const surplusAcc = await systemAccount(tx, surplusKey);
    if (!surplusAcc) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: surplusKey });
    const alloc = Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, dec(c.allocations[k] ?? 0)])) as Record<ShuAllocation, Dec>;
    const lines: JournalLineInput[] = [{ accountId: surplusAcc.id, debit: c.surplus }];
    const credit = new Map<string, Dec>();
    const add = (id: string, v: Dec) => v.gt(0) && credit.set(id, (credit.get(id) ?? ZERO).plus(v));
    for (const [k, a] of Object.entries(ALLOCATION_ACCOUNT) as [ShuAllocation, AccountKey][]) add(acc[a], alloc[k]);
    add(acc.MEMBER_PAYABLE, c.total_net);
    add(acc.TAX_PAYABLE, c.total_tax);
    for (const [accountId, v] of credit) lines.push({ accountId, credit: v });
    const journal = await post(tx, ctx, {
      date,
      description: `Pembagian SHU tahun buku ${year}`,
      referenceCode: `SHU-${year}`,
      source: { module: 'SHU', id: c.id },
      lines,
    });
    // Each member's target: the oldest active voluntary saving (SAVINGS payout), else left payable.
    if (payout === 'SAVINGS') {
      await targetOldestSavings(tx, c.id);
    } else {
      await markAllPayable(tx, c.id);
    }
    await markDistributing(tx, c.id, { payout, date, surplusCoaId: surplusAcc.id, journalId: journal.id, userId: ctx.userId! });
    await audit(tx, ctx, {
      action: 'shu.distribute_start',
      entity: 'shu_calculation',
      entityId: c.id,
      before: { status: c.status },
      after: { status: 'DISTRIBUTING', payout, date, journal: journal.number, surplusAccount: surplusKey },
    });
    return c.id;
  });
}

/** Step 2 (one transaction per call): up to shuTuning.chunkSize pending members credited. Answers false when none was left. */
export async function distributeChunk(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (c?.status !== 'DISTRIBUTING') return false;
    const members = await pendingMembers(tx, c.id, Math.max(1, Math.floor(shuTuning.chunkSize)));
    if (!members.length) return false;
    const date = c.distribution_date!;
    const acc = await distributionAccounts(tx, c);
    const accounts = await lockAccounts(tx, [...new Set(members.map((m) => m.saving_id))].sort(), date, null);
    const groupId = crypto.randomUUID();
    const journalId = crypto.randomUUID();
    const next = await nextChunkNo(tx, c.id);
    const chunkNo = next!.n;
    const perControl = new Map<string, Dec>();
    let total = ZERO;
    let credited = 0;
    for (const m of members) {
      const a = accounts.get(m.saving_id);
      try {
        assertCanMove(ctx, a);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // The account cannot take money (closed, member inactive...): the share stays payable.
        await markMemberPayable(tx, c.id, m.member_id);
        continue;
      }
      const row = await move(tx, ctx, a, {
        kind: 'TOPUP',
        activity: 'SHU',
        amount: dec(m.net),
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId,
        description: `SHU tahun buku ${year}`,
        journalId,
      });
      await markMemberCredited(tx, c.id, m.member_id, chunkNo, row.id);
      perControl.set(a.control_id!, (perControl.get(a.control_id!) ?? ZERO).plus(m.net));
      total = total.plus(m.net);
      credited++;
    }
    if (credited) {
      await post(tx, ctx, {
        id: journalId,
        date,
        description: `Pembagian SHU tahun buku ${year} ke simpanan anggota (bagian ${chunkNo})`,
        referenceCode: `SHU-${year}-${chunkNo}`,
        source: { module: 'SHU', id: groupId },
        lines: [{ accountId: acc.MEMBER_PAYABLE, debit: total }, ...[...perControl].map(([accountId, v]) => ({ accountId, credit: v }))],
      });
      await insertChunk(tx, c.id, { chunkNo, groupId, journalId, members: credited, amount: total.toFixed(2) });
      await audit(tx, ctx, {
        action: 'shu.distribute_chunk',
        entity: 'shu_calculation',
        entityId: c.id,
        after: { chunk: chunkNo, members: credited, amount: total.toFixed(2) },
      });
    }
    return true;
  });
}

export async function distribute(ctx: Ctx, body: { year: number; payout: 'SAVINGS' | 'CASH'; date?: string }) {
  const year = body.year;
  await startDistribution(ctx, year, body.payout, body.date);
  while (await distributeChunk(ctx, year)) {
    // each chunk committed on its own
  }
  // Step 3: DISTRIBUTED; the request's key is claimed here, with the final answer.
  return withTx(
    ctx,
    async (tx) => {
      const c = (await findCalculation(tx, year, true))!;
      if (c.status === 'DISTRIBUTING') {
        await markDistributed(tx, c.id);
        const byStatus = await shareStatusCounts(tx, c.id);
        const counts = { credited: byStatus.CREDITED ?? 0, payable: byStatus.PAYABLE ?? 0 };
        await audit(tx, ctx, {
          action: 'shu.distribute',
          entity: 'shu_calculation',
          entityId: c.id,
          before: { status: 'DISTRIBUTING' },
          after: { status: 'DISTRIBUTED', ...counts },
        });
      }
      return calculationView((await findCalculation(tx, year))!);
    },
    { idempotent: true, message: translate('shu.distributed', ctx.lang, { year }) },
  );
}

// ---------------------------------------------------------------- cancellation

async function startCancel(ctx: Ctx, year: number, reason: string) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (!c || !['DISTRIBUTING', 'DISTRIBUTED', 'CANCELLING'].includes(c.status))
      throw unprocessable('SHU_NOT_DISTRIBUTED', 'shu.not_distributed', { year });
    if (c.status === 'CANCELLING') return;
    const cash = await paidInCashCount(tx, c.id);
    if (cash?.n) throw unprocessable('SHU_PAID_IN_CASH', 'shu.cancel_paid_cash', { year, count: cash.n });
    // Before any payout: every credited share must still be in its account (checked again, locked, chunk by chunk).
    const spent = await firstSpentShare(tx, c.id);
    if (spent)
      throw unprocessable('SHU_ALREADY_PAID_OUT', 'shu.cancel_paid_out', {
        name: spent.member_name,
        cif: spent.cif_number,
        number: spent.account_number,
      });
    await markCancelling(tx, c.id, reason, ctx.userId!);
    await audit(tx, ctx, {
      action: 'shu.cancel_start',
      entity: 'shu_calculation',
      entityId: c.id,
      before: { status: c.status },
      after: { status: 'CANCELLING', reason },
    });
  });
}

/** One distribution chunk taken back (its members' shares out of their accounts, its journal reversed). */
async function cancelChunk(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (c?.status !== 'CANCELLING') return false;
    const chunk = await lastOpenChunk(tx, c.id);
    if (!chunk) return false;
    const reason = c.cancel_reason ?? `Pembatalan SHU ${year}`;
    const members = await creditedMembersOfChunk(tx, c.id, chunk.chunk_no);
    const date = todayJakarta();
    const accounts = await lockAccounts(tx, [...new Set(members.map((m) => m.saving_id))].sort(), date, null);
    const groupId = crypto.randomUUID();
    for (const m of members) {
      const a = accounts.get(m.saving_id)!;
      const after = a.balance.minus(m.net);
      if (a.status !== 'ACTIVE' || after.isNegative() || after.lt(a.blocked_amount.plus(a.pledged_amount)))
        throw unprocessable('SHU_ALREADY_PAID_OUT', 'shu.cancel_paid_out', {
          name: a.member_name,
          cif: a.cif_number,
          number: a.account_number,
        });
      await move(tx, ctx, a, {
        kind: 'WITHDRAW',
        activity: 'REVERSAL',
        amount: dec(m.net),
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId,
        description: `Pembatalan SHU tahun buku ${year}: ${reason}`.slice(0, 500),
        reversalOfId: m.transaction_id,
      });
    }
    if (members.length) {
      await cancelTransactions(
        tx,
        members.map((m) => m.transaction_id),
        ctx.userId!,
        reason,
      );
    }
    const reversal = await reverse(tx, ctx, chunk.journal_id, reason, { date });
    if (members.length) await setGroupJournal(tx, groupId, reversal.id);
    await setChunkReversal(tx, c.id, chunk.chunk_no, reversal.id);
    await markChunkReversed(tx, c.id, chunk.chunk_no);
    await audit(tx, ctx, {
      action: 'shu.cancel_chunk',
      entity: 'shu_calculation',
      entityId: c.id,
      after: { chunk: chunk.chunk_no, members: members.length, reversal: reversal.number },
    });
    return true;
  });
}

export async function cancelDistribution(ctx: Ctx, body: { year: number; reason: string }) {
  const year = body.year;
  await startCancel(ctx, year, body.reason);
  while (await cancelChunk(ctx, year)) {
    // each chunk committed on its own
  }
  return withTx(
    ctx,
    async (tx) => {
      const c = (await findCalculation(tx, year, true))!;
      if (c.status === 'CANCELLING') {
        const reversal = c.journal_id
          ? await reverse(tx, ctx, c.journal_id, c.cancel_reason ?? 'Pembatalan SHU', { date: todayJakarta() })
          : null;
        await markAllReversed(tx, c.id);
        await markCalculationCancelled(tx, c.id);
        await audit(tx, ctx, {
          action: 'shu.cancel',
          entity: 'shu_calculation',
          entityId: c.id,
          before: { status: 'CANCELLING', journal: c.journal_number },
          after: { status: 'CANCELLED', reason: c.cancel_reason, reversal: reversal?.number ?? null },
        });
      }
      return calculationView((await findCalculation(tx, year))!);
    },
    { idempotent: true, message: translate('shu.cancelled', ctx.lang, { year }) },
  );
}

/** The last day a member's SHU could be dated: the day after the year's end (for slips and checks). */
export function afterYearEnd(year: number, startMonth: number): string {
  return addDays(fiscalYearRange(year, startMonth).end, 1);
}
