/**
 * SQL of the loans area: loans, their installments, payments, events,
 * collateral and online requests. Money columns come back as `Dec`.
 */
import type { Dec } from '@koperasi/finance';
import { sqlLiteral, type Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

export interface LoanRow {
  tenant_id: string;
  id: string;
  loan_number: string;
  member_id: string;
  product_id: string;
  terms_version: number;
  status: 'WAITING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'RUNNING' | 'PAID_OFF' | 'RELEASE_REJECTED';
  amount: Dec;
  tenor: number;
  interest_rate: Dec;
  interest_method: 'FLAT' | 'EFEKTIF' | 'EFEKTIF_BULAN' | 'ANUITAS';
  installment_method: 'POKOK & JASA' | 'POKOK' | 'JASA';
  rounding_multiple: Dec;
  due_day: number | null;
  first_installment_rule: 'ONE_MONTH' | 'DUE_DAY';
  fine: Dec;
  fine_method: 'NOMINAL' | 'PERCENT';
  fine_grace_days: number;
  purpose: string | null;
  criteria: string | null;
  guarantor: Record<string, unknown> | null;
  guarantor_verified: boolean;
  guarantor_notes: string | null;
  collateral_verified: boolean;
  requires_collateral: boolean;
  interview_notes: string | null;
  survey_notes: string | null;
  tag: string | null;
  is_auto_debit: boolean;
  admin_fee: Dec;
  provision_fee: Dec;
  other_costs: Dec;
  net_disbursed: Dec;
  remaining_principal: Dec;
  principal_paid: Dec;
  /** Principal paid in the old books before a data migration (part of principal_paid; no payment rows). */
  principal_paid_before_migration: Dec;
  interest_paid: Dec;
  fine_paid: Dec;
  fine_waived: Dec;
  receivable_coa_id: string | null;
  schedule_no: number;
  installment_amount: Dec;
  application_date: string;
  approved_date: string | null;
  approved_by: string | null;
  decision_reason: string | null;
  release_date: string | null;
  released_by: string | null;
  release_journal_id: string | null;
  release_saving_id: string | null;
  release_coa_id: string | null;
  first_installment_date: string | null;
  maturity_date: string | null;
  paid_off_date: string | null;
  officer_id: string | null;
  online_request_id: string | null;
  description: string | null;
  created_by: string | null;
  created_date: Date;
  // joined
  member_name: string;
  cif_number: string;
  member_branch_id: string | null;
  product_name: string;
  product_code: string;
  officer_name: string | null;
}

export const LOAN_SELECT = `
  SELECT l.*, m.full_name AS member_name, m.cif_number, m.branch_id AS member_branch_id, p.name AS product_name, p.code AS product_code,
         nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS officer_name
  FROM loan l
  JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
  JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
  LEFT JOIN app_user u ON u.tenant_id = l.tenant_id AND u.id = l.officer_id`;

export async function findLoan(tx: Tx, id: string): Promise<LoanRow | undefined> {
  return tx.one<LoanRow>(`${LOAN_SELECT} WHERE l.tenant_id = app_tenant() AND l.id = $1`, [id]);
}

/**
 * Locks the loan row (the first lock of every loan operation) and reads it with its joins. An agent only
 * reaches the loans of the members they look after (others are not found, as for saving accounts).
 */
export async function lockLoan(tx: Tx, id: string, agentId: string | null = null): Promise<LoanRow | undefined> {
  return tx.one<LoanRow>(
    `${LOAN_SELECT} WHERE l.tenant_id = app_tenant() AND l.id = $1
       AND ($2::uuid IS NULL OR ${agentMemberCondition('m', '$2')}) FOR UPDATE OF l`,
    [id, agentId],
  );
}

export interface InstallmentRow {
  id: string;
  loan_id: string;
  schedule_no: number;
  number: number;
  due_date: string;
  principal: Dec;
  interest: Dec;
  remaining_principal: Dec;
  principal_paid: Dec;
  interest_paid: Dec;
  fine_accrued: Dec;
  fine_counted_to: string | null;
  fine_paid: Dec;
  fine_waived: Dec;
  paid_date: string | null;
  superseded: boolean;
  notes: string | null;
}

/** The current schedule of a loan, in order. */
export async function installments(tx: Tx, loanId: string, scheduleNo: number): Promise<InstallmentRow[]> {
  return tx.query<InstallmentRow>(
    `SELECT * FROM loan_installment WHERE tenant_id = app_tenant() AND loan_id = $1 AND schedule_no = $2 AND NOT superseded
     ORDER BY number`,
    [loanId, scheduleNo],
  );
}

export interface NewInstallment {
  number: number;
  dueDate: string;
  principal: Dec;
  interest: Dec;
  remainingPrincipal: Dec;
  fineAccrued?: Dec;
  fineCountedTo?: string | null;
  notes?: string | null;
}

/** One statement for a whole schedule (arrays unnested). */
export async function insertInstallments(tx: Tx, loanId: string, scheduleNo: number, rows: NewInstallment[]): Promise<void> {
  if (!rows.length) return;
  await tx.exec(
    `INSERT INTO loan_installment (tenant_id, loan_id, schedule_no, number, due_date, principal, interest, remaining_principal,
                                   fine_accrued, fine_counted_to, notes)
     SELECT app_tenant(), $1, $2, x.n, x.d, x.p, x.i, x.r, x.f, x.c, x.notes
     FROM unnest($3::int[], $4::date[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::date[], $10::text[])
       AS x(n, d, p, i, r, f, c, notes)`,
    [
      loanId,
      scheduleNo,
      rows.map((r) => r.number),
      rows.map((r) => r.dueDate),
      rows.map((r) => r.principal.toFixed(2)),
      rows.map((r) => r.interest.toFixed(2)),
      rows.map((r) => r.remainingPrincipal.toFixed(2)),
      rows.map((r) => (r.fineAccrued ?? 0).toString()),
      rows.map((r) => r.fineCountedTo ?? null),
      rows.map((r) => r.notes ?? null),
    ],
  );
}

/** Writes the paid figures of changed installments (one statement). */
export async function saveInstallments(tx: Tx, rows: InstallmentRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.exec(
    `UPDATE loan_installment i SET principal_paid = x.pp, interest_paid = x.ip, fine_accrued = x.fa, fine_counted_to = x.fc,
            fine_paid = x.fp, fine_waived = x.fw, paid_date = x.pd, interest = x.it, principal = x.pr, due_date = x.dd,
            remaining_principal = x.rp, notes = x.notes
     FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::numeric[], $5::date[], $6::numeric[], $7::numeric[], $8::date[],
                 $9::numeric[], $10::numeric[], $11::date[], $12::numeric[], $13::text[])
       AS x(id, pp, ip, fa, fc, fp, fw, pd, it, pr, dd, rp, notes)
     WHERE i.tenant_id = app_tenant() AND i.id = x.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.principal_paid.toFixed(2)),
      rows.map((r) => r.interest_paid.toFixed(2)),
      rows.map((r) => r.fine_accrued.toFixed(2)),
      rows.map((r) => r.fine_counted_to),
      rows.map((r) => r.fine_paid.toFixed(2)),
      rows.map((r) => r.fine_waived.toFixed(2)),
      rows.map((r) => r.paid_date),
      rows.map((r) => r.interest.toFixed(2)),
      rows.map((r) => r.principal.toFixed(2)),
      rows.map((r) => r.due_date),
      rows.map((r) => r.remaining_principal.toFixed(2)),
      rows.map((r) => r.notes),
    ],
  );
}

export interface LoanTotals {
  remaining_principal: Dec;
  principal_paid: Dec;
  interest_paid: Dec;
  fine_paid: Dec;
  fine_waived: Dec;
  status: LoanRow['status'];
  paid_off_date: string | null;
}

export async function saveLoanTotals(tx: Tx, id: string, t: LoanTotals): Promise<void> {
  await tx.exec(
    `UPDATE loan SET remaining_principal = $2, principal_paid = $3, interest_paid = $4, fine_paid = $5, fine_waived = $6, status = $7,
            paid_off_date = $8
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, t.remaining_principal, t.principal_paid, t.interest_paid, t.fine_paid, t.fine_waived, t.status, t.paid_off_date],
  );
}

export async function insertEvent(
  tx: Tx,
  userId: string | null,
  e: {
    loanId: string;
    date: string;
    activity: string;
    debit?: Dec | null;
    credit?: Dec | null;
    balance: Dec;
    description?: string | null;
    refId?: string | null;
  },
): Promise<void> {
  await tx.exec(
    `INSERT INTO loan_event (tenant_id, loan_id, event_date, activity, debit, credit, balance, description, ref_id, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.loanId, e.date, e.activity, e.debit ?? 0, e.credit ?? 0, e.balance, e.description ?? null, e.refId ?? null, userId],
  );
}

export interface CollateralRow {
  id: string;
  loan_id: string;
  type: string | null;
  number: string;
  detail: string | null;
  value: Dec;
  photos: string[];
  is_verified: boolean;
}

export async function collaterals(tx: Tx, loanId: string): Promise<CollateralRow[]> {
  return tx.query<CollateralRow>(
    'SELECT * FROM loan_collateral WHERE tenant_id = app_tenant() AND loan_id = $1 ORDER BY created_date, id',
    [loanId],
  );
}

export async function replaceCollaterals(
  tx: Tx,
  loanId: string,
  items: Array<{ type?: string | null; number: string; detail?: string | null; value?: number | null; photos?: string[] }>,
  verified: boolean,
): Promise<void> {
  await tx.exec('DELETE FROM loan_collateral WHERE tenant_id = app_tenant() AND loan_id = $1', [loanId]);
  for (const c of items) {
    await tx.exec(
      `INSERT INTO loan_collateral (tenant_id, loan_id, type, number, detail, value, photos, is_verified)
       VALUES (app_tenant(), $1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [loanId, c.type ?? null, c.number, c.detail ?? null, c.value ?? 0, JSON.stringify(c.photos ?? []), verified],
    );
  }
}

export interface PaymentRow {
  id: string;
  loan_id: string;
  seq: number;
  kind: 'INSTALLMENT' | 'PARTIAL' | 'OPEN_AMOUNT' | 'PAYOFF';
  payment_date: string;
  amount: Dec;
  principal: Dec;
  interest: Dec;
  fine: Dec;
  source: 'CASH' | 'SAVING';
  cash_coa_id: string | null;
  saving_id: string | null;
  saving_transaction_id: string | null;
  journal_id: string;
  before: PaymentSnapshot;
  status: 'POSTED' | 'CANCELLED';
  cancelled_at: Date | null;
  cancel_reason: string | null;
  reversal_journal_id: string | null;
  description: string | null;
  created_by: string | null;
  created_date: Date;
  journal_number?: string | null;
  created_by_name?: string | null;
}

/** What a payment changed, to reinstate it on cancel. */
export interface PaymentSnapshot {
  loan: {
    remaining_principal: string;
    principal_paid: string;
    interest_paid: string;
    fine_paid: string;
    status: string;
    paid_off_date: string | null;
  };
  installments: Array<{
    id: string;
    principal_paid: string;
    interest_paid: string;
    fine_accrued: string;
    fine_counted_to: string | null;
    fine_paid: string;
    paid_date: string | null;
    interest: string;
  }>;
}

export const PAYMENT_SELECT = `
  SELECT p.*, j.number AS journal_number,
         nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by_name
  FROM loan_payment p
  LEFT JOIN journal j ON j.tenant_id = p.tenant_id AND j.id = p.journal_id
  LEFT JOIN app_user u ON u.tenant_id = p.tenant_id AND u.id = p.created_by`;

export async function findPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  return tx.one<PaymentRow>(`${PAYMENT_SELECT} WHERE p.tenant_id = app_tenant() AND p.id = $1`, [id]);
}

/** Product GL accounts by role. */
export async function productGl(tx: Tx, productId: string): Promise<Record<string, string>> {
  const rows = await tx.query<{ role: string; coa_id: string }>(
    'SELECT role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1',
    [productId],
  );
  return Object.fromEntries(rows.map((r) => [r.role, r.coa_id]));
}

/** Next loan number: <product code>.<seq> under the product row's lock. */
export async function nextLoanNumber(tx: Tx, productId: string): Promise<string> {
  const r = await tx.one<{ code: string; last_account_seq: number }>(
    'UPDATE product SET last_account_seq = last_account_seq + 1 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code, last_account_seq',
    [productId],
  );
  return `${r!.code}.${String(r!.last_account_seq).padStart(6, '0')}`;
}

/** One row of loan_pay_many's answer (src/db/functions/loan_pay_many.sql). */
export interface PayRow {
  ord: number;
  outcome: 'POSTED' | 'REFUSED' | 'JOURNAL_REFUSED' | 'RETRY';
  refusal: string | null;
  refusal_detail: string | null;
  refusal_line: number | null;
  payment_id: string | null;
  journal_id: string | null;
  journal_number: string | null;
  saving_transaction_id: string | null;
  days_late: number | null;
  overdue_count: number | null;
  /** With `answer`: the cooperative's collectability rows as JSON (loans.portfolio.ts gradingOf), and for a written
   * payment its answer, `pay_<field>` and `loan_<field>` as paymentView and loanView read them (loan_pay_answer.sql). */
  grading?: string | null;
  [column: `pay_${string}` | `loan_${string}`]: unknown;
}

/**
 * Payments in one call of loan_pay_many (values as literals: without parameters the statement travels with
 * BEGIN, one round trip), each written payment's answer in its row. `items` as loans.pay.ts builds them.
 * `numberNow` false (the routes' batches): the journals commit unnumbered and the caller numbers them in COMMIT's
 * round trip (ledger posting.repo.ts numberAfterCommit), so the cooperative's journal counter is not held while
 * the batch writes its rows (docs/loans.md "Performance").
 */
export async function payMany(tx: Tx, date: string, agentId: string | null, items: unknown[], numberNow = true): Promise<PayRow[]> {
  return tx.query<PayRow>(
    `SELECT * FROM loan_pay_many(${sqlLiteral(date)}::date, ${sqlLiteral(agentId)}::uuid, ${numberNow}, ${sqlLiteral(JSON.stringify(items))}::jsonb, true)`,
  );
}

/** A collateral photo put in storage (loans.photos.ts), until it is saved on a collateral or cleaned up. */
export async function recordUpload(
  tx: Tx,
  u: { photoId: string; loanId: string; key: string; url: string; userId: string | null },
): Promise<void> {
  await tx.exec(
    `INSERT INTO loan_collateral_upload (tenant_id, photo_id, loan_id, storage_key, url, uploaded_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5)`,
    [u.photoId, u.loanId, u.key, u.url, u.userId],
  );
}

/**
 * Uploads older than `before` that no collateral of their loan names, locked (SKIP LOCKED: two servers never
 * take the same file); with the photos a collateral names, their rows are dropped as done.
 */
export async function orphanUploads(tx: Tx, before: Date, limit: number): Promise<Array<{ photo_id: string; storage_key: string }>> {
  await tx.exec(
    `DELETE FROM loan_collateral_upload u WHERE u.tenant_id = app_tenant() AND u.uploaded_at < $1
       AND EXISTS (SELECT 1 FROM loan_collateral c WHERE c.tenant_id = u.tenant_id AND c.loan_id = u.loan_id AND c.photos ? u.url)`,
    [before],
  );
  return tx.query(
    `SELECT u.photo_id, u.storage_key FROM loan_collateral_upload u WHERE u.tenant_id = app_tenant() AND u.uploaded_at < $1
     ORDER BY u.uploaded_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [before, limit],
  );
}

export async function dropUploads(tx: Tx, photoIds: string[]): Promise<void> {
  await tx.exec('DELETE FROM loan_collateral_upload WHERE tenant_id = app_tenant() AND photo_id = ANY($1::uuid[])', [photoIds]);
}

/** Stores a payment batch's answers with their Idempotency-Keys in COMMIT's round trip (loans.batch.ts). */
export function storeAnswersAtCommit(tx: Tx, tenantId: string, answers: Array<[key: string, response: string]>): void {
  const values = answers.map(([key, response]) => `(${sqlLiteral(key)}, ${sqlLiteral(response)})`).join(', ');
  tx.beforeCommit(
    `UPDATE idempotency_key AS k SET status_code = 200, response = s.r::jsonb FROM (VALUES ${values}) AS s(key, r)
     WHERE k.tenant_id = ${sqlLiteral(tenantId)}::uuid AND k.key = s.key`,
  );
}

/** Whether any of these journals exists (a batch whose COMMIT round trip failed did commit). */
export async function anyJournalOf(tx: Tx, ids: unknown[]): Promise<boolean> {
  const list = ids.map((id) => sqlLiteral(id)).join(', ');
  const found = await tx.query(`SELECT 1 FROM journal WHERE tenant_id = app_tenant() AND id = ANY(ARRAY[${list}]::uuid[]) LIMIT 1`);
  return found.length > 0;
}

/** A release refused: the loan's status and the reason. */
export async function setReleaseRejected(tx: Tx, id: string, reason: string | null): Promise<void> {
  await tx.exec(`UPDATE loan SET status = 'RELEASE_REJECTED', decision_reason = $2 WHERE tenant_id = app_tenant() AND id = $1`, [
    id,
    reason,
  ]);
}

/** A loan released: RUNNING with its release figures. */
export async function markReleased(
  tx: Tx,
  r: {
    loanId: string;
    date: string;
    by: string | null;
    receivableId: string;
    installmentAmount: Dec;
    firstDue: string;
    maturity: string;
    net: Dec;
    journalId: string;
    cashId: string | null;
    savingId: string | null;
  },
): Promise<void> {
  await tx.exec(
    `UPDATE loan SET status = 'RUNNING', release_date = $2, released_by = $3, receivable_coa_id = $4, remaining_principal = amount,
            installment_amount = $5, first_installment_date = $6, maturity_date = $7, net_disbursed = $8, release_journal_id = $9,
            release_coa_id = $10, release_saving_id = $11
     WHERE tenant_id = app_tenant() AND id = $1`,
    [r.loanId, r.date, r.by, r.receivableId, r.installmentAmount, r.firstDue, r.maturity, r.net, r.journalId, r.cashId, r.savingId],
  );
}
