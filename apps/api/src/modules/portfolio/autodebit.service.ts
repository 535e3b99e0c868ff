/**
 * Auto debit of installments (docs/loans.md "Auto debit"): each day, every running loan with auto debit on and an
 * installment due by the day has what is due (fines, interest, principal, oldest first) taken from the member's
 * source-of-fund savings account through the loans payment itself, set-based: one call of
 * db/functions/loan_autodebit_chunk.sql per chunk of loans (loan_pay_plan says what is due, loan_pay_many pays:
 * kind PARTIAL from the source of fund, one journal per payment). When the account may give less than is due, the
 * cooperative's setting decides: take what it can (PARTIAL) or nothing (FAILED, INSUFFICIENT_BALANCE).
 *
 * Exactly once per loan and day, resumable after kill -9: the day's run is a runBatch (jobs/batch.ts, name
 * 'loan.autodebit', key = the day): committed chunks of loans in id order after the run's cursor, each loan once per
 * run (job_item), on `autoDebitTuning.concurrency` connections; a chunk's payments, its rows of the day
 * (loan_auto_debit, unique per loan and day) and the cursor commit together. A loan whose row of the day is done is
 * left alone by the function whatever calls it, so a second run, a retry or a rerun of a chunk posts nothing twice.
 * Loans due that the finished day's run never reached (auto debit turned on later that day) go in a late run
 * (`loan.autodebit.late`, lateRunKey). A retry is its own runBatch over the day's FAILED rows (one loan's with `loanId`).
 */
import { dec } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { type BatchSpec, runBatch } from '../jobs/batch.ts';
import { numberPending } from '../ledger/posting.ts';
import { payRefusal } from '../loans/loans.pay.ts';
import type { PayRow } from '../loans/loans.repo.ts';
import {
  type AutoDebitItem,
  type AutoDebitListRow,
  autoDebitSummary,
  DAY_RUN,
  debitChunk,
  dueLoansAfter,
  failedLoansAfter,
  LATE_RUN,
  lateRunKey,
  listAutoDebit,
  loadPortfolioSetting,
  type PortfolioSetting,
  savePortfolioSetting,
} from './autodebit.repo.ts';
import { formatRupiahCtx, today } from './portfolio.util.ts';

export interface AutoDebitOptions {
  /** The day's FAILED rows (one loan's with `loanId`) are tried again, after the day's run. */
  retry?: boolean;
  loanId?: string;
  chunk?: number;
  /** Chunks at once, each on its own connection (1 on PGlite). */
  concurrency?: number;
  /** Who asked (audit of the payments); the job runs without a user. */
  userId?: string | null;
  lang?: 'id' | 'en';
  /** Called after each committed chunk (the bench and tests stop a run there). */
  afterChunk?: (done: number) => void | Promise<void>;
}

/** Loans per chunk and chunks at once (the bench's figures, docs/loans.md "Auto debit"). */
export const autoDebitTuning = { chunk: 500, concurrency: 2 };

/**
 * The day's auto debit for one cooperative. Safe to call again at any time (the job, the run/retry route, after a
 * crash): the day's run goes on from its cursor, and nothing is posted twice. Answers the day's summary.
 */
export async function runAutoDebit(db: Db, tenantId: string, date: string = today(), o: AutoDebitOptions = {}) {
  if (date > today()) throw unprocessable('DATE_IN_FUTURE', 'portfolio.date_future', { date });
  const ctx = systemCtx(db, tenantId, { userId: o.userId ?? null, requestId: `auto-debit-${date}`, lang: o.lang ?? 'id' });
  const { autoDebitPartial: partial } = await withTx(ctx, (tx) => loadPortfolioSetting(tx));
  const base = {
    db,
    tenantId,
    userId: o.userId ?? null,
    chunkSize: o.chunk ?? autoDebitTuning.chunk,
    concurrency: db.kind === 'pglite' ? 1 : (o.concurrency ?? autoDebitTuning.concurrency),
    afterChunk: o.afterChunk ? (i: { done: number }) => o.afterChunk!(i.done) : undefined,
  };
  const work = { partial, userId: o.userId ?? null, requestId: ctx.requestId };
  /** One resumable run of the day over `items`: each chunk of loans is one call of the SQL function. */
  const run = (name: string, key: string, items: BatchSpec<AutoDebitItem>['items'], retry: boolean) =>
    runBatch<AutoDebitItem>({
      ...base,
      name,
      key,
      items,
      processChunk: async (tx, chunk) => {
        await debitChunk(
          tx,
          date,
          chunk.map((i) => i.id),
          { ...work, retry },
        );
      },
    });
  const due: BatchSpec<AutoDebitItem>['items'] = (tx, after, limit) => dueLoansAfter(tx, date, after, limit);
  await run(DAY_RUN, date, due, false);
  // Loans due that the day's run did not reach because it had finished before their auto debit was turned on (the
  // hourly job runs the day early; a manager turns a loan's auto debit on and presses Run): a late run of their own,
  // resumable as the day's, found again by the next call if this one dies (lateRunKey). Never twice a loan and day:
  // the day's done rows are not items and the function leaves them alone.
  const late = await withTx(ctx, (tx) => lateRunKey(tx, date));
  if (late) await run(LATE_RUN, late, due, false);
  if (o.retry)
    await run(
      'loan.autodebit.retry',
      `${date}|${o.loanId ?? '*'}|${crypto.randomUUID()}`,
      (tx, after, limit) => failedLoansAfter(tx, date, after, limit, o.loanId),
      true,
    );
  // The payments' journals were posted unnumbered (two chunks at once do not wait for each other's counter): numbered
  // now rather than by the next tick of the numbering job.
  await numberPending(db, tenantId);
  return autoDebitResult(ctx, date);
}

/** A FAILED row's message in the reader's language: the portfolio's own two, or the payment's refusal (refusals.ts). */
function messageOf(lang: 'id' | 'en', r: AutoDebitListRow): string | null {
  if (r.message || !r.error_code) return r.message;
  if (r.error_code === 'NO_SOURCE_OF_FUND') return translate('portfolio.no_source_of_fund', lang);
  const d = r.error_detail ?? {};
  if (r.error_code === 'INSUFFICIENT_BALANCE') {
    const detail = d.detail ? (JSON.parse(d.detail) as { available?: string }) : {};
    return translate('portfolio.balance_short', lang, {
      available: formatRupiahCtx(lang, dec(detail.available ?? 0)),
      due: formatRupiahCtx(lang, dec(r.due)),
    });
  }
  const row = { outcome: d.outcome ?? 'REFUSED', refusal: r.error_code, refusal_detail: d.detail ?? null, refusal_line: d.line ?? null };
  const err = payRefusal({ lang } as Ctx, row as PayRow, r.run_date);
  return err.messageKey ? translate(err.messageKey, lang, err.params) : err.message;
}

export async function autoDebitResult(ctx: Ctx, date: string) {
  return withTx(ctx, async (tx) => {
    return summaryView(date, (await autoDebitSummary(tx, date))!);
  });
}

function summaryView(date: string, s: NonNullable<Awaited<ReturnType<typeof autoDebitSummary>>>) {
  return { date, runStatus: s.run_status, paid: s.paid, partial: s.partial, failed: s.failed, pending: s.pending, amount: dec(s.amount) };
}

export async function autoDebitList(
  ctx: Ctx,
  q: { date: string; status?: string; search?: string; page: number; limit: number },
  all = false,
) {
  return withTx(ctx, async (tx) => {
    const rows = await listAutoDebit(tx, { ...q, all });
    const content = rows.map((r) => ({
      id: r.id,
      runDate: r.run_date,
      loanId: r.loan_id,
      loanNumber: r.loan_number,
      memberId: r.member_id,
      memberName: r.member_name,
      cifNumber: r.cif_number,
      productName: r.product_name,
      accountNumber: r.account_number,
      status: r.status,
      due: dec(r.due),
      paid: dec(r.paid),
      paymentId: r.payment_id,
      errorCode: r.error_code,
      message: messageOf(ctx.lang, r),
      attempts: r.attempts,
      updatedDate: r.updated_date.toISOString(),
    }));
    return { ...paged(content, rows[0]?.total ?? 0, q.page, q.limit), summary: summaryView(q.date, (await autoDebitSummary(tx, q.date))!) };
  });
}

/** POST loan/auto-debit/run: the day's run (and retry), audited as the user's. */
export async function runAutoDebitAudited(ctx: Ctx, date: string, b: { retry?: boolean; loanId?: string }) {
  const r = await runAutoDebit(ctx.db, ctx.tenantId, date, { retry: b.retry, loanId: b.loanId, userId: ctx.userId, lang: ctx.lang });
  await withTx(ctx, (tx) =>
    audit(tx, ctx, { action: 'loan.auto_debit', entity: 'loan_auto_debit', after: { ...r, retry: Boolean(b.retry) } }),
  );
  return r;
}

export async function portfolioSetting(ctx: Ctx) {
  return withTx(ctx, (tx) => loadPortfolioSetting(tx));
}

/** PUT loan/portfolio-setting: saved and audited (before and after). */
export async function changePortfolioSetting(ctx: Ctx, s: PortfolioSetting) {
  return withTx(ctx, async (tx) => {
    const before = await loadPortfolioSetting(tx);
    await savePortfolioSetting(tx, s, ctx.userId);
    await audit(tx, ctx, { action: 'loan.portfolio_setting', entity: 'portfolio_setting', before, after: s });
    return loadPortfolioSetting(tx);
  });
}
