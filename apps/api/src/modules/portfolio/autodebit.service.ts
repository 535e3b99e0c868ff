/**
 * Auto debit of installments (docs/loans.md "Auto debit"): each day, every
 * running loan with auto debit on and an installment due by the day has its
 * due installments (fines, interest, principal, oldest first) taken from the
 * member's source-of-fund savings account through the loans payment itself
 * (loan_pay_many, source SAVING, kind PARTIAL: never more than is due), a
 * whole chunk of loans in one call. When the account may give less than is
 * due, the cooperative's setting decides: take what it can (PARTIAL) or
 * nothing (FAILED, INSUFFICIENT_BALANCE).
 *
 * Exactly once per loan and day, resumable after a crash:
 *  - claimChunk commits PENDING rows (unique loan + day) in chunks of loan ids
 *    with the run's cursor;
 *  - a chunk's payments and the rows' results commit in one transaction
 *    (`debitChunk`), so a row is PENDING exactly until its payment exists;
 *  - each payment still carries the key `auto-debit|<loan>|<day>`;
 *  - FAILED rows go back to PENDING only on a retry.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Db, Tx } from '../../db/db.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { type PayInput, payItem, payRefusal } from '../loans/loans.pay.ts';
import { payMany } from '../loans/loans.repo.ts';
import {
  autoDebitPlan,
  autoDebitSummary,
  claimChunk,
  finishRows,
  listAutoDebit,
  loadPortfolioSetting,
  type PendingRow,
  pendingRows,
  resetFailed,
  storeAnswers,
  storedPayment,
  storedPayments,
} from './autodebit.repo.ts';
import { formatRupiahCtx, today } from './portfolio.util.ts';

export interface AutoDebitOptions {
  /** FAILED rows of the day go back to PENDING first (one loan's with `loanId`). */
  retry?: boolean;
  loanId?: string;
  chunk?: number;
  /** Who asked (audit of the payments); the job runs without a user. */
  userId?: string | null;
  lang?: 'id' | 'en';
}

type Outcome = {
  id: string;
  status: 'PAID' | 'PARTIAL' | 'FAILED';
  due: Dec;
  paid: Dec;
  savingId: string | null;
  paymentId: string | null;
  errorCode: string | null;
  message: string | null;
};

const keyOf = (loanId: string, date: string) => `auto-debit|${loanId}|${date}`;

/**
 * One chunk of the day's PENDING rows in one transaction: the rows and their loans locked, what each would pay
 * (autoDebitPlan), then every payment in one call of loan_pay_many (kind PARTIAL from the source of fund: never
 * more than is due), the rows finished in the same transaction, so a row is PENDING exactly until its payment
 * commits. Each payment still carries the key `auto-debit|<loan>|<day>`: a payment an earlier version committed
 * before a crash is found by its key and not posted again. A second loan on the same account waits for the next
 * chunk (its available balance is read after the first's debit). Answers how many rows it finished.
 */
async function debitChunk(tx: Tx, ctx: Ctx, date: string, rows: PendingRow[], partial: boolean): Promise<number> {
  const lang = ctx.lang;
  const plans = new Map(
    (
      await autoDebitPlan(
        tx,
        date,
        rows.map((r) => r.loan_id),
      )
    ).map((p) => [p.loan_id, p]),
  );
  const before = await storedPayments(
    tx,
    rows.map((r) => keyOf(r.loan_id, date)),
  );
  const out: Outcome[] = [];
  const items: Array<{ row: PendingRow; due: Dec; savingId: string; item: Record<string, unknown> }> = [];
  const accounts = new Set<string>();
  for (const row of rows) {
    const p = plans.get(row.loan_id);
    const done = before.get(keyOf(row.loan_id, date));
    if (done) {
      // Paid before a crash cut the run short: the row takes that payment.
      const amount = dec(done.amount);
      const due = dec(row.due ?? 0).gt(amount) ? dec(row.due ?? 0) : amount;
      out.push({
        id: row.id,
        status: amount.gte(due) ? 'PAID' : 'PARTIAL',
        due,
        paid: amount,
        savingId: row.saving_id,
        paymentId: done.id,
        errorCode: null,
        message: null,
      });
      continue;
    }
    const due = p && p.status === 'RUNNING' ? dec(p.due) : ZERO;
    const available = dec(p?.available ?? 0);
    const base = { id: row.id, due, savingId: p?.saving_id ?? null, paymentId: null, paid: ZERO };
    if (due.lte(0)) out.push({ ...base, status: 'PAID', errorCode: null, message: null });
    else if (!p?.saving_id)
      out.push({ ...base, status: 'FAILED', errorCode: 'NO_SOURCE_OF_FUND', message: translate('portfolio.no_source_of_fund', lang) });
    else if ((!partial && available.lt(due)) || available.lte(0))
      out.push({
        ...base,
        status: 'FAILED',
        errorCode: 'INSUFFICIENT_BALANCE',
        message: translate('portfolio.balance_short', lang, {
          available: formatRupiahCtx(lang, available),
          due: formatRupiahCtx(lang, due),
        }),
      });
    else if (!accounts.has(p.saving_id)) {
      accounts.add(p.saving_id);
      const key = keyOf(row.loan_id, date);
      const payCtx: Ctx = { ...ctx, idem: { key, hash: key, method: 'POST', path: '/api/loan/auto-debit/run' } };
      const input: PayInput = {
        loanId: row.loan_id,
        kind: 'PARTIAL',
        amount: (available.gte(due) ? due : available).toFixed(2),
        source: 'SAVING',
        memberSavingId: p.saving_id,
        description: `Autodebet ${date}`,
      };
      items.push({ row, due, savingId: p.saving_id, item: payItem(payCtx, input, items.length, true) });
    }
  }
  const paid = items.length
    ? await payMany(
        tx,
        date,
        null,
        items.map((i) => i.item),
      )
    : [];
  const stored: Array<{ key: string; id: string; amount: Dec }> = [];
  for (const r of paid) {
    const { row, due, savingId, item } = items[r.ord];
    const base = { id: row.id, due, savingId };
    if (r.outcome === 'POSTED') {
      const amount = dec(item.amount as string);
      stored.push({ key: keyOf(row.loan_id, date), id: r.payment_id!, amount });
      out.push({
        ...base,
        status: amount.gte(due) ? 'PAID' : 'PARTIAL',
        paid: amount,
        paymentId: r.payment_id,
        errorCode: null,
        message: null,
      });
    } else if (r.outcome === 'REFUSED' || r.outcome === 'JOURNAL_REFUSED') {
      const err = payRefusal(ctx, r, date);
      out.push({
        ...base,
        status: 'FAILED',
        paid: ZERO,
        paymentId: null,
        errorCode: err.errorCode,
        message: translate(err.messageKey, lang, err.params),
      });
    } else {
      // RETRY: the key exists. Paid before a crash (its stored answer), or being paid right now (left PENDING).
      const done = await storedPayment(tx, keyOf(row.loan_id, date));
      if (!done) continue;
      const amount = dec(done.amount);
      out.push({ ...base, status: amount.gte(due) ? 'PAID' : 'PARTIAL', paid: amount, paymentId: done.id, errorCode: null, message: null });
    }
  }
  await storeAnswers(tx, stored);
  await finishRows(tx, out);
  return out.length;
}

/** A chunk that failed as a whole (a journal the ledger refused) goes again one row at a time; a row that still fails is FAILED. */
async function debitRows(ctx: Ctx, date: string, rows: PendingRow[], partial: boolean): Promise<number> {
  try {
    return await withTx(ctx, (tx) => debitChunk(tx, ctx, date, rows, partial));
  } catch (err) {
    if (rows.length === 1) {
      const e = err instanceof AppError ? err : null;
      await withTx(ctx, (tx) =>
        finishRows(tx, [
          {
            id: rows[0].id,
            status: 'FAILED',
            due: dec(rows[0].due ?? 0),
            paid: ZERO,
            savingId: rows[0].saving_id,
            paymentId: null,
            errorCode: e?.errorCode ?? 'INTERNAL_ERROR',
            message: e ? translate(e.messageKey, ctx.lang, e.params) : String((err as Error).message ?? err).slice(0, 500),
          },
        ]),
      );
      return 1;
    }
    let n = 0;
    for (const row of rows) n += await debitRows(ctx, date, [row], partial);
    return n;
  }
}

/**
 * The day's auto debit for one cooperative. Safe to call again at any time (the
 * job, the run/retry route, after a crash): it goes on from the cursor and
 * posts nothing twice. Answers the day's summary.
 */
export async function runAutoDebit(db: Db, tenantId: string, date: string = today(), o: AutoDebitOptions = {}) {
  if (date > today()) throw unprocessable('DATE_IN_FUTURE', 'portfolio.date_future', { date });
  const ctx = systemCtx(db, tenantId, { userId: o.userId ?? null, requestId: `auto-debit-${date}`, lang: o.lang ?? 'id' });
  const size = o.chunk ?? 200;
  const partial = await withTx(ctx, async (tx) => {
    if (o.retry) await resetFailed(tx, date, o.loanId);
    return (await loadPortfolioSetting(tx)).autoDebitPartial;
  });
  for (;;) {
    const claimed = await withTx(ctx, (tx) => claimChunk(tx, date, size));
    const rows = await withTx(ctx, (tx) => pendingRows(tx, date, size));
    const done = rows.length ? await debitRows(ctx, date, rows, partial) : 0;
    if (claimed === 0 && done === 0) break;
  }
  return autoDebitResult(ctx, date);
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
      message: r.message,
      attempts: r.attempts,
      updatedDate: r.updated_date.toISOString(),
    }));
    return { ...paged(content, rows[0]?.total ?? 0, q.page, q.limit), summary: summaryView(q.date, (await autoDebitSummary(tx, q.date))!) };
  });
}
