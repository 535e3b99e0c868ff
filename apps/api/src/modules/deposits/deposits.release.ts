/**
 * The monthly deposit interest release (resumable chunks through runBatch, on two connections) and its
 * cancellation (docs/deposits.md "Release").
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Ctx } from '../../lib/context.ts';
import { runBatch } from '../jobs/batch.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { isPeriodOpen, periodClosedError, reverse } from '../ledger/posting.ts';
import { audit, refusalError, withTx } from '../money/index.ts';
import { assertCanMove, channelOf, move } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { payDueIds } from './deposits.core.ts';
import {
  addChunkTotals,
  cancelMovementsOfJournals,
  depositsPaidLater,
  findRelease,
  insertRelease,
  journalDates,
  markReleaseCancelled,
  markReleased,
  paidOutOfHolding,
  postedInterestOfRelease,
  type ReleaseRow,
  releaseStatus,
  rewindDeposit,
  runningRelease,
} from './deposits.release.repo.ts';
import { dueDepositsAfter, lockDeposits, lockTaxMonths, saveTaxMonths } from './deposits.repo.ts';

const today = (): string => todayJakarta();

export type { ReleaseRow };

export function releaseView(r: ReleaseRow) {
  return {
    id: r.id,
    kind: 'DEPOSIT' as const,
    fromDate: r.from_date,
    toDate: r.to_date,
    status: r.status,
    deposits: r.deposits,
    payments: r.payments,
    chunks: r.chunks,
    totalGross: dec(r.total_gross).toNumber(),
    totalTax: dec(r.total_tax).toNumber(),
    totalNet: dec(r.total_net).toNumber(),
    createdDate: r.created_date.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelReason: r.cancel_reason,
  };
}

/** Chunks of the deposit release at once, each on its own connection (runBatch `concurrency`); 1 on PGlite. */
export const depositReleaseTuning = { concurrency: 2 };

/**
 * POST interest-simulation/deposit/release: pays every running deposit's periods due up to `toDate` (at most today)
 * through `runBatch` (jobs/batch.ts): committed chunks of `chunkSize` deposits in (member, deposit) order, on
 * `depositReleaseTuning.concurrency` connections, each deposit once per release. A run stopped half-way (process
 * killed) is resumed by the next call with the same dates; a call for a window already released posts nothing (each
 * deposit and payment day once: deposit_interest's unique key).
 */
export async function release(
  ctx: Ctx,
  b: { fromDate?: string; toDate?: string; chunkSize?: number; concurrency?: number },
  hooks?: { afterChunk?: (n: number) => void },
) {
  const now = todayJakarta();
  const fromDate = b.fromDate!;
  const toDate = b.toDate!;
  if (fromDate > now) throw refusalError(ctx.lang, 'RELEASE_FUTURE', { today: now });
  const through = toDate < now ? toDate : now;
  const started = await withTx(ctx, async (tx) => {
    const running = await runningRelease(tx, fromDate, toDate);
    if (running) return running;
    const row = (await insertRelease(tx, fromDate, toDate, ctx.userId)) ?? (await runningRelease(tx, fromDate, toDate))!;
    await audit(tx, ctx, {
      action: 'deposit.release_start',
      entity: 'deposit_release',
      entityId: row.id,
      after: { fromDate, toDate, through },
    });
    return row;
  });
  const concurrency = ctx.db.kind === 'pglite' ? 1 : (b.concurrency ?? depositReleaseTuning.concurrency);
  await runBatch<{ key: string; id: string }>({
    db: ctx.db,
    tenantId: ctx.tenantId,
    name: 'deposit.release',
    key: started.id,
    userId: ctx.userId,
    chunkSize: b.chunkSize ?? 500,
    concurrency,
    items: (tx, after, limit) => dueDepositsAfter(tx, after, limit, through),
    processChunk: async (tx, items) => {
      if ((await releaseStatus(tx, started.id)) !== 'RUNNING') throw refusalError(ctx.lang, 'RELEASE_CANCELLED');
      const ids = items.map((i) => i.id);
      const s = await payDueIds(tx, ctx, ids, { through, releaseId: started.id });
      await addChunkTotals(tx, started.id, s);
      if (s.payments) {
        await audit(tx, ctx, {
          action: 'deposit.release_chunk',
          entity: 'deposit_release',
          entityId: started.id,
          after: {
            from: ids[0],
            to: ids[ids.length - 1],
            deposits: s.deposits,
            payments: s.payments,
            gross: s.gross,
            tax: s.tax,
            net: s.net,
            journals: s.journalIds,
          },
        });
      }
    },
    afterChunk: ({ chunk }) => hooks?.afterChunk?.(chunk),
  });
  return withTx(ctx, async (tx) => {
    const r = (await findRelease(tx, started.id, true))!;
    if (r.status === 'RUNNING') {
      await markReleased(tx, r.id);
      await audit(tx, ctx, {
        action: 'deposit.release',
        entity: 'deposit_release',
        entityId: r.id,
        after: { fromDate, toDate, deposits: r.deposits, payments: r.payments, gross: r.total_gross, tax: r.total_tax, net: r.total_net },
      });
    }
    return releaseView((await findRelease(tx, started.id))!);
  });
}

/** POST interest-simulation/{id}/cancel-release: reverses a release's journals and payments; refused when a month is closed. */
export async function cancelRelease(ctx: Ctx, id: string, reason?: string | null) {
  return withTx(
    ctx,
    async (tx) => {
      const why = reason?.trim() || 'Pembatalan rilis bunga deposito';
      const r = await findRelease(tx, id, true);
      if (!r) throw refusalError(ctx.lang, 'RELEASE_NOT_FOUND');
      if (r.status === 'CANCELLED') throw refusalError(ctx.lang, 'RELEASE_CANCELLED');
      if (r.status === 'RUNNING') throw refusalError(ctx.lang, 'RELEASE_RUNNING');
      const rows = await postedInterestOfRelease(tx, id);
      const journals = await journalDates(tx, [...new Set(rows.map((x) => x.journal_id))]);
      for (const j of journals) {
        if (!(await isPeriodOpen(tx, j.date))) {
          throw periodClosedError(j.date.slice(0, 7));
        }
      }
      const deposits = await lockDeposits(tx, [...new Set(rows.map((x) => x.deposit_id))]);
      const later = await depositsPaidLater(tx, id);
      for (const d of deposits) {
        const mine = rows.filter((x) => x.deposit_id === d.id);
        const blocked =
          !['ACTIVE', 'MATURED'].includes(d.status) ||
          mine.some((x) => x.term_no !== d.term_no) ||
          later.some((l) => l.deposit_id === d.id);
        if (blocked) throw refusalError(ctx.lang, 'RELEASE_NOT_CANCELLABLE', { number: d.account_number, status: d.status });
      }
      // Interest paid out of the holding account cannot be taken back by a cancellation.
      const paidOut = await paidOutOfHolding(tx, id);
      if (paidOut) throw refusalError(ctx.lang, 'RELEASE_PAID_OUT', { number: paidOut.account_number });
      // Savings that received interest give it back (their rules: open, enough balance).
      const savingIds = [
        ...new Set(rows.filter((x) => x.destination === 'SAVING' && x.saving_id && dec(x.net).gt(0)).map((x) => x.saving_id!)),
      ].sort();
      const savings = savingIds.length ? await lockAccounts(tx, savingIds, today(), null) : new Map();
      const back = new Map<string, Dec>();
      for (const x of rows)
        if (x.destination === 'SAVING' && x.saving_id) back.set(x.saving_id, (back.get(x.saving_id) ?? ZERO).plus(x.net));
      for (const [sid, amount] of back) {
        const a = savings.get(sid);
        assertCanMove(ctx, a);
        if (amount.gt(a.balance)) throw refusalError(ctx.lang, 'INTEREST_SAVING_SHORT', { number: a.account_number });
      }
      // Journals reversed (dated as the originals: their months are open); each one's savings legs go back with it.
      const reversals: string[] = [];
      for (const j of journals) {
        const group = crypto.randomUUID();
        const perSaving = new Map<string, Dec>();
        for (const x of rows)
          if (x.journal_id === j.id && x.destination === 'SAVING' && x.saving_id)
            perSaving.set(x.saving_id, (perSaving.get(x.saving_id) ?? ZERO).plus(x.net));
        for (const [sid, amount] of [...perSaving.entries()].sort(([a], [b]) => a.localeCompare(b))) {
          if (!amount.gt(0)) continue;
          await move(tx, ctx, savings.get(sid), {
            kind: 'WITHDRAW',
            activity: 'REVERSAL',
            amount,
            date: j.date,
            channel: channelOf(ctx),
            cashCoaId: null,
            groupId: group,
            description: `Pembatalan bunga deposito: ${why}`.slice(0, 500),
          });
        }
        const rev = await reverse(tx, ctx, j.id, why);
        reversals.push(rev.id);
        if (perSaving.size) await setGroupJournal(tx, group, rev.id);
      }
      await cancelMovementsOfJournals(
        tx,
        journals.map((j) => j.id),
        ctx.userId,
        why.slice(0, 500),
      );
      // The month's tax base and the deposits go back.
      const months = await lockTaxMonths(
        tx,
        rows.map((x) => ({ subject: x.tax_subject, month: x.tax_month })),
      );
      for (const x of rows) {
        const m = months.get(`${x.tax_subject}|${x.tax_month}`)!;
        m.gross = m.gross.minus(x.gross);
        m.tax = m.tax.minus(x.tax);
      }
      await saveTaxMonths(tx, [...months.values()]);
      for (const d of deposits) {
        const mine = rows.filter((x) => x.deposit_id === d.id);
        const g = mine.reduce((s, x) => s.plus(x.gross), ZERO);
        const t = mine.reduce((s, x) => s.plus(x.tax), ZERO);
        const first = mine.map((x) => x.period_from).sort()[0];
        await rewindDeposit(tx, d.id, { paidThrough: first, gross: g, tax: t, userId: ctx.userId });
      }
      await markReleaseCancelled(tx, id, ctx.userId, why.slice(0, 500));
      await audit(tx, ctx, {
        action: 'deposit.release_cancel',
        entity: 'deposit_release',
        entityId: id,
        before: { status: r.status, payments: rows.length, gross: r.total_gross, tax: r.total_tax },
        after: { status: 'CANCELLED', reason: why, reversals },
      });
      return releaseView((await findRelease(tx, id))!);
    },
    { idempotent: true, message: 'deposit.release_cancel_success' },
  );
}
