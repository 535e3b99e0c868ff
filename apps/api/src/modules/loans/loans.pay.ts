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
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, IdempotentReplay } from '../../lib/errors.ts';
import { withJsonText } from '../../lib/http.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { periodLabel } from '../ledger/dates.ts';
import { numberJournals } from '../ledger/posting.ts';
import { isRefusalCode, refusalError } from '../money/refusals.ts';
import { channelOf, isAgentCtx, today } from '../savings/savings.core.ts';
import { gradingOf } from './loans.portfolio.ts';
import { type PayRow, payMany } from './loans.repo.ts';
import { type LoanViewRow, loanView, type PaymentViewRow, paymentView } from './loans.views.ts';

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
    grp: uuidv7(),
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

/** The fields of a payment's answer that loan_pay_many returns as `pay_<field>` (loan_pay_answer.sql). */
const PAY_FIELDS = [
  'id',
  'loan_id',
  'journal_id',
  'kind',
  'payment_date',
  'amount',
  'principal',
  'interest',
  'fine',
  'source',
  'saving_id',
  'status',
  'description',
  'created_by_name',
  'created_date',
] as const satisfies ReadonlyArray<keyof PaymentViewRow>;

/** The loan's, as `loan_<field>`. */
const LOAN_FIELDS = [
  'id',
  'loan_number',
  'member_id',
  'member_name',
  'cif_number',
  'product_id',
  'product_name',
  'product_code',
  'terms_version',
  'status',
  'amount',
  'tenor',
  'interest_rate',
  'interest_method',
  'installment_method',
  'rounding_multiple',
  'due_day',
  'installment_amount',
  'purpose',
  'criteria',
  'guarantor',
  'guarantor_verified',
  'collateral_verified',
  'interview_notes',
  'survey_notes',
  'tag',
  'is_auto_debit',
  'admin_fee',
  'provision_fee',
  'other_costs',
  'net_disbursed',
  'remaining_principal',
  'principal_paid',
  'principal_paid_before_migration',
  'interest_paid',
  'fine_paid',
  'application_date',
  'approved_date',
  'release_date',
  'first_installment_date',
  'maturity_date',
  'paid_off_date',
  'decision_reason',
  'description',
  'officer_name',
  'created_date',
] as const satisfies ReadonlyArray<keyof LoanViewRow>;

function fieldsOf<T>(r: PayRow, prefix: string, fields: readonly string[]): T {
  const o: Record<string, unknown> = {};
  for (const f of fields) o[f] = r[`${prefix}${f}` as `pay_${string}`];
  return o as T;
}

/**
 * The answers of written payments from loan_pay_many's own rows (payMany asks for them): the payment and the loan
 * after it, numerics parsed exactly as any read (db/pg.ts), graded with the cooperative's grades of the same call.
 */
export function payAnswers(date: string, rows: PayRow[]): Map<number, PayAnswer> {
  const out = new Map<number, PayAnswer>();
  const g = rows.find((r) => r.grading != null)?.grading;
  const grading = gradingOf(g ? JSON.parse(g) : []);
  for (const r of rows) {
    if (r.pay_id == null) throw new Error(`loan_pay_many: no answer for payment ${r.payment_id}`);
    const p = fieldsOf<PaymentViewRow>(r, 'pay_', PAY_FIELDS);
    p.journal_number = r.journal_number;
    // Serialised once here, for the stored answer and the response (lib/http.ts envelopeText).
    out.set(
      r.ord,
      withJsonText({
        payment: paymentView(p),
        loan: loanView(fieldsOf<LoanViewRow>(r, 'loan_', LOAN_FIELDS), undefined, date, grading, {
          daysLate: r.days_late ?? 0,
          overdueCount: r.overdue_count ?? 0,
        }),
      }),
    );
  }
  return out;
}

/**
 * One payment in its own transaction, its journal numbered at once. A replayed Idempotency-Key answers the stored
 * answer; one a batch stored holds `journalNumber` null (the batch numbers its journals after COMMIT), filled here
 * as the first answer had it.
 */
export async function pay(ctx: Ctx, b: PayInput): Promise<PayAnswer> {
  try {
    return await withTx(
      ctx,
      async (tx) => {
        const date = today();
        const [r] = await payMany(tx, date, agentOf(ctx), [payItem(ctx, b, 0, false)]);
        if (r?.outcome !== 'POSTED') throw payRefusal(ctx, r, date);
        return payAnswers(date, [r]).get(0)!;
      },
      { idempotent: true, message: payMessage(b.kind) },
    );
  } catch (err) {
    if (err instanceof IdempotentReplay) await fillJournalNumber(ctx, (err.body as { data?: Partial<PayAnswer> } | null)?.data);
    throw err;
  }
}

/**
 * Fills a payment answer's `journalNumber` when it is null (its journal numbered after COMMIT), numbering the
 * cooperative's waiting journals first. Never fails: should numbering fail, the job numbers the journal within a
 * second and the number stays null in this answer.
 */
export async function fillJournalNumber(ctx: Ctx, answer: Partial<PayAnswer> | null | undefined): Promise<void> {
  const p = answer?.payment;
  if (!p || p.journalNumber !== null || typeof p.transactionId !== 'string') return;
  try {
    p.journalNumber = (await numberJournals(ctx.db, ctx.tenantId, [p.transactionId])).get(p.transactionId) ?? null;
  } catch (err) {
    console.error('journal numbering after a loan payment failed (the job numbers it)', err);
  }
}
