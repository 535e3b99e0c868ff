/**
 * Loan payments (installments, partial, open amount, pay in full) through the
 * SQL function loan_pay_many (docs/loans.md "Payments" and "Performance"):
 * the loan locked, fines counted to the day, the amount allocated fine →
 * interest → principal oldest installment first (loan_pay_plan.sql, the one
 * allocation rule), every rule, the journal (ledger_post_arrays), the
 * installments, the loan's totals, the savings leg, the payment, history and
 * audit rows in one statement. A refusal comes back as a code and its
 * parameters; money/refusals.ts gives the message. TypeScript builds the
 * items and the answers.
 *
 * `pay` runs one payment in its own transaction (the Idempotency-Key claimed
 * by withTx); `submitPayment` queues it for the next batch (loans.batch.ts),
 * which falls back to `pay` for what a batch cannot decide.
 */

import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { periodLabel } from '../ledger/dates.ts';
import { isRefusalCode, refusalError } from '../money/refusals.ts';
import { channelOf, isAgentCtx, today } from '../savings/savings.core.ts';
import { loadGrading } from './loans.portfolio.ts';
import { findLoans, findPayments, type PayRow, payMany } from './loans.repo.ts';
import { loanView, paymentView } from './loans.views.ts';

export interface PayInput {
  loanId: string;
  kind: 'INSTALLMENT' | 'PARTIAL' | 'OPEN_AMOUNT' | 'PAYOFF';
  count?: number;
  amount?: number | string;
  source?: 'CASH' | 'SAVING';
  coaId?: string | null;
  memberSavingId?: string | null;
  description?: string | null;
}

export type PayAnswer = { payment: ReturnType<typeof paymentView>; loan: ReturnType<typeof loanView> };

export const agentOf = (ctx: Ctx) => (isAgentCtx(ctx) ? ctx.userId : null);

/** The success message of a payment kind (the answer's and the stored replay's). */
export const payMessage = (kind: PayInput['kind']) => (kind === 'PAYOFF' ? 'loan.paid_off' : 'loan.paid');

/** One payment as loan_pay_many takes it. `withKey`: the function claims the Idempotency-Key (batches). */
export function payItem(ctx: Ctx, b: PayInput, ord: number, withKey: boolean): Record<string, unknown> {
  const source = b.source ?? 'CASH';
  const idem = withKey ? ctx.idem : undefined;
  const cached = withKey && ctx.principalCheck && ctx.principal?.digest ? ctx.principal : null;
  return {
    ord,
    loan: b.loanId,
    kind: b.kind,
    cnt: b.count ?? 1,
    amount: b.kind === 'PARTIAL' || b.kind === 'OPEN_AMOUNT' ? dec(b.amount ?? 0).toFixed(2) : null,
    source,
    coa: source === 'CASH' ? (b.coaId ?? null) : null,
    saving: source === 'SAVING' ? (b.memberSavingId ?? null) : null,
    usr: ctx.userId,
    holder_ok: null,
    channel: channelOf(ctx),
    description: b.description?.trim() || null,
    grp: crypto.randomUUID(),
    journal: uuidv7(),
    request_id: ctx.requestId,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    idem_key: idem?.key ?? null,
    idem_hash: idem?.hash ?? null,
    idem_method: idem?.method ?? null,
    idem_path: idem?.path ?? null,
    session: cached?.sessionId ?? null,
    digest: cached?.digest ?? null,
  };
}

/** The error of a payment the function refused (nothing written). */
export function payRefusal(ctx: Ctx, r: PayRow, date: string): AppError {
  if (r.outcome === 'REFUSED' && isRefusalCode(r.refusal))
    return refusalError(ctx.lang, r.refusal, r.refusal_detail ? JSON.parse(r.refusal_detail) : {});
  if (r.outcome === 'JOURNAL_REFUSED') {
    // The ledger engine's refusals (ledger_post_arrays p_soft), as posting.ts answers them.
    if (r.refusal === 'PERIOD_CLOSED') {
      const params = { periode: periodLabel(date) };
      return new AppError(422, 'PERIOD_CLOSED', 'ledger.period_closed', params, [{ field: 'date', message: 'ledger.period_closed' }]);
    }
    if (r.refusal === 'ACCOUNT_INACTIVE' || r.refusal === 'ACCOUNT_NOT_POSTABLE')
      return new AppError(422, r.refusal, r.refusal === 'ACCOUNT_INACTIVE' ? 'ledger.account_inactive' : 'ledger.account_not_postable', {
        code: '',
        name: '',
      });
    return new AppError(404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found');
  }
  return new Error(`loan_pay_many: unexpected ${r.outcome} ${r.refusal ?? ''}`) as AppError;
}

/** The answers of written payments: the payment and the loan after it (two reads for the whole batch). */
export async function payAnswers(tx: Tx, tenantId: string, date: string, rows: PayRow[]): Promise<Map<number, PayAnswer>> {
  const out = new Map<number, PayAnswer>();
  if (!rows.length) return out;
  const pays = new Map(
    (
      await findPayments(
        tx,
        rows.map((r) => r.payment_id!),
      )
    ).map((p) => [p.id, p]),
  );
  const loans = new Map((await findLoans(tx, [...new Set([...pays.values()].map((p) => p.loan_id))])).map((l) => [l.id, l]));
  const grading = await loadGrading(tx, tenantId);
  for (const r of rows) {
    const p = pays.get(r.payment_id!)!;
    out.set(r.ord, {
      payment: paymentView(p),
      loan: loanView(loans.get(p.loan_id)!, undefined, date, grading, { daysLate: r.days_late ?? 0, overdueCount: r.overdue_count ?? 0 }),
    });
  }
  return out;
}

/** One payment in its own transaction. */
export async function pay(ctx: Ctx, b: PayInput): Promise<PayAnswer> {
  return withTx(
    ctx,
    async (tx) => {
      const date = today();
      const [r] = await payMany(tx, date, agentOf(ctx), [payItem(ctx, b, 0, false)]);
      if (r?.outcome !== 'POSTED') throw payRefusal(ctx, r, date);
      return (await payAnswers(tx, ctx.tenantId, date, [r])).get(0)!;
    },
    { idempotent: true, message: payMessage(b.kind) },
  );
}
