/**
 * SQL of loan applications and their changes before release (loans.apply.ts), the schedule changes
 * (loans.changes.ts) and the fine waiver (loans.cancel.ts): the member's loan limit, the application row, its
 * updates and decision, the schedule's rows and dates.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** The member's loan limit and what their loans already take (running: remaining principal; waiting or approved: amount). */
export async function memberLoanLimit(tx: Tx, memberId: string, exceptLoanId: string | null) {
  return tx.one<{ loan_limit: Dec | null; full_name: string; running: Dec }>(
    `SELECT m.loan_limit, m.full_name,
            coalesce((SELECT sum(CASE WHEN l.status = 'RUNNING' THEN l.remaining_principal ELSE l.amount END) FROM loan l
                      WHERE l.tenant_id = m.tenant_id AND l.member_id = m.id AND l.status IN ('WAITING_APPROVAL', 'APPROVED', 'RUNNING')
                        AND l.id IS DISTINCT FROM $2), 0) AS running
     FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1`,
    [memberId, exceptLoanId],
  );
}

export interface NewLoan {
  loanNumber: string;
  memberId: string;
  productId: string;
  termsVersion: unknown;
  status: 'WAITING_APPROVAL' | 'APPROVED';
  amount: Dec;
  tenor: number;
  rate: unknown;
  method: unknown;
  component: unknown;
  rounding: unknown;
  dueDay: number | null;
  firstRule: unknown;
  fine: unknown;
  fineMethod: unknown;
  fineGraceDays: unknown;
  purpose: string | null;
  criteria: string | null;
  /** JSON text. */
  guarantor: string | null;
  requiresCollateral: boolean;
  adminFee: unknown;
  provisionFee: unknown;
  otherCosts: unknown;
  applicationDate: string;
  approvedDate: string | null;
  approvedBy: string | null;
  officerId: string | null;
  onlineRequestId: string | null;
  description: string | null;
  userId: string | null;
}

/** Writes a loan application; answers its id. */
export async function insertLoan(tx: Tx, l: NewLoan): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO loan (tenant_id, loan_number, member_id, product_id, terms_version, status, amount, tenor, interest_rate, interest_method,
                       installment_method, rounding_multiple, due_day, first_installment_rule, fine, fine_method, fine_grace_days, purpose,
                       criteria, guarantor, requires_collateral, admin_fee, provision_fee, other_costs, application_date, approved_date,
                       approved_by, officer_id, online_request_id, description, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20, $21, $22, $23,
             $24, $25, $26, $27, $28, $29, $30)
     RETURNING id`,
    [
      l.loanNumber,
      l.memberId,
      l.productId,
      l.termsVersion,
      l.status,
      l.amount,
      l.tenor,
      l.rate,
      l.method,
      l.component,
      l.rounding,
      l.dueDay,
      l.firstRule,
      l.fine,
      l.fineMethod,
      l.fineGraceDays,
      l.purpose,
      l.criteria,
      l.guarantor,
      l.requiresCollateral,
      l.adminFee,
      l.provisionFee,
      l.otherCosts,
      l.applicationDate,
      l.approvedDate,
      l.approvedBy,
      l.officerId,
      l.onlineRequestId,
      l.description,
      l.userId,
    ],
  );
  return row!.id;
}

/** An application's new terms: amount, tenor and fees always; the rest when given (null/undefined keeps them). */
export async function updateApplication(
  tx: Tx,
  id: string,
  u: {
    amount: Dec;
    tenor: number;
    purpose: string | null;
    setDueDay: boolean;
    dueDay: number | null;
    setGuarantor: boolean;
    /** JSON text. */
    guarantor: string | null;
    interviewNotes: string | null;
    surveyNotes: string | null;
    description: string | null;
    fees: { admin: unknown; provision: unknown; other: unknown };
  },
): Promise<void> {
  await tx.exec(
    `UPDATE loan SET amount = $2, tenor = $3, purpose = coalesce($4, purpose), due_day = CASE WHEN $5::boolean THEN $6 ELSE due_day END,
              guarantor = CASE WHEN $7::boolean THEN $8::jsonb ELSE guarantor END,
              guarantor_verified = CASE WHEN $7::boolean THEN false ELSE guarantor_verified END,
              interview_notes = coalesce($9, interview_notes), survey_notes = coalesce($10, survey_notes),
              description = coalesce($11, description), admin_fee = $12, provision_fee = $13, other_costs = $14
       WHERE tenant_id = app_tenant() AND id = $1`,
    [
      id,
      u.amount,
      u.tenor,
      u.purpose,
      u.setDueDay,
      u.dueDay,
      u.setGuarantor,
      u.guarantor,
      u.interviewNotes,
      u.surveyNotes,
      u.description,
      u.fees.admin,
      u.fees.provision,
      u.fees.other,
    ],
  );
}

export async function setCriteria(tx: Tx, id: string, criteria: string | null): Promise<void> {
  await tx.exec('UPDATE loan SET criteria = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, criteria]);
}

export async function setCollateralVerified(tx: Tx, id: string, verified: boolean): Promise<void> {
  await tx.exec('UPDATE loan SET collateral_verified = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, verified]);
}

export async function setGuarantorVerified(tx: Tx, id: string, verified: boolean, notes: string | null): Promise<void> {
  await tx.exec(
    'UPDATE loan SET guarantor_verified = $2, guarantor_notes = coalesce($3, guarantor_notes) WHERE tenant_id = app_tenant() AND id = $1',
    [id, verified, notes],
  );
}

/** The approval decision on an application. */
export async function setDecision(
  tx: Tx,
  id: string,
  d: { status: string; date: string; userId: string | null; reason: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE loan SET status = $2, approved_date = $3, approved_by = $4, decision_reason = $5 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, d.status, d.date, d.userId, d.reason],
  );
}

// ---------------------------------------------------------------- schedule changes (loans.changes.ts, loans.cancel.ts)

export async function setMaturityDate(tx: Tx, id: string, date: string): Promise<void> {
  await tx.exec('UPDATE loan SET maturity_date = $2 WHERE tenant_id = app_tenant() AND id = $1', [id, date]);
}

/** The schedule's unpaid rows become history (a restructuring); paid ones stay as they are. */
export async function supersedeUnpaid(tx: Tx, loanId: string, scheduleNo: number): Promise<void> {
  await tx.exec(
    `UPDATE loan_installment SET superseded = true WHERE tenant_id = app_tenant() AND loan_id = $1 AND schedule_no = $2 AND paid_date IS NULL`,
    [loanId, scheduleNo],
  );
}

/** The loan on its new schedule (a restructuring). */
export async function setSchedule(
  tx: Tx,
  id: string,
  s: {
    scheduleNo: number;
    principal: Dec;
    tenor: number;
    rate: unknown;
    method: unknown;
    installmentAmount: unknown;
    maturityDate: string;
  },
): Promise<void> {
  await tx.exec(
    `UPDATE loan SET schedule_no = $2, remaining_principal = $3, tenor = $4, interest_rate = $5, interest_method = $6,
                installment_amount = $7, maturity_date = $8
         WHERE tenant_id = app_tenant() AND id = $1`,
    [id, s.scheduleNo, s.principal, s.tenor, s.rate, s.method, s.installmentAmount, s.maturityDate],
  );
}

export async function addFineWaived(tx: Tx, id: string, waived: Dec): Promise<void> {
  await tx.exec('UPDATE loan SET fine_waived = fine_waived + $2 WHERE tenant_id = app_tenant() AND id = $1', [id, waived]);
}
