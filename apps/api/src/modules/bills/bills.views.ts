/** Answers of the bills area: rows → the contract's views (money as `Dec`, written as JSON numbers). */
import { ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type BillInstallmentRow, type BillPaymentRow, type BillRow, billInstallments } from './bills.repo.ts';

export function billView(b: BillRow) {
  return {
    id: b.id,
    billNumber: b.bill_number,
    name: b.name,
    billType: b.bill_type,
    status: b.status,
    date: b.bill_date,
    amount: b.amount,
    perBillAmount: b.per_bill_amount,
    adminFee: b.admin_fee,
    installments: b.installments,
    paid: b.paid,
    deducted: b.deducted,
    writtenOff: b.written_off,
    debt: b.debt,
    memberId: b.member_id,
    memberName: b.member_name,
    cifNumber: b.cif_number,
    productId: b.product_id,
    productName: b.product_name,
    termsVersion: b.terms_version,
    approvedDate: b.approved_date,
    decisionReason: b.decision_reason,
    stoppedDate: b.stopped_date,
    stopReason: b.stop_reason,
    paidOffDate: b.paid_off_date,
    description: b.description,
    createdDate: b.created_date,
  };
}

/** What an installment still owes (0 once deleted or stopped). */
export function remainingOf(r: BillInstallmentRow) {
  if (r.status === 'DELETED' || r.status === 'STOPPED') return ZERO;
  return r.amount.plus(r.admin_fee).minus(r.amount_paid).minus(r.admin_fee_paid);
}

export function installmentView(r: BillInstallmentRow) {
  const paidAny = r.amount_paid.plus(r.admin_fee_paid).gt(0);
  const status = r.status === 'OPEN' && paidAny ? 'PARTIAL' : r.status;
  return {
    id: r.id,
    number: r.number,
    dueDate: r.due_date,
    amount: r.amount,
    adminFee: r.admin_fee,
    amountPaid: r.amount_paid,
    adminFeePaid: r.admin_fee_paid,
    remaining: remainingOf(r),
    paidDate: r.paid_date,
    status,
    notes: r.notes,
  };
}

export function paymentView(p: BillPaymentRow) {
  return {
    id: p.id,
    billId: p.bill_id,
    seq: p.seq,
    paymentDate: p.payment_date,
    amount: p.amount,
    billAmount: p.bill_amount,
    adminFee: p.admin_fee,
    source: p.source,
    status: p.status,
    journalId: p.journal_id,
    cancelReason: p.cancel_reason,
    description: p.description,
    createdDate: p.created_date,
  };
}

export async function billDetail(tx: Tx, b: BillRow) {
  const rows = await billInstallments(tx, b.id);
  return { ...billView(b), schedule: rows.filter((r) => r.status !== 'DELETED').map(installmentView) };
}
