/**
 * Answers of the loans area: rows → the contract's views (money as `Dec`,
 * written as JSON numbers), with the figures of the day.
 */
import { LOAN_STATUS_LABEL } from '@koperasi/contracts';
import { type Dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { figures, type Grading, gradeLoan, type InstallmentFigures, summarize } from './loans.engine.ts';
import { loadGrading } from './loans.portfolio.ts';
import { type CollateralRow, collaterals, type InstallmentRow, installments, type LoanRow, type PaymentRow } from './loans.repo.ts';

/** The loan fields loanView reads (a LoanRow, or a payment's answer from loan_pay_many: loans.pay.ts). */
export type LoanViewRow = Pick<
  LoanRow,
  | 'id'
  | 'loan_number'
  | 'member_id'
  | 'member_name'
  | 'cif_number'
  | 'product_id'
  | 'product_name'
  | 'product_code'
  | 'terms_version'
  | 'status'
  | 'amount'
  | 'tenor'
  | 'interest_rate'
  | 'interest_method'
  | 'installment_method'
  | 'rounding_multiple'
  | 'due_day'
  | 'installment_amount'
  | 'purpose'
  | 'criteria'
  | 'guarantor'
  | 'guarantor_verified'
  | 'collateral_verified'
  | 'interview_notes'
  | 'survey_notes'
  | 'tag'
  | 'is_auto_debit'
  | 'admin_fee'
  | 'provision_fee'
  | 'other_costs'
  | 'net_disbursed'
  | 'remaining_principal'
  | 'principal_paid'
  | 'principal_paid_before_migration'
  | 'interest_paid'
  | 'fine_paid'
  | 'application_date'
  | 'approved_date'
  | 'release_date'
  | 'first_installment_date'
  | 'maturity_date'
  | 'paid_off_date'
  | 'decision_reason'
  | 'description'
  | 'officer_name'
  | 'created_date'
>;

/** The payment fields paymentView reads. */
export type PaymentViewRow = Pick<
  PaymentRow,
  | 'id'
  | 'loan_id'
  | 'journal_id'
  | 'kind'
  | 'payment_date'
  | 'amount'
  | 'principal'
  | 'interest'
  | 'fine'
  | 'source'
  | 'saving_id'
  | 'status'
  | 'journal_number'
  | 'description'
  | 'created_by_name'
  | 'created_date'
>;

/** `late`: the days late and installments in arrears when the caller has them without the schedule (a payment's answer). */
export function loanView(
  l: LoanViewRow,
  f?: InstallmentFigures[],
  asOf?: string,
  grading?: Grading,
  late?: { daysLate: number; overdueCount: number },
) {
  const s = f && asOf ? summarize(f, asOf) : late;
  const daysLate = s?.daysLate ?? 0;
  const label = l.status === 'RUNNING' && daysLate > 0 ? 'not paid off' : LOAN_STATUS_LABEL[l.status];
  return {
    id: l.id,
    loanNumber: l.loan_number,
    memberId: l.member_id,
    memberName: l.member_name,
    cifNumber: l.cif_number,
    productId: l.product_id,
    productName: l.product_name,
    productCode: l.product_code,
    termsVersion: l.terms_version,
    status: l.status,
    label,
    amount: l.amount,
    tenorInMonth: l.tenor,
    interestRate: l.interest_rate,
    interestMethod: l.interest_method,
    installmentPayMethod: l.installment_method,
    roundingMultiple: l.rounding_multiple,
    dueDay: l.due_day,
    installmentAmount: l.installment_amount,
    purpose: l.purpose,
    criteria: l.criteria,
    guarantor: l.guarantor,
    guarantorVerified: l.guarantor_verified,
    collateralVerified: l.collateral_verified,
    interviewNotes: l.interview_notes,
    surveyNotes: l.survey_notes,
    tag: l.tag,
    isAutoDebit: l.is_auto_debit,
    adminFee: l.admin_fee,
    provisionFee: l.provision_fee,
    otherCosts: l.other_costs,
    netDisbursed: l.net_disbursed,
    remainingPrincipal: l.remaining_principal,
    principalPaid: l.principal_paid,
    principalPaidBeforeMigration: l.principal_paid_before_migration,
    interestPaid: l.interest_paid,
    finePaid: l.fine_paid,
    collectability: gradeLoan({ daysLate, overdueCount: s?.overdueCount ?? 0 }, grading).grade,
    daysLate,
    applicationDate: l.application_date,
    approvedDate: l.approved_date,
    releaseDate: l.release_date,
    firstInstallmentDate: l.first_installment_date,
    maturityDate: l.maturity_date,
    paidOffDate: l.paid_off_date,
    decisionReason: l.decision_reason,
    description: l.description,
    officerName: l.officer_name,
    createdDate: l.created_date.toISOString(),
  };
}

export function installmentView(x: InstallmentFigures) {
  const r = x.row;
  const paid = r.principal_paid.plus(r.interest_paid);
  return {
    id: r.id,
    number: r.number,
    dueDate: r.due_date,
    principal: r.principal,
    interest: r.interest,
    total: r.principal.plus(r.interest),
    remainingPrincipal: r.remaining_principal,
    principalPaid: r.principal_paid,
    interestPaid: r.interest_paid,
    finePaid: r.fine_paid,
    fineWaived: r.fine_waived,
    fineDue: x.fineDue,
    status: r.paid_date ? ('PAID' as const) : paid.gt(0) ? ('PARTIAL' as const) : ('UNPAID' as const),
    paidDate: r.paid_date,
    daysLate: x.daysLate,
    notes: r.notes,
  };
}

export function collateralView(c: CollateralRow) {
  return {
    id: c.id,
    type: c.type,
    number: c.number,
    detail: c.detail,
    value: c.value,
    photos: Array.isArray(c.photos) ? c.photos : [],
    isVerified: c.is_verified,
  };
}

export function paymentView(p: PaymentViewRow) {
  return {
    id: p.id,
    loanId: p.loan_id,
    transactionId: p.journal_id,
    kind: p.kind,
    paymentDate: p.payment_date,
    amount: p.amount,
    principal: p.principal,
    interest: p.interest,
    fine: p.fine,
    source: p.source,
    memberSavingId: p.saving_id,
    status: p.status,
    journalNumber: p.journal_number ?? null,
    description: p.description,
    createdByName: p.created_by_name ?? null,
    createdDate: p.created_date.toISOString(),
  };
}

/** The loan with its figures of the day (the current schedule read once). */
export async function loanWithFigures(tx: Tx, l: LoanRow, asOf: string) {
  const rows: InstallmentRow[] = l.status === 'RUNNING' || l.status === 'PAID_OFF' ? await installments(tx, l.id, l.schedule_no) : [];
  const f = figures(l, rows, asOf);
  return { view: loanView(l, f, asOf, await loadGrading(tx, l.tenant_id)), figures: f };
}

export async function loanDetail(tx: Tx, l: LoanRow, asOf: string) {
  const { view, figures: f } = await loanWithFigures(tx, l, asOf);
  return { ...view, collaterals: (await collaterals(tx, l.id)).map(collateralView), installments: f.map(installmentView) };
}

export function sumDec(values: Dec[]): Dec {
  return values.reduce((s, v) => s.plus(v), ZERO);
}
