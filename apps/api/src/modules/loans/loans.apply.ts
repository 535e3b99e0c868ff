/**
 * A loan before its money moves: application (request-open-product-member
 * for a LOAN product), its changes while waiting (update-request-loan,
 * criteria, collateral, interview and survey notes), guarantor verification
 * and the approval decision.
 *
 * Rules (docs/loans.md "Application and approval"):
 *  - The loan takes the terms version in force on the application day
 *    (method, rate, rounding, fines, fees computed on the amount); a later
 *    change of the product never rewrites it.
 *  - Refused: product not LOAN or inactive; amount or tenor outside the
 *    product's bounds; the member's loan limit (the amount plus what the
 *    member already owes on running loans and has waiting) exceeded; the
 *    requesting user's LOAN_REQUEST limit exceeded (or, with the
 *    cooperative's policy REQUEST_APPROVAL, the application waits for
 *    approval even when the product does not need it); collateral missing
 *    when the product requires it.
 *  - Approval only within the approver's LOAN_APPROVAL limit; rejection needs
 *    a reason.
 */
import { type LoanOpenBody, loanOpenBody, type UpdateRequestLoanBody } from '@koperasi/contracts';
import { type Dec, dec, feeAmount, formatRupiah, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, RequestValidationError, unprocessable } from '../../lib/errors.ts';
import { findMemberRef } from '../members/members.registry.ts';
import { findProduct, type TermsRow, termsInForce } from '../products/products.repo.ts';
import { aboveLimitPolicy, assertWithinLimit, isWithinLimit } from '../roles/limits.ts';
import { isAgentCtx, today } from '../savings/savings.core.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { collaterals, findLoan, insertEvent, type LoanRow, lockLoan, nextLoanNumber, replaceCollaterals } from './loans.repo.ts';
import { loanDetail, loanView } from './loans.views.ts';

const field = (name: string, key: string) => [{ field: name, message: key }];

export function loanTermsOf(t: TermsRow) {
  return {
    method: (t.loan_interest_method as LoanRow['interest_method']) ?? 'FLAT',
    rate: dec((t.loan_interest_rate as Dec | null) ?? 0),
    component: (t.loan_installment_method as LoanRow['installment_method']) ?? 'POKOK & JASA',
    rounding: dec((t.loan_rounding_multiple as Dec | null) ?? 1),
    minAmount: t.loan_min_amount as Dec | null,
    maxAmount: t.loan_max_amount as Dec | null,
    minTenor: (t.loan_min_tenor as number | null) ?? 1,
    maxTenor: (t.loan_max_tenor as number | null) ?? 360,
    adminFee: t.loan_admin_fee as Dec | null,
    adminFeeType: (t.loan_admin_fee_type as string | null) ?? 'NOMINAL',
    provisionFee: t.loan_provision_fee as Dec | null,
    provisionFeeType: (t.loan_provision_fee_type as string | null) ?? 'PERCENT',
    fine: dec((t.loan_fine as Dec | null) ?? 0),
    fineMethod: ((t.loan_fine_method as string | null) ?? 'NOMINAL') as 'NOMINAL' | 'PERCENT',
    fineGraceDays: (t.loan_fine_grace_days as number | null) ?? 0,
    dueDay: t.loan_due_day as number | null,
    needsApproval: (t.loan_needs_approval as boolean | null) ?? true,
    requiresCollateral: Boolean(t.loan_requires_collateral),
    otherCosts: dec((t.loan_other_costs as Dec | null) ?? 0),
    firstRule: ((t.loan_first_installment_rule as string | null) ?? 'ONE_MONTH') as 'ONE_MONTH' | 'DUE_DAY',
  };
}
export type LoanTerms = ReturnType<typeof loanTermsOf>;

/** Product bounds of amount and tenor. */
function checkBounds(ctx: Ctx, terms: LoanTerms, amount: Dec, tenor: number) {
  if (terms.minAmount && amount.lt(terms.minAmount))
    throw new AppError(
      422,
      'LOAN_AMOUNT_BELOW_MIN',
      'loan.amount_below_min',
      { amount: formatRupiah(amount, ctx.lang), min: formatRupiah(terms.minAmount, ctx.lang) },
      field('amount', 'loan.amount_below_min'),
    );
  if (terms.maxAmount && amount.gt(terms.maxAmount))
    throw new AppError(
      422,
      'LOAN_AMOUNT_ABOVE_MAX',
      'loan.amount_above_max',
      { amount: formatRupiah(amount, ctx.lang), max: formatRupiah(terms.maxAmount, ctx.lang) },
      field('amount', 'loan.amount_above_max'),
    );
  if (tenor < terms.minTenor || tenor > terms.maxTenor)
    throw new AppError(
      422,
      'LOAN_TENOR_OUT_OF_RANGE',
      'loan.tenor_out_of_range',
      { tenor, min: terms.minTenor, max: terms.maxTenor },
      field('tenorInMonth', 'loan.tenor_out_of_range'),
    );
}

/** The member's loan limit: this amount plus running loans' remaining principal and loans waiting or approved. */
async function checkMemberLimit(tx: Tx, ctx: Ctx, memberId: string, amount: Dec, exceptLoanId: string | null) {
  const r = await tx.one<{ loan_limit: Dec | null; full_name: string; running: Dec }>(
    `SELECT m.loan_limit, m.full_name,
            coalesce((SELECT sum(CASE WHEN l.status = 'RUNNING' THEN l.remaining_principal ELSE l.amount END) FROM loan l
                      WHERE l.tenant_id = m.tenant_id AND l.member_id = m.id AND l.status IN ('WAITING_APPROVAL', 'APPROVED', 'RUNNING')
                        AND l.id IS DISTINCT FROM $2), 0) AS running
     FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1`,
    [memberId, exceptLoanId],
  );
  if (!r || r.loan_limit === null) return;
  if (amount.plus(r.running).gt(r.loan_limit)) {
    throw new AppError(
      422,
      'MEMBER_LOAN_LIMIT_EXCEEDED',
      'loan.member_limit_exceeded',
      {
        amount: formatRupiah(amount, ctx.lang),
        running: formatRupiah(r.running, ctx.lang),
        limit: formatRupiah(r.loan_limit, ctx.lang),
        name: r.full_name,
      },
      field('amount', 'loan.member_limit_exceeded'),
    );
  }
}

function fees(terms: LoanTerms, amount: Dec) {
  return {
    admin: feeAmount(amount, terms.adminFee, terms.adminFeeType),
    provision: feeAmount(amount, terms.provisionFee, terms.provisionFeeType),
    other: terms.otherCosts,
  };
}

/** The opener registered for LOAN products (inside request-open-product-member's transaction). */
export async function openLoanTx(tx: Tx, ctx: Ctx, raw: Record<string, unknown>, opts: { onlineRequestId?: string } = {}) {
  const parsed = loanOpenBody.safeParse(raw);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues as unknown as RequestValidationError['issues']);
  const b: LoanOpenBody = parsed.data;
  const date = today();
  const product = await findProduct(tx, b.productId, true);
  if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', 'product.not_found', undefined, field('productId', 'product.not_found'));
  if (product.kind !== 'LOAN') throw unprocessable('PRODUCT_NOT_LOAN', 'loan.product_not_loan', { product: product.name });
  if (!product.is_active) throw unprocessable('PRODUCT_INACTIVE', 'loan.product_inactive', { product: product.name });
  const member = await findMemberRef(tx, b.memberId, 'share');
  if (!member) throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, field('memberId', 'member.not_found'));
  if (!member.isActive) throw unprocessable('MEMBER_INACTIVE', 'member.inactive', { name: member.fullName, cif: member.cifNumber });
  if (member.memberType === 'PROSPECTIVE') throw unprocessable('MEMBER_NOT_APPROVED', 'member.not_yet_member', { name: member.fullName });
  if (isAgentCtx(ctx)) {
    const mine = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`,
      [member.id, ctx.userId],
    );
    if (!mine) throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, field('memberId', 'member.not_found'));
  }
  const termsRow = await termsInForce(tx, product.id, date);
  const terms = loanTermsOf(termsRow!);
  const amount = dec(b.amount);
  checkBounds(ctx, terms, amount, b.tenorInMonth);
  await checkMemberLimit(tx, ctx, member.id, amount, null);
  let waiting = terms.needsApproval;
  if (!isWithinLimit(ctx, 'LOAN_REQUEST', amount)) {
    if ((await aboveLimitPolicy(tx, ctx, 'LOAN_REQUEST')) === 'REFUSE') assertWithinLimit(ctx, 'LOAN_REQUEST', amount);
    waiting = true;
  }
  if (terms.requiresCollateral && !b.collaterals?.length)
    throw new AppError(
      422,
      'COLLATERAL_REQUIRED',
      'loan.collateral_required',
      { product: product.name },
      field('collaterals', 'loan.collateral_required'),
    );
  const f = fees(terms, amount);
  const number = await nextLoanNumber(tx, product.id);
  const row = await tx.one<{ id: string }>(
    `INSERT INTO loan (tenant_id, loan_number, member_id, product_id, terms_version, status, amount, tenor, interest_rate, interest_method,
                       installment_method, rounding_multiple, due_day, first_installment_rule, fine, fine_method, fine_grace_days, purpose,
                       criteria, guarantor, requires_collateral, admin_fee, provision_fee, other_costs, application_date, approved_date,
                       approved_by, officer_id, online_request_id, description, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20, $21, $22, $23,
             $24, $25, $26, $27, $28, $29, $30)
     RETURNING id`,
    [
      number,
      member.id,
      product.id,
      termsRow!.version,
      waiting ? 'WAITING_APPROVAL' : 'APPROVED',
      amount,
      b.tenorInMonth,
      terms.rate,
      terms.method,
      terms.component,
      terms.rounding,
      b.dueDay ?? terms.dueDay ?? null,
      terms.firstRule,
      terms.fine,
      terms.fineMethod,
      terms.fineGraceDays,
      b.purpose ?? null,
      b.criteria ?? null,
      b.guarantor ? JSON.stringify(b.guarantor) : null,
      terms.requiresCollateral,
      f.admin,
      f.provision,
      f.other,
      date,
      waiting ? null : date,
      waiting ? null : ctx.userId,
      b.officerId ?? ctx.userId,
      opts.onlineRequestId ?? null,
      b.description ?? null,
      ctx.userId,
    ],
  );
  if (b.collaterals?.length) await replaceCollaterals(tx, row!.id, b.collaterals, false);
  await insertEvent(tx, ctx.userId, { loanId: row!.id, date, activity: 'APPLICATION', balance: ZERO, description: b.purpose ?? null });
  const loan = (await findLoan(tx, row!.id))!;
  await audit(tx, ctx, { action: 'loan.apply', entity: 'loan', entityId: loan.id, after: loanView(loan) });
  return { status: waiting ? ('WAITING_APPROVAL' as const) : ('APPROVED' as const), loan: loanView(loan) };
}

async function lockOrFail(tx: Tx, ctx: Ctx, id: string): Promise<LoanRow> {
  const l = await lockLoan(tx, id, isAgentCtx(ctx) ? ctx.userId : null);
  if (!l) throw notFound('loan.not_found');
  return l;
}

function assertWaiting(l: LoanRow) {
  if (l.status !== 'WAITING_APPROVAL' && l.status !== 'APPROVED')
    throw unprocessable('LOAN_NOT_WAITING', 'loan.not_waiting', { number: l.loan_number, status: l.status });
}

/** POST {id}/update-request-loan: amount, tenor, purpose, due day, guarantor, notes while not yet released. */
export async function updateRequest(ctx: Ctx, id: string, b: UpdateRequestLoanBody) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, id);
    const before = loanView(l);
    const changesMoney = b.amount !== undefined || b.tenorInMonth !== undefined;
    if (changesMoney || b.dueDay !== undefined) assertWaiting(l);
    const amount = b.amount !== undefined ? dec(b.amount) : l.amount;
    const tenor = b.tenorInMonth ?? l.tenor;
    let feeSet = { admin: l.admin_fee, provision: l.provision_fee, other: l.other_costs };
    if (changesMoney) {
      const terms = loanTermsOf((await termsInForce(tx, l.product_id, l.application_date))!);
      checkBounds(ctx, terms, amount, tenor);
      await checkMemberLimit(tx, ctx, l.member_id, amount, l.id);
      if (amount.gt(l.amount)) assertWithinLimit(ctx, 'LOAN_REQUEST', amount);
      feeSet = fees(terms, amount);
    }
    await tx.exec(
      `UPDATE loan SET amount = $2, tenor = $3, purpose = coalesce($4, purpose), due_day = CASE WHEN $5::boolean THEN $6 ELSE due_day END,
              guarantor = CASE WHEN $7::boolean THEN $8::jsonb ELSE guarantor END,
              guarantor_verified = CASE WHEN $7::boolean THEN false ELSE guarantor_verified END,
              interview_notes = coalesce($9, interview_notes), survey_notes = coalesce($10, survey_notes),
              description = coalesce($11, description), admin_fee = $12, provision_fee = $13, other_costs = $14
       WHERE tenant_id = app_tenant() AND id = $1`,
      [
        l.id,
        amount,
        tenor,
        b.purpose ?? null,
        b.dueDay !== undefined,
        b.dueDay ?? null,
        b.guarantor !== undefined,
        b.guarantor ? JSON.stringify(b.guarantor) : null,
        b.interviewNotes ?? null,
        b.surveyNotes ?? null,
        b.description ?? null,
        feeSet.admin,
        feeSet.provision,
        feeSet.other,
      ],
    );
    const after = (await findLoan(tx, l.id))!;
    await audit(tx, ctx, { action: 'loan.update_request', entity: 'loan', entityId: l.id, before, after: loanView(after) });
    return loanDetail(tx, after, today());
  });
}

export async function updateCriteria(ctx: Ctx, b: { loanId: string; criteria: string }) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, b.loanId);
    await tx.exec('UPDATE loan SET criteria = $2 WHERE tenant_id = app_tenant() AND id = $1', [l.id, b.criteria || null]);
    await audit(tx, ctx, {
      action: 'loan.update_criteria',
      entity: 'loan',
      entityId: l.id,
      before: { criteria: l.criteria },
      after: { criteria: b.criteria },
    });
    return loanDetail(tx, (await findLoan(tx, l.id))!, today());
  });
}

export async function updateCollateral(
  ctx: Ctx,
  b: {
    loanId: string;
    collaterals: Array<{ type?: string | null; number: string; detail?: string | null; value?: number; photos?: string[] }>;
    isVerified?: boolean;
  },
) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, b.loanId);
    const before = await collaterals(tx, l.id);
    const verified = Boolean(b.isVerified) && b.collaterals.length > 0;
    await replaceCollaterals(tx, l.id, b.collaterals, verified);
    await tx.exec('UPDATE loan SET collateral_verified = $2 WHERE tenant_id = app_tenant() AND id = $1', [l.id, verified]);
    await audit(tx, ctx, {
      action: 'loan.update_collateral',
      entity: 'loan',
      entityId: l.id,
      before,
      after: { collaterals: b.collaterals, verified },
    });
    return loanDetail(tx, (await findLoan(tx, l.id))!, today());
  });
}

export async function verifyGuarantor(ctx: Ctx, id: string, b: { isVerified: boolean; notes?: string | null }) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, id);
    await tx.exec(
      'UPDATE loan SET guarantor_verified = $2, guarantor_notes = coalesce($3, guarantor_notes) WHERE tenant_id = app_tenant() AND id = $1',
      [l.id, b.isVerified, b.notes ?? null],
    );
    await audit(tx, ctx, {
      action: 'loan.verify_guarantor',
      entity: 'loan',
      entityId: l.id,
      before: { guarantorVerified: l.guarantor_verified },
      after: { guarantorVerified: b.isVerified, notes: b.notes ?? null },
    });
    return loanDetail(tx, (await findLoan(tx, l.id))!, today());
  });
}

/** POST {id}/approved-loan. */
export async function decide(ctx: Ctx, id: string, b: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, id);
    if (l.status !== 'WAITING_APPROVAL')
      throw unprocessable('LOAN_NOT_WAITING', 'loan.not_waiting', { number: l.loan_number, status: l.status });
    if (b.status === 'APPROVED') assertWithinLimit(ctx, 'LOAN_APPROVAL', l.amount);
    const date = today();
    await tx.exec(
      `UPDATE loan SET status = $2, approved_date = $3, approved_by = $4, decision_reason = $5 WHERE tenant_id = app_tenant() AND id = $1`,
      [l.id, b.status, date, ctx.userId, b.reason ?? null],
    );
    await insertEvent(tx, ctx.userId, { loanId: l.id, date, activity: b.status, balance: ZERO, description: b.reason ?? null });
    const after = (await findLoan(tx, l.id))!;
    await audit(tx, ctx, {
      action: b.status === 'APPROVED' ? 'loan.approve' : 'loan.reject',
      entity: 'loan',
      entityId: l.id,
      before: { status: l.status },
      after: { status: b.status, reason: b.reason ?? null },
    });
    return loanView(after);
  });
}
