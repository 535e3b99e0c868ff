/**
 * Auto debit of installments (docs/loans.md "Auto debit"): each day, every
 * running loan with auto debit on and an installment due by the day has its
 * due installments (fines, interest, principal, oldest first) taken from the
 * member's source-of-fund savings account through the loans module's own
 * payment (`pay`, source SAVING, kind PARTIAL: never more than is due). When
 * the account may give less than is due, the cooperative's setting decides:
 * take what it can (PARTIAL) or nothing (FAILED, INSUFFICIENT_BALANCE).
 *
 * Exactly once per loan and day, resumable after a crash:
 *  - claimChunk commits PENDING rows (unique loan + day) in chunks of loan ids
 *    with the run's cursor;
 *  - each row is paid with the Idempotency-Key `auto-debit|<loan>|<day>`
 *    (a constant request hash), so a payment committed before a crash is
 *    replayed, not posted again, when the row is processed once more;
 *  - FAILED rows go back to PENDING only on a retry.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, IdempotentReplay, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { figures, scheduleTargets } from '../loans/loans.engine.ts';
import { pay } from '../loans/loans.money.ts';
import { findLoan, installments } from '../loans/loans.repo.ts';
import { withdrawable } from '../savings/savings.core.ts';
import { lockAccounts } from '../savings/savings.repo.ts';
import {
  autoDebitSummary,
  claimChunk,
  finishRow,
  listAutoDebit,
  loadPortfolioSetting,
  markPlanned,
  type PendingRow,
  pendingRows,
  resetFailed,
  sourceOfFund,
  storedPayment,
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
  status: 'PAID' | 'PARTIAL' | 'FAILED';
  due: Dec;
  paid: Dec;
  savingId: string | null;
  paymentId: string | null;
  errorCode: string | null;
  message: string | null;
};

/** What one loan would pay today: due amount, the account and what it may give. Read in its own short transaction. */
async function plan(ctx: Ctx, rowId: string, loanId: string, date: string, partial: boolean) {
  return withTx(ctx, async (tx) => {
    const l = await findLoan(tx, loanId);
    if (l?.status !== 'RUNNING') return { due: ZERO, amount: ZERO, savingId: null, code: null };
    const f = figures(l, await installments(tx, l.id, l.schedule_no), date);
    const due = scheduleTargets(f)
      .filter((t) => f[t.index].isDue)
      .reduce((s, t) => s.plus(t.fine).plus(t.interest).plus(t.principal), ZERO);
    const savingId = await sourceOfFund(tx, l.member_id);
    if (!savingId) return { due, amount: ZERO, savingId: null, code: 'NO_SOURCE_OF_FUND' as const };
    const a = (await lockAccounts(tx, [savingId], date, null)).get(savingId);
    const available = a && a.status === 'ACTIVE' ? withdrawable(a).available : ZERO;
    if (!partial && available.lt(due)) return { due, amount: ZERO, savingId, code: 'INSUFFICIENT_BALANCE' as const, available };
    if (available.lte(0) && due.gt(0)) return { due, amount: ZERO, savingId, code: 'INSUFFICIENT_BALANCE' as const, available };
    // What is about to be debited is committed with the row before the payment (a resumed run reads it back).
    await markPlanned(tx, rowId, due, savingId);
    return { due, amount: available.gte(due) ? due : available, savingId, code: null };
  });
}

/** A payment this row already made (committed before a crash): the stored answer of its Idempotency-Key. */
async function alreadyPaid(ctx: Ctx, key: string) {
  return withTx(ctx, (tx) => storedPayment(tx, key));
}

async function debitOne(db: Db, tenantId: string, row: PendingRow, date: string, partial: boolean, o: AutoDebitOptions): Promise<Outcome> {
  const lang = o.lang ?? 'id';
  const ctx = systemCtx(db, tenantId, { userId: o.userId ?? null, requestId: `auto-debit-${date}`, lang });
  const key = `auto-debit|${row.loan_id}|${date}`;
  const done = await alreadyPaid(ctx, key);
  if (done) {
    const paid = dec(done.amount);
    const due = dec(row.due);
    return {
      status: paid.gte(due) ? 'PAID' : 'PARTIAL',
      due: due.gt(paid) ? due : paid,
      paid,
      savingId: row.saving_id,
      paymentId: done.id,
      errorCode: null,
      message: null,
    };
  }
  const p = await plan(ctx, row.id, row.loan_id, date, partial);
  const base = { due: p.due, savingId: p.savingId, paymentId: null };
  if (p.code === 'NO_SOURCE_OF_FUND')
    return { ...base, status: 'FAILED', paid: ZERO, errorCode: p.code, message: translate('portfolio.no_source_of_fund', lang) };
  if (p.code === 'INSUFFICIENT_BALANCE')
    return {
      ...base,
      status: 'FAILED',
      paid: ZERO,
      errorCode: p.code,
      message: translate('portfolio.balance_short', lang, {
        available: formatRupiahCtx(lang, p.available ?? ZERO),
        due: formatRupiahCtx(lang, p.due),
      }),
    };
  if (p.due.lte(0)) return { ...base, status: 'PAID', paid: ZERO, errorCode: null, message: null };
  const payCtx: Ctx = { ...ctx, idem: { key, hash: key, method: 'POST', path: '/api/loan/auto-debit/run' } };
  let payment: { id: string; amount: Dec | number | string };
  try {
    const r = await pay(payCtx, {
      loanId: row.loan_id,
      kind: 'PARTIAL',
      amount: Number(p.amount.toFixed(2)),
      source: 'SAVING',
      memberSavingId: p.savingId,
      description: `Autodebet ${date}`,
    });
    payment = r.payment as { id: string; amount: Dec };
  } catch (err) {
    if (err instanceof IdempotentReplay) {
      payment = (err.body as { data: { payment: { id: string; amount: number } } }).data.payment;
    } else if (err instanceof AppError) {
      return { ...base, status: 'FAILED', paid: ZERO, errorCode: err.errorCode, message: translate(err.messageKey, lang, err.params) };
    } else throw err;
  }
  const paid = dec(payment.amount);
  return { ...base, status: paid.gte(p.due) ? 'PAID' : 'PARTIAL', paid, paymentId: payment.id, errorCode: null, message: null };
}

/**
 * The day's auto debit for one cooperative. Safe to call again at any time (the
 * job, the run/retry route, after a crash): it goes on from the cursor and
 * posts nothing twice. Answers the day's summary.
 */
export async function runAutoDebit(db: Db, tenantId: string, date: string = today(), o: AutoDebitOptions = {}) {
  if (date > today()) throw unprocessable('DATE_IN_FUTURE', 'portfolio.date_future', { date });
  const ctx = systemCtx(db, tenantId, { userId: o.userId ?? null, lang: o.lang ?? 'id' });
  const size = o.chunk ?? 200;
  const partial = await withTx(ctx, async (tx) => {
    if (o.retry) await resetFailed(tx, date, o.loanId);
    return (await loadPortfolioSetting(tx)).autoDebitPartial;
  });
  for (;;) {
    const claimed = await withTx(ctx, (tx) => claimChunk(tx, date, size));
    const rows = await withTx(ctx, (tx) => pendingRows(tx, date, size));
    for (const row of rows) {
      const out = await debitOne(db, tenantId, row, date, partial, o);
      await withTx(ctx, (tx) => finishRow(tx, row.id, out));
    }
    if (claimed === 0 && rows.length === 0) break;
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
