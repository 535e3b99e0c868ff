/**
 * The shared steps of business-unit transactions (business-units.transactions.ts, business-units.debts.ts):
 * lock the unit, lock the member's debt row, the journal lines of each kind, and `record` (the journal and the
 * transaction row in the caller's transaction, audited). Lock order: unit, debt row, savings account.
 */
import type { Dec } from '@koperasi/finance';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { type JournalLineInput, post } from '../ledger/posting.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { type BusinessUnitRow, findUnit } from './business-units.repo.ts';

export const MODULE = 'BUSINESS_UNIT';

export async function lockUnit(tx: Tx, id: string): Promise<BusinessUnitRow> {
  const u = await findUnit(tx, id, true);
  if (!u) throw notFound('business_unit.not_found');
  if (u.status !== 'ACTIVE') throw unprocessable('BUSINESS_UNIT_INACTIVE', 'business_unit.inactive', { name: u.name });
  return u;
}

/** The signed-in agent (agents act on their own members only, docs/access.md "Agents"); null for staff. */
export const agentOf = (ctx: Ctx): string | null => (ctx.principal?.roleCode === 'AGENT' ? ctx.userId : null);

/** The member exists (and, for an agent, is one of the agent's members). */
export async function memberExists(tx: Tx, id: string, agentId: string | null = null): Promise<boolean> {
  const sql = `SELECT 1 FROM member m WHERE m.tenant_id = $1 AND m.id = $2${agentId ? ` AND ${agentMemberCondition('m', '$3')}` : ''}`;
  return Boolean(await tx.one(sql, agentId ? [tx.tenantId, id, agentId] : [tx.tenantId, id]));
}

/** The member's debt row to the unit, locked (created at 0 when `create`). */
export async function lockDebt(tx: Tx, unitId: string, memberId: string, create: boolean): Promise<Dec | null> {
  if (create) {
    await tx.exec('INSERT INTO business_unit_debt (tenant_id, business_unit_id, member_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      tx.tenantId,
      unitId,
      memberId,
    ]);
  }
  const r = await tx.one<{ balance: Dec }>(
    'SELECT balance FROM business_unit_debt WHERE tenant_id = $1 AND business_unit_id = $2 AND member_id = $3 FOR UPDATE',
    [tx.tenantId, unitId, memberId],
  );
  return r ? dec(r.balance) : null;
}

export async function addDebt(tx: Tx, unitId: string, memberId: string, delta: Dec) {
  await tx.exec('UPDATE business_unit_debt SET balance = balance + $4 WHERE tenant_id = $1 AND business_unit_id = $2 AND member_id = $3', [
    tx.tenantId,
    unitId,
    memberId,
    delta.toFixed(2),
  ]);
}

/** What the unit still owes its suppliers: purchases on credit less their payments (posted ones). */
export async function unitPayable(tx: Tx, unitId: string): Promise<Dec> {
  const r = await tx.one<{ owed: Dec }>(
    `SELECT coalesce(sum(CASE kind WHEN 'PURCHASE_CREDIT' THEN amount ELSE -amount END), 0) AS owed
     FROM business_unit_transaction WHERE tenant_id = $1 AND business_unit_id = $2 AND status = 'POSTED'
       AND kind IN ('PURCHASE_CREDIT', 'PAYABLE_PAYMENT')`,
    [tx.tenantId, unitId],
  );
  return dec(r?.owed ?? 0);
}

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
  await tx.exec(
    `INSERT INTO business_unit_transaction (tenant_id, id, business_unit_id, kind, member_id, amount, date, description, payment_source, journal_id,
       created_by, saving_id, saving_transaction_id, cash_coa_id, admin_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      tx.tenantId,
      id,
      u.id,
      t.kind,
      t.memberId,
      t.amount.toFixed(2),
      t.date,
      t.description,
      t.source,
      journal.id,
      ctx.userId,
      t.savingId ?? null,
      t.savingTransactionId ?? null,
      t.cashCoaId ?? null,
      (t.adminFee ?? dec(0)).toFixed(2),
    ],
  );
  const view = await transactionView(tx, id);
  await audit(tx, ctx, { action: `business_unit.${t.kind.toLowerCase()}`, entity: 'business_unit_transaction', entityId: id, after: view });
  return view;
}

export const TX_SELECT = `SELECT t.id, t.business_unit_id, u.name AS business_unit_name, t.kind, t.member_id, m.full_name AS member_name,
    m.cif_number, t.amount, t.date, t.description, t.payment_source, t.journal_id, t.status, t.cancel_journal_id, t.cancel_reason,
    t.created_date, j.number AS journal_number, t.saving_id, s.account_number AS saving_account_number, t.saving_transaction_id,
    t.admin_fee, t.cash_coa_id, cc.code AS cash_coa_code, cc.name AS cash_coa_name
  FROM business_unit_transaction t
  LEFT JOIN coa_account cc ON cc.tenant_id = t.tenant_id AND cc.id = t.cash_coa_id
  LEFT JOIN journal j ON j.tenant_id = t.tenant_id AND j.id = t.journal_id
  JOIN business_unit u ON u.tenant_id = t.tenant_id AND u.id = t.business_unit_id
  LEFT JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
  LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id`;

export interface TxRow {
  id: string;
  business_unit_id: string;
  business_unit_name: string;
  kind: string;
  member_id: string | null;
  member_name: string | null;
  cif_number: string | null;
  amount: Dec;
  date: string;
  description: string | null;
  payment_source: string | null;
  journal_id: string;
  status: string;
  cancel_journal_id: string | null;
  cancel_reason: string | null;
  created_date: Date;
  journal_number: string | null;
  saving_id: string | null;
  saving_account_number: string | null;
  saving_transaction_id: string | null;
  admin_fee: Dec;
  cash_coa_id: string | null;
  cash_coa_code: string | null;
  cash_coa_name: string | null;
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
  const r = await tx.one<TxRow>(`${TX_SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tx.tenantId, id]);
  return txOut(r!);
}
