/**
 * The monthly deposit interest release (resumable chunks through runBatch, on two connections) and its
 * cancellation (docs/deposits.md "Release").
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Ctx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { runBatch } from '../jobs/batch.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { isPeriodOpen, reverse } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import { assertCanMove, channelOf, move } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { payDueIds } from './deposits.core.ts';
import { dueDepositsAfter, lockDeposits, lockTaxMonths, saveTaxMonths } from './deposits.repo.ts';

const today = (): string => todayJakarta();

function field(errorCode: string, key: string, name: string, params?: Record<string, unknown>, status = 422) {
  return new AppError(status, errorCode, key, params, [{ field: name, message: key }]);
}

export interface ReleaseRow {
  id: string;
  from_date: string;
  to_date: string;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  cursor: string | null;
  deposits: number;
  payments: number;
  chunks: number;
  total_gross: Dec;
  total_tax: Dec;
  total_net: Dec;
  created_date: Date;
  finished_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

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
  if (fromDate > now) throw field('RELEASE_FUTURE', 'deposit.release_future', 'fromDate', { today: now });
  const through = toDate < now ? toDate : now;
  const started = await withTx(ctx, async (tx) => {
    const running = await tx.one<ReleaseRow>(
      `SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND from_date = $1 AND to_date = $2 AND status = 'RUNNING'`,
      [fromDate, toDate],
    );
    if (running) return running;
    const r = await tx.one<ReleaseRow>(
      `INSERT INTO deposit_release (tenant_id, from_date, to_date, status, created_by) VALUES (app_tenant(), $1, $2, 'RUNNING', $3)
       ON CONFLICT (tenant_id, from_date, to_date) WHERE status = 'RUNNING' DO NOTHING RETURNING *`,
      [fromDate, toDate, ctx.userId],
    );
    const row =
      r ??
      (await tx.one<ReleaseRow>(
        `SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND from_date = $1 AND to_date = $2 AND status = 'RUNNING'`,
        [fromDate, toDate],
      ))!;
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
      const r = await tx.one<{ status: string }>('SELECT status FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1', [
        started.id,
      ]);
      if (r?.status !== 'RUNNING') throw conflict('RELEASE_CANCELLED', 'deposit.release_cancelled', {});
      const ids = items.map((i) => i.id);
      const s = await payDueIds(tx, ctx, ids, { through, releaseId: started.id });
      await tx.exec(
        `UPDATE deposit_release SET deposits = deposits + $2, payments = payments + $3, chunks = chunks + 1,
                total_gross = total_gross + $4, total_tax = total_tax + $5, total_net = total_net + $6
         WHERE tenant_id = app_tenant() AND id = $1`,
        [started.id, s.deposits, s.payments, s.gross.toFixed(2), s.tax.toFixed(2), s.net.toFixed(2)],
      );
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
    const r = (await tx.one<ReleaseRow>('SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [
      started.id,
    ]))!;
    if (r.status === 'RUNNING') {
      await tx.exec(`UPDATE deposit_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
        r.id,
      ]);
      await audit(tx, ctx, {
        action: 'deposit.release',
        entity: 'deposit_release',
        entityId: r.id,
        after: { fromDate, toDate, deposits: r.deposits, payments: r.payments, gross: r.total_gross, tax: r.total_tax, net: r.total_net },
      });
    }
    return releaseView(
      (await tx.one<ReleaseRow>('SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1', [started.id]))!,
    );
  });
}

interface InterestRow {
  id: string;
  deposit_id: string;
  term_no: number;
  period_from: string;
  due_date: string;
  gross: Dec;
  tax: Dec;
  net: Dec;
  destination: string;
  saving_id: string | null;
  tax_subject: string;
  tax_month: string;
  journal_id: string;
}

/** POST interest-simulation/{id}/cancel-release: reverses a release's journals and payments; refused when a month is closed. */
export async function cancelRelease(ctx: Ctx, id: string, reason?: string | null) {
  return withTx(
    ctx,
    async (tx) => {
      const why = reason?.trim() || 'Pembatalan rilis bunga deposito';
      const r = await tx.one<ReleaseRow>('SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
      if (!r) throw notFound('deposit.release_not_found');
      if (r.status === 'CANCELLED') throw conflict('RELEASE_CANCELLED', 'deposit.release_cancelled', {});
      if (r.status === 'RUNNING') throw unprocessable('RELEASE_RUNNING', 'deposit.release_running');
      const rows = await tx.query<InterestRow>(
        `SELECT id, deposit_id, term_no, to_char(period_from, 'YYYY-MM-DD') AS period_from, to_char(due_date, 'YYYY-MM-DD') AS due_date, gross, tax, net,
                destination, saving_id, tax_subject, to_char(tax_month, 'YYYY-MM-DD') AS tax_month, journal_id
         FROM deposit_interest WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED' ORDER BY deposit_id, due_date`,
        [id],
      );
      const journalDates = await tx.query<{ id: string; date: string }>(
        `SELECT id, to_char(date, 'YYYY-MM-DD') AS date FROM journal WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])`,
        [`{${[...new Set(rows.map((x) => x.journal_id))].join(',')}}`],
      );
      for (const j of journalDates) {
        if (!(await isPeriodOpen(tx, j.date))) {
          throw new AppError(422, 'PERIOD_CLOSED', 'ledger.period_closed', { periode: j.date.slice(0, 7) });
        }
      }
      const deposits = await lockDeposits(tx, [...new Set(rows.map((x) => x.deposit_id))]);
      const later = await tx.query<{ deposit_id: string }>(
        `SELECT DISTINCT i.deposit_id FROM deposit_interest i JOIN deposit_interest mine ON mine.tenant_id = i.tenant_id AND mine.deposit_id = i.deposit_id
         WHERE i.tenant_id = app_tenant() AND mine.release_id = $1 AND mine.status = 'POSTED' AND i.status = 'POSTED'
           AND (i.release_id IS DISTINCT FROM $1) AND i.due_date > mine.due_date`,
        [id],
      );
      for (const d of deposits) {
        const mine = rows.filter((x) => x.deposit_id === d.id);
        const blocked =
          !['ACTIVE', 'MATURED'].includes(d.status) ||
          mine.some((x) => x.term_no !== d.term_no) ||
          later.some((l) => l.deposit_id === d.id);
        if (blocked)
          throw unprocessable('RELEASE_NOT_CANCELLABLE', 'deposit.release_cancel_blocked', { number: d.account_number, status: d.status });
      }
      // Interest paid out of the holding account cannot be taken back by a cancellation.
      const paidOut = await tx.one<{ account_number: string }>(
        `SELECT d.account_number FROM deposit_holding h JOIN deposit_interest i ON i.tenant_id = h.tenant_id AND i.id = h.interest_id
         JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
         WHERE h.tenant_id = app_tenant() AND i.release_id = $1 AND i.status = 'POSTED' AND h.status = 'PAID' LIMIT 1`,
        [id],
      );
      if (paidOut) throw unprocessable('RELEASE_NOT_CANCELLABLE', 'deposit.release_cancel_paid_out', { number: paidOut.account_number });
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
        if (amount.gt(a.balance))
          throw unprocessable('INTEREST_SAVING_SHORT', 'deposit.interest_saving_short', { number: a.account_number });
      }
      // Journals reversed (dated as the originals: their months are open); each one's savings legs go back with it.
      const reversals: string[] = [];
      for (const j of journalDates) {
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
      await tx.exec(
        `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
         WHERE tenant_id = app_tenant() AND journal_id = ANY($1::uuid[]) AND status = 'POSTED'`,
        [`{${journalDates.map((j) => j.id).join(',')}}`, ctx.userId, why.slice(0, 500)],
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
        await tx.exec(
          `UPDATE deposit SET paid_through = $2, interest_paid = interest_paid - $3, tax_paid = tax_paid - $4, status = 'ACTIVE', updated_by = $5
           WHERE tenant_id = app_tenant() AND id = $1`,
          [d.id, first, g.toFixed(2), t.toFixed(2), ctx.userId],
        );
      }
      await tx.exec(
        `UPDATE deposit_holding h SET status = 'CANCELLED' FROM deposit_interest i
         WHERE h.tenant_id = app_tenant() AND i.tenant_id = h.tenant_id AND i.id = h.interest_id AND i.release_id = $1 AND i.status = 'POSTED'
           AND h.status = 'OPEN'`,
        [id],
      );
      await tx.exec(
        `UPDATE deposit_interest SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED'`,
        [id],
      );
      await tx.exec(
        `UPDATE deposit_release SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3 WHERE tenant_id = app_tenant() AND id = $1`,
        [id, ctx.userId, why.slice(0, 500)],
      );
      await audit(tx, ctx, {
        action: 'deposit.release_cancel',
        entity: 'deposit_release',
        entityId: id,
        before: { status: r.status, payments: rows.length, gross: r.total_gross, tax: r.total_tax },
        after: { status: 'CANCELLED', reason: why, reversals },
      });
      return releaseView((await tx.one<ReleaseRow>('SELECT * FROM deposit_release WHERE tenant_id = app_tenant() AND id = $1', [id]))!);
    },
    { idempotent: true, message: 'deposit.release_cancel_success' },
  );
}
