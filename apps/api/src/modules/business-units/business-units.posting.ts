/**
 * The shared steps of business-unit transactions (business-units.transactions.ts, business-units.debts.ts):
 * lock the unit, lock the member's debt row, the journal lines of each kind, and `record` (the journal and the
 * transaction row in the caller's transaction, audited). Lock order: unit, debt row, savings account.
 */
import type { Dec } from '@koperasi/finance';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { type JournalLineInput, post } from '../ledger/posting.ts';
import { audit } from '../money/index.ts';
import { type BusinessUnitRow, findUnit } from './business-units.repo.ts';
import { insertTransaction, type TxRow, transactionRow } from './business-units.tx.repo.ts';

export const MODULE = 'BUSINESS_UNIT';

export async function lockUnit(tx: Tx, id: string): Promise<BusinessUnitRow> {
  const u = await findUnit(tx, id, true);
  if (!u) throw notFound('business_unit.not_found');
  if (u.status !== 'ACTIVE') throw unprocessable('BUSINESS_UNIT_INACTIVE', 'business_unit.inactive', { name: u.name });
  return u;
}

/** The signed-in agent (agents act on their own members only, docs/access.md "Agents"); null for staff. */
export const agentOf = (ctx: Ctx): string | null => (ctx.principal?.roleCode === 'AGENT' ? ctx.userId : null);

export const LABEL: Record<string, string> = {
  SALE_CREDIT: 'Penjualan kredit',
  SALE_CASH: 'Penjualan tunai',
  PURCHASE: 'Pembelian',
  PURCHASE_CREDIT: 'Pembelian kredit',
  PAYABLE_PAYMENT: 'Pembayaran utang usaha',
  STOCK_LOSS: 'Kerugian persediaan',
  EXPENSE: 'Beban operasional',
  DEBT_PAYMENT: 'Pembayaran utang',
};

/** The kinds that move cash (their cash leg is `cash`: the teller's drawer or the unit's cash account). */
export const CASH_KINDS = new Set(['SALE_CASH', 'PURCHASE', 'PAYABLE_PAYMENT', 'EXPENSE', 'DEBT_PAYMENT']);

export function linesOf(u: BusinessUnitRow, kind: string, amount: Dec, cash: string = u.cash_account_id): JournalLineInput[] {
  const [debit, credit] = (
    {
      SALE_CREDIT: [u.receivable_account_id, u.revenue_account_id],
      SALE_CASH: [cash, u.revenue_account_id],
      PURCHASE: [u.inventory_account_id, cash],
      PURCHASE_CREDIT: [u.inventory_account_id, u.payable_account_id],
      PAYABLE_PAYMENT: [u.payable_account_id, cash],
      STOCK_LOSS: [u.inventory_loss_account_id, u.inventory_account_id],
      EXPENSE: [u.expense_account_id, cash],
      DEBT_PAYMENT: [cash, u.receivable_account_id],
    } as Record<string, [string, string]>
  )[kind];
  return [
    { accountId: debit, debit: amount, businessUnitId: u.id },
    { accountId: credit, credit: amount, businessUnitId: u.id },
  ];
}

export interface RecordInput {
  kind: string;
  memberId: string | null;
  amount: Dec;
  date: string;
  description: string | null;
  source: string | null;
  /** Chosen first when a savings movement carries the journal id from the start. */
  id?: string;
  journalId?: string;
  /** Other lines than the kind's (a payment from savings: savings control / receivable). */
  lines?: JournalLineInput[];
  savingId?: string | null;
  savingTransactionId?: string | null;
  /** The cash leg's account (the teller's drawer or the unit's cash account); null when no cash moved. */
  cashCoaId?: string | null;
  adminFee?: Dec;
}

/** Posts the transaction's journal and writes its row and audit entry; answers the transaction's view. */
export async function record(tx: Tx, ctx: Ctx, u: BusinessUnitRow, t: RecordInput) {
  const id = t.id ?? crypto.randomUUID();
  const journal = await post(tx, ctx, {
    id: t.journalId,
    date: t.date,
    description: `${LABEL[t.kind]} ${u.name}${t.description ? `: ${t.description}` : ''}`.slice(0, 500),
    source: { module: MODULE, id },
    lines: t.lines ?? linesOf(u, t.kind, t.amount, t.cashCoaId ?? u.cash_account_id),
  });
  await insertTransaction(tx, {
    id,
    businessUnitId: u.id,
    kind: t.kind,
    memberId: t.memberId,
    amount: t.amount,
    date: t.date,
    description: t.description,
    source: t.source,
    journalId: journal.id,
    createdBy: ctx.userId,
    savingId: t.savingId ?? null,
    savingTransactionId: t.savingTransactionId ?? null,
    cashCoaId: t.cashCoaId ?? null,
    adminFee: t.adminFee ?? dec(0),
  });
  const view = await transactionView(tx, id);
  await audit(tx, ctx, { action: `business_unit.${t.kind.toLowerCase()}`, entity: 'business_unit_transaction', entityId: id, after: view });
  return view;
}

export function txOut(r: TxRow) {
  return {
    id: r.id,
    businessUnitId: r.business_unit_id,
    businessUnitName: r.business_unit_name,
    kind: r.kind,
    memberId: r.member_id,
    memberName: r.member_name,
    cifNumber: r.cif_number,
    amount: dec(r.amount),
    date: r.date,
    description: r.description,
    paymentSource: r.payment_source,
    journalId: r.journal_id,
    journalNumber: r.journal_number,
    status: r.status,
    cancelJournalId: r.cancel_journal_id,
    cancelReason: r.cancel_reason,
    createdDate: r.created_date,
    memberSavingId: r.saving_id,
    savingAccountNumber: r.saving_account_number,
    savingTransactionId: r.saving_transaction_id,
    adminFee: dec(r.admin_fee),
    cashAccount: r.cash_coa_id ? { id: r.cash_coa_id, code: r.cash_coa_code, name: r.cash_coa_name } : null,
  };
}

export async function transactionView(tx: Tx, id: string) {
  return txOut((await transactionRow(tx, id))!);
}
