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
import {
  insertLoan,
  memberLoanLimit,
  setCollateralVerified,
  setCriteria,
  setDecision,
  setGuarantorVerified,
  updateApplication,
} from './loans.apply.repo.ts';
import { agentHasMember } from './loans.reads.repo.ts';
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
  const r = await memberLoanLimit(tx, memberId, exceptLoanId);
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
    if (!(await agentHasMember(tx, member.id, ctx.userId)))
      throw new AppError(404, 'MEMBER_NOT_FOUND', 'member.not_found', undefined, field('memberId', 'member.not_found'));
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
  const id = await insertLoan(tx, {
    loanNumber: number,
    memberId: member.id,
    productId: product.id,
    termsVersion: termsRow!.version,
    status: waiting ? 'WAITING_APPROVAL' : 'APPROVED',
    amount,
    tenor: b.tenorInMonth,
    rate: terms.rate,
    method: terms.method,
    component: terms.component,
    rounding: terms.rounding,
    dueDay: b.dueDay ?? terms.dueDay ?? null,
    firstRule: terms.firstRule,
    fine: terms.fine,
    fineMethod: terms.fineMethod,
    fineGraceDays: terms.fineGraceDays,
    purpose: b.purpose ?? null,
    criteria: b.criteria ?? null,
    guarantor: b.guarantor ? JSON.stringify(b.guarantor) : null,
    requiresCollateral: terms.requiresCollateral,
    adminFee: f.admin,
    provisionFee: f.provision,
    otherCosts: f.other,
    applicationDate: date,
    approvedDate: waiting ? null : date,
    approvedBy: waiting ? null : ctx.userId,
    officerId: b.officerId ?? ctx.userId,
    onlineRequestId: opts.onlineRequestId ?? null,
    description: b.description ?? null,
    userId: ctx.userId,
  });
  if (b.collaterals?.length) await replaceCollaterals(tx, id, b.collaterals, false);
  await insertEvent(tx, ctx.userId, { loanId: id, date, activity: 'APPLICATION', balance: ZERO, description: b.purpose ?? null });
  const loan = (await findLoan(tx, id))!;
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
    await updateApplication(tx, l.id, {
      amount,
      tenor,
      purpose: b.purpose ?? null,
      setDueDay: b.dueDay !== undefined,
      dueDay: b.dueDay ?? null,
      setGuarantor: b.guarantor !== undefined,
      guarantor: b.guarantor ? JSON.stringify(b.guarantor) : null,
      interviewNotes: b.interviewNotes ?? null,
      surveyNotes: b.surveyNotes ?? null,
      description: b.description ?? null,
      fees: feeSet,
    });
    const after = (await findLoan(tx, l.id))!;
    await audit(tx, ctx, { action: 'loan.update_request', entity: 'loan', entityId: l.id, before, after: loanView(after) });
    return loanDetail(tx, after, today());
  });
}

export async function updateCriteria(ctx: Ctx, b: { loanId: string; criteria: string }) {
  return withTx(ctx, async (tx) => {
    const l = await lockOrFail(tx, ctx, b.loanId);
    await setCriteria(tx, l.id, b.criteria || null);
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
    await setCollateralVerified(tx, l.id, verified);
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
    await setGuarantorVerified(tx, l.id, b.isVerified, b.notes ?? null);
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
    await setDecision(tx, l.id, { status: b.status, date, userId: ctx.userId, reason: b.reason ?? null });
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
