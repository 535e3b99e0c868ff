/**
 * The SQL of the bills area: bills with their member and product, their
 * installments and payments. Every bill operation starts with `lockBill`.
 */
import type { BillStatus, BillType } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

export interface BillRow {
  id: string;
  bill_number: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  member_branch_id: string | null;
  product_id: string;
  product_name: string;
  product_code: string;
  terms_version: number;
  name: string;
  bill_type: BillType;
  status: BillStatus;
  bill_date: string;
  amount: Dec;
  per_bill_amount: Dec;
  admin_fee: Dec;
  installments: number;
  paid: Dec;
  deducted: Dec;
  written_off: Dec;
  debt: Dec;
  receivable_coa_id: string | null;
  approved_date: string | null;
  approved_by: string | null;
  approve_journal_id: string | null;
  decision_reason: string | null;
  stopped_date: string | null;
  stop_reason: string | null;
  paid_off_date: string | null;
  description: string | null;
  created_date: Date;
}

export interface BillInstallmentRow {
  id: string;
  bill_id: string;
  number: number;
  due_date: string;
  amount: Dec;
  admin_fee: Dec;
  amount_paid: Dec;
  admin_fee_paid: Dec;
  paid_date: string | null;
  status: 'OPEN' | 'PAID' | 'DELETED' | 'STOPPED';
  notes: string | null;
}

export interface BillPaymentRow {
  id: string;
  bill_id: string;
  seq: number;
  payment_date: string;
  amount: Dec;
  bill_amount: Dec;
  admin_fee: Dec;
  source: 'CASH' | 'SAVING';
  cash_coa_id: string | null;
  saving_id: string | null;
  saving_transaction_id: string | null;
  journal_id: string;
  before: BillSnapshot;
  status: 'POSTED' | 'CANCELLED';
  cancel_reason: string | null;
  description: string | null;
  created_date: Date;
}

/** What a payment changed, to reinstate on cancel. */
export interface BillSnapshot {
  bill: { paid: string; deducted: string; debt: string; status: BillStatus; paid_off_date: string | null };
  installments: Array<{ id: string; amount_paid: string; admin_fee_paid: string; paid_date: string | null; status: string }>;
}

export const BILL_SELECT = `
  SELECT b.*, m.full_name AS member_name, m.cif_number, m.branch_id AS member_branch_id, p.name AS product_name, p.code AS product_code
  FROM bill b
  JOIN member m ON m.tenant_id = b.tenant_id AND m.id = b.member_id
  JOIN product p ON p.tenant_id = b.tenant_id AND p.id = b.product_id`;

export async function findBill(tx: Tx, id: string, agentId: string | null = null): Promise<BillRow | undefined> {
  return tx.one<BillRow>(
    `${BILL_SELECT} WHERE b.tenant_id = app_tenant() AND b.id = $1 AND ($2::uuid IS NULL OR ${agentMemberCondition('m', '$2')})`,
    [id, agentId],
  );
}

/** Locks the bill row (the first lock of every bill operation). An agent only reaches the bills of their members. */
export async function lockBill(tx: Tx, id: string, agentId: string | null = null): Promise<BillRow | undefined> {
  return tx.one<BillRow>(
    `${BILL_SELECT} WHERE b.tenant_id = app_tenant() AND b.id = $1
       AND ($2::uuid IS NULL OR ${agentMemberCondition('m', '$2')}) FOR UPDATE OF b`,
    [id, agentId],
  );
}

/** The bill's installments (deleted ones too, `live` = not deleted), by number. */
export async function billInstallments(tx: Tx, billId: string, live = false): Promise<BillInstallmentRow[]> {
  return tx.query<BillInstallmentRow>(
    `SELECT * FROM bill_installment WHERE tenant_id = app_tenant() AND bill_id = $1 ${live ? "AND status <> 'DELETED'" : ''} ORDER BY number`,
    [billId],
  );
}

export interface NewInstallment {
  number: number;
  dueDate: string;
  amount: Dec;
  adminFee: Dec;
}

export async function replaceInstallments(tx: Tx, billId: string, rows: NewInstallment[]): Promise<void> {
  await tx.exec('DELETE FROM bill_installment WHERE tenant_id = app_tenant() AND bill_id = $1', [billId]);
  await tx.exec(
    `INSERT INTO bill_installment (tenant_id, bill_id, number, due_date, amount, admin_fee)
     SELECT app_tenant(), $1, x.number, x.due_date, x.amount, x.admin_fee
     FROM jsonb_to_recordset($2::jsonb) AS x(number int, due_date date, amount numeric, admin_fee numeric)`,
    [
      billId,
      JSON.stringify(
        rows.map((r) => ({ number: r.number, due_date: r.dueDate, amount: r.amount.toFixed(2), admin_fee: r.adminFee.toFixed(2) })),
      ),
    ],
  );
}

/** Writes the paid figures, dates, status and notes of the given installments. */
export async function saveInstallments(tx: Tx, rows: BillInstallmentRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.exec(
    `UPDATE bill_installment i SET amount_paid = x.amount_paid, admin_fee_paid = x.admin_fee_paid, paid_date = x.paid_date, status = x.status,
            notes = x.notes, amount = x.amount, due_date = x.due_date
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, amount numeric, due_date date, amount_paid numeric, admin_fee_paid numeric, paid_date date,
                                             status text, notes text)
     WHERE i.tenant_id = app_tenant() AND i.id = x.id`,
    [
      JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          amount: r.amount.toFixed(2),
          due_date: r.due_date,
          amount_paid: r.amount_paid.toFixed(2),
          admin_fee_paid: r.admin_fee_paid.toFixed(2),
          paid_date: r.paid_date,
          status: r.status,
          notes: r.notes,
        })),
      ),
    ],
  );
}

export interface BillTotals {
  paid: Dec;
  deducted: Dec;
  written_off: Dec;
  debt: Dec;
  amount: Dec;
  admin_fee: Dec;
  installments: number;
  status: BillStatus;
  paid_off_date: string | null;
}

export function totalsOf(b: BillRow): BillTotals {
  return {
    paid: b.paid,
    deducted: b.deducted,
    written_off: b.written_off,
    debt: b.debt,
    amount: b.amount,
    admin_fee: b.admin_fee,
    installments: b.installments,
    status: b.status,
    paid_off_date: b.paid_off_date,
  };
}

export async function saveBillTotals(tx: Tx, id: string, t: BillTotals): Promise<void> {
  await tx.exec(
    `UPDATE bill SET paid = $2, deducted = $3, written_off = $4, debt = $5, amount = $6, installments = $7, status = $8, paid_off_date = $9,
            admin_fee = $10
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, t.paid, t.deducted, t.written_off, t.debt, t.amount, t.installments, t.status, t.paid_off_date, t.admin_fee],
  );
}

export async function productGl(tx: Tx, productId: string): Promise<Record<string, string>> {
  const rows = await tx.query<{ role: string; coa_id: string }>(
    'SELECT role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1',
    [productId],
  );
  return Object.fromEntries(rows.map((r) => [r.role, r.coa_id]));
}

/** Next bill number: <product code>.<seq> under the product row's lock. */
export async function nextBillNumber(tx: Tx, productId: string): Promise<string> {
  const r = await tx.one<{ code: string; last_account_seq: number }>(
    'UPDATE product SET last_account_seq = last_account_seq + 1 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code, last_account_seq',
    [productId],
  );
  return `${r!.code}.${String(r!.last_account_seq).padStart(6, '0')}`;
}

export interface NewBill {
  number: string;
  memberId: string;
  productId: string;
  termsVersion: number;
  name: string;
  type: BillType;
  date: string;
  amount: Dec;
  perBillAmount: Dec;
  adminFee: Dec;
  installments: number;
  description: string | null;
  createdBy: string | null;
}

export async function insertBill(tx: Tx, b: NewBill): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO bill (tenant_id, bill_number, member_id, product_id, terms_version, name, bill_type, status, bill_date, amount, per_bill_amount,
                       admin_fee, installments, description, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, 'WAITING_APPROVAL', $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      b.number,
      b.memberId,
      b.productId,
      b.termsVersion,
      b.name,
      b.type,
      b.date,
      b.amount,
      b.perBillAmount,
      b.adminFee,
      b.installments,
      b.description,
      b.createdBy,
    ],
  );
  return r!.id;
}

export async function updateWaitingBill(
  tx: Tx,
  id: string,
  b: Pick<NewBill, 'name' | 'type' | 'date' | 'amount' | 'perBillAmount' | 'adminFee' | 'installments' | 'description'>,
): Promise<void> {
  await tx.exec(
    `UPDATE bill SET name = $2, bill_type = $3, bill_date = $4, amount = $5, per_bill_amount = $6, admin_fee = $7, installments = $8, description = $9
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, b.name, b.type, b.date, b.amount, b.perBillAmount, b.adminFee, b.installments, b.description],
  );
}

export async function findPayment(tx: Tx, id: string): Promise<BillPaymentRow | undefined> {
  return tx.one<BillPaymentRow>('SELECT * FROM bill_payment WHERE tenant_id = app_tenant() AND id = $1', [id]);
}

export interface NewPayment {
  billId: string;
  date: string;
  amount: Dec;
  billAmount: Dec;
  adminFee: Dec;
  source: 'CASH' | 'SAVING';
  cashId: string | null;
  savingId: string | null;
  savingTxId: string | null;
  journalId: string;
  before: BillSnapshot;
  description: string | null;
  createdBy: string | null;
}

export async function insertPayment(tx: Tx, p: NewPayment): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO bill_payment (tenant_id, bill_id, seq, payment_date, amount, bill_amount, admin_fee, source, cash_coa_id, saving_id,
                               saving_transaction_id, journal_id, before, description, created_by)
     VALUES (app_tenant(), $1, (SELECT coalesce(max(seq), 0) + 1 FROM bill_payment WHERE tenant_id = app_tenant() AND bill_id = $1),
             $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     RETURNING id`,
    [
      p.billId,
      p.date,
      p.amount,
      p.billAmount,
      p.adminFee,
      p.source,
      p.cashId,
      p.savingId,
      p.savingTxId,
      p.journalId,
      JSON.stringify(p.before),
      p.description,
      p.createdBy,
    ],
  );
  return r!.id;
}

/** A later posted payment, or a schedule change (update/delete installment, stop) after it: a payment is no longer the last. */
export async function changedSince(tx: Tx, billId: string, seq: number, since: Date): Promise<boolean> {
  const r = await tx.one(
    `SELECT 1 FROM bill_payment WHERE tenant_id = app_tenant() AND bill_id = $1 AND status = 'POSTED' AND seq > $2
     UNION ALL
     SELECT 1 FROM bill WHERE tenant_id = app_tenant() AND id = $1 AND schedule_changed_at > $3
     LIMIT 1`,
    [billId, seq, since],
  );
  return Boolean(r);
}

/** Marks the schedule changed now (update/delete installment, stop). */
export async function markScheduleChanged(tx: Tx, billId: string): Promise<void> {
  await tx.exec('UPDATE bill SET schedule_changed_at = clock_timestamp() WHERE tenant_id = app_tenant() AND id = $1', [billId]);
}

export async function paymentsOf(tx: Tx, billId: string, page: number, limit: number) {
  const total = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM bill_payment WHERE tenant_id = app_tenant() AND bill_id = $1', [
    billId,
  ]);
  const rows = await tx.query<BillPaymentRow>(
    `SELECT * FROM bill_payment WHERE tenant_id = app_tenant() AND bill_id = $1 ORDER BY seq DESC LIMIT ${limit} OFFSET ${page * limit}`,
    [billId],
  );
  return { rows, total: total?.n ?? 0 };
}
