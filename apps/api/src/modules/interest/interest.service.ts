/**
 * Savings interest: the base-rate simulation, the release (resumable committed
 * chunks, exactly once per account and period) and its cancellation.
 * Tax: PP 15/2009 through SQL `interest_tax_withhold` (the simulation: its copy `monthlyInterestTax`) on the same per-subject month
 * rows (interest_tax_month) as the deposit interest, so a member's deposit and
 * savings interest of one month share the tax-free amount. docs/interest.md.
 */
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { taxSetting } from '../deposits/deposits.core.ts';
import { lockTaxMonths, saveTaxMonths } from '../deposits/deposits.repo.ts';
import { runBatch } from '../jobs/batch.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { closedBooksError, isPeriodOpen, periodClosedError, reverse } from '../ledger/posting.ts';
import { assertCanMove, channelOf, move } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import {
  addToRelease,
  callInterestChunk,
  findRelease,
  finishRelease,
  insertRelease,
  markReleaseCancelled,
  postedInterestOf,
  releaseExists,
  runningRelease,
  type SavingReleaseRow,
} from './interest.release.repo.ts';
import { countReleaseAccounts, releaseAccountsAfter } from './interest.repo.ts';
import { savingReleaseView } from './interest.reports.ts';

function field(code: string, key: string, name: string, params?: Record<string, unknown>) {
  return new AppError(422, code, key, params, [{ field: name, message: key }]);
}

export interface PeriodInput {
  startDate?: string;
  endDate?: string;
  productId?: string | null;
}

/** Period dates or a product are required; a product alone means the last full calendar month. */
export function resolvePeriod(b: PeriodInput): { start: string; end: string; productId: string | null } {
  let start = b.startDate;
  let end = b.endDate;
  if ((!start || !end) && !b.productId) throw field('PERIOD_REQUIRED', 'interest.period_required', 'startDate');
  if (!start || !end) {
    const now = todayJakarta();
    const [y, m] = now.split('-').map(Number);
    const first = new Date(Date.UTC(y, m - 2, 1));
    const last = new Date(Date.UTC(y, m - 1, 0));
    start = start ?? first.toISOString().slice(0, 10);
    end = end ?? last.toISOString().slice(0, 10);
  }
  if (end < start) throw field('PERIOD_INVALID', 'interest.period_invalid', 'endDate');
  return { start, end, productId: b.productId ?? null };
}

// ---------------------------------------------------------------- release

/** Chunks of the savings release at once, each on its own connection (runBatch `concurrency`); 1 on PGlite's one connection. */
export const savingReleaseTuning = { concurrency: 2 };

/**
 * POST interest-simulation/saving/release: pays the period's interest of every voluntary savings account (of the
 * product, when given) through `runBatch` (jobs/batch.ts: committed chunks of `chunkSize` accounts in (member,
 * account) order, on `savingReleaseTuning.concurrency` connections, each account once per release, resumable after
 * a kill). Each chunk is one call of SQL `saving_interest_chunk`: the balance basis, the tax, the admin fee, the
 * movements (TOPUP_INTEREST, WITHDRAW_TAX, WITHDRAW ADMIN_FEE) and one journal for the chunk. An account with a live
 * interest row overlapping the period is skipped (exactly once across releases); a run stopped half-way is resumed
 * by the next call with the same input.
 */
export async function releaseSavings(
  ctx: Ctx,
  b: PeriodInput & { chunkSize?: number; concurrency?: number },
  hooks?: { afterChunk?: (n: number) => void },
) {
  const { start, end, productId } = resolvePeriod(b);
  const now = todayJakarta();
  if (end >= now) throw field('RELEASE_FUTURE', 'interest.release_future', 'endDate', { today: now });
  const started = await withTx(ctx, async (tx) => {
    const running = await runningRelease(tx, start, end, productId);
    if (running) return running;
    const r = await insertRelease(tx, start, end, ctx.userId, productId);
    const row = r ? (await findRelease(tx, r.id))! : (await runningRelease(tx, start, end, productId))!;
    await audit(tx, ctx, {
      action: 'interest.saving_release_start',
      entity: 'saving_interest_release',
      entityId: row.id,
      after: { start, end, productId },
    });
    return row;
  });
  const setting = await withTx(ctx, (tx) => taxSetting(tx, ctx));
  const channel = ctx.principal ? channelOf(ctx) : 'SYSTEM';
  const concurrency = ctx.db.kind === 'pglite' ? 1 : (b.concurrency ?? savingReleaseTuning.concurrency);
  const size = b.chunkSize ?? 500;
  // One batch item per chunk of `size` accounts (key: its last account), so `job_item` holds one row per chunk, not
  // one per account: exactly once per account rests on saving_interest (the paid check under the account lock and
  // its unique index); a chunk re-read after a kill with other boundaries skips the accounts already paid.
  await runBatch<{ key: string; ids: string[] }>({
    db: ctx.db,
    tenantId: ctx.tenantId,
    name: 'interest.saving_release',
    key: started.id,
    userId: ctx.userId,
    chunkSize: 1,
    concurrency,
    total: async (tx) => Math.ceil((await countReleaseAccounts(tx, end, productId)) / size),
    items: async (tx, after) => {
      const rows = await releaseAccountsAfter(tx, { end, productId, after, limit: size });
      return rows.length ? [{ key: rows[rows.length - 1].key, ids: rows.map((i) => i.id) }] : [];
    },
    processChunk: async (tx, [range]) => {
      const r = await findRelease(tx, started.id);
      if (r?.status !== 'RUNNING') throw conflict('RELEASE_CANCELLED', 'interest.release_cancelled', {});
      const s = await payChunk(tx, r, range.ids, { userId: ctx.userId, channel, setting });
      await addToRelease(
        tx,
        r.id,
        { accounts: s.accounts, gross: dec(s.gross), tax: dec(s.tax), admin: dec(s.admin), net: dec(s.net) },
        null,
      );
      if (s.accounts)
        await audit(tx, ctx, {
          action: 'interest.saving_release_chunk',
          entity: 'saving_interest_release',
          entityId: r.id,
          after: { accounts: s.accounts, gross: s.gross, tax: s.tax, admin: s.admin, net: s.net, journals: [s.journal] },
        });
    },
    afterChunk: ({ chunk }) => hooks?.afterChunk?.(chunk),
  });
  return withTx(ctx, async (tx) => {
    const r = (await findRelease(tx, started.id, true))!;
    if (r.status === 'RUNNING') {
      await finishRelease(tx, r.id);
      await audit(tx, ctx, {
        action: 'interest.saving_release',
        entity: 'saving_interest_release',
        entityId: r.id,
        after: {
          start,
          end,
          productId,
          accounts: r.accounts,
          gross: r.total_gross,
          tax: r.total_tax,
          admin: r.total_admin,
          net: r.total_net,
        },
      });
    }
    return savingReleaseView((await findRelease(tx, started.id))!);
  });
}

/** One chunk: SQL saving_interest_chunk (the basis, tax, fee, movements and the chunk's journal); its refusals as typed errors. */
async function payChunk(
  tx: Tx,
  r: SavingReleaseRow,
  ids: string[],
  o: { userId: string | null; channel: string; setting: Awaited<ReturnType<typeof taxSetting>> },
) {
  try {
    const s = await callInterestChunk(tx, [
      r.id,
      `{${ids.join(',')}}`,
      r.start_date,
      r.end_date,
      r.product_id,
      o.userId,
      o.channel,
      o.setting.basis,
      dec(o.setting.rule.taxFreeAmount).toFixed(2),
      dec(o.setting.rule.ratePct).toFixed(4),
    ]);
    return { accounts: s.accounts, gross: s.gross, tax: s.tax, admin: s.admin, net: s.net, journal: s.journal_id };
  } catch (err) {
    const e = err as { code?: string; detail?: string };
    if (e.code === 'KI001') {
      const [product, role] = (e.detail ?? '|').split('|');
      throw unprocessable('PRODUCT_GL_MISSING', 'interest.gl_missing', { product, role });
    }
    throw closedBooksError(err) ?? err;
  }
}

/** Whether `id` is a savings interest release (the cancel dispatch of POST interest-simulation/{id}/cancel-release). */
export async function isSavingRelease(ctx: Ctx, id: string): Promise<boolean> {
  return withTx(ctx, (tx) => releaseExists(tx, id));
}

/** Cancels a savings interest release: each account's movements taken back, each journal reversed, the month's tax base restored. */
export async function cancelSavingRelease(ctx: Ctx, id: string, reason?: string | null) {
  return withTx(
    ctx,
    async (tx) => {
      const why = reason?.trim() || 'Pembatalan rilis jasa simpanan';
      const r = await findRelease(tx, id, true);
      if (!r) throw notFound('interest.release_not_found');
      if (r.status === 'CANCELLED') throw conflict('RELEASE_CANCELLED', 'interest.release_cancelled', {});
      if (r.status === 'RUNNING') throw unprocessable('RELEASE_RUNNING', 'interest.release_running');
      const rows = await postedInterestOf(tx, id);
      if (rows.length && !(await isPeriodOpen(tx, r.end_date))) throw periodClosedError(r.end_date.slice(0, 7));
      const accounts = rows.length ? await lockAccounts(tx, rows.map((x) => x.saving_id).sort(), todayJakarta(), null) : new Map();
      const channel = channelOf(ctx);
      const reversals: string[] = [];
      const reversalOf = new Map<string, string>();
      for (const x of rows) {
        const a = accounts.get(x.saving_id);
        assertCanMove(ctx, a);
        if (dec(x.net).gt(a.balance)) throw unprocessable('INTEREST_SAVING_SHORT', 'interest.saving_short', { number: a.account_number });
        const groupId = crypto.randomUUID();
        const base = {
          date: r.end_date,
          channel,
          cashCoaId: null,
          groupId,
          description: `Pembatalan jasa simpanan: ${why}`.slice(0, 500),
        } as const;
        if (dec(x.admin_fee).gt(0)) await move(tx, ctx, a, { ...base, kind: 'TOPUP', activity: 'REVERSAL', amount: dec(x.admin_fee) });
        if (dec(x.tax).gt(0)) await move(tx, ctx, a, { ...base, kind: 'TOPUP', activity: 'REVERSAL', amount: dec(x.tax) });
        if (dec(x.gross).gt(0)) await move(tx, ctx, a, { ...base, kind: 'WITHDRAW', activity: 'REVERSAL', amount: dec(x.gross) });
        // A chunk's accounts share one journal: reversed once.
        let rev = reversalOf.get(x.journal_id);
        if (!rev) {
          rev = (await reverse(tx, ctx, x.journal_id, why)).id;
          reversalOf.set(x.journal_id, rev);
          reversals.push(rev);
        }
        await setGroupJournal(tx, groupId, rev);
      }
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
      await markReleaseCancelled(
        tx,
        id,
        rows.map((x) => x.journal_id),
        ctx.userId,
        why.slice(0, 500),
      );
      await audit(tx, ctx, {
        action: 'interest.saving_release_cancel',
        entity: 'saving_interest_release',
        entityId: id,
        before: { status: r.status, accounts: rows.length, gross: r.total_gross, tax: r.total_tax, admin: r.total_admin },
        after: { status: 'CANCELLED', reason: why, reversals },
      });
      return savingReleaseView((await findRelease(tx, id))!);
    },
    { idempotent: true, message: 'interest.release_cancel_success' },
  );
}

export * from './interest.reports.ts';
