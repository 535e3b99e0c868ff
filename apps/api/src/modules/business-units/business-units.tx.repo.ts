/** SQL of business-unit transactions and members' debts to a unit (business-units.posting/transactions/debts.ts). */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

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

/** What the member still owes all business units (the member detail's "stores owed"). */
export async function memberOwed(tx: Tx, memberId: string): Promise<Dec> {
  const r = await tx.one<{ owed: string }>(
    'SELECT coalesce(sum(balance), 0)::text AS owed FROM business_unit_debt WHERE tenant_id = $1 AND member_id = $2',
    [tx.tenantId, memberId],
  );
  return dec(r?.owed ?? 0);
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

export interface TransactionInsert {
  id: string;
  businessUnitId: string;
  kind: string;
  memberId: string | null;
  amount: Dec;
  date: string;
  description: string | null;
  source: string | null;
  journalId: string;
  createdBy: string | null;
  savingId: string | null;
  savingTransactionId: string | null;
  cashCoaId: string | null;
  adminFee: Dec;
}

export async function insertTransaction(tx: Tx, t: TransactionInsert) {
  await tx.exec(
    `INSERT INTO business_unit_transaction (tenant_id, id, business_unit_id, kind, member_id, amount, date, description, payment_source, journal_id,
       created_by, saving_id, saving_transaction_id, cash_coa_id, admin_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      tx.tenantId,
      t.id,
      t.businessUnitId,
      t.kind,
      t.memberId,
      t.amount.toFixed(2),
      t.date,
      t.description,
      t.source,
      t.journalId,
      t.createdBy,
      t.savingId,
      t.savingTransactionId,
      t.cashCoaId,
      t.adminFee.toFixed(2),
    ],
  );
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

/** One transaction's row; with `agent`, only when its member is one of the agent's. */
export async function transactionRow(tx: Tx, id: string, agent: string | null = null): Promise<TxRow | undefined> {
  return tx.one<TxRow>(
    `${TX_SELECT} WHERE t.tenant_id = $1 AND t.id = $2${agent ? ` AND m.id IS NOT NULL AND ${agentMemberCondition('m', '$3')}` : ''}`,
    agent ? [tx.tenantId, id, agent] : [tx.tenantId, id],
  );
}

export async function transactionUnitId(tx: Tx, id: string): Promise<string | undefined> {
  const r = await tx.one<{ business_unit_id: string }>(
    'SELECT business_unit_id FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2',
    [tx.tenantId, id],
  );
  return r?.business_unit_id;
}

export interface LockedUnitTransaction {
  kind: string;
  status: string;
  member_id: string;
  amount: string;
  admin_fee: string;
  journal_id: string;
  saving_id: string | null;
  saving_transaction_id: string | null;
}

export async function lockTransaction(tx: Tx, id: string): Promise<LockedUnitTransaction | undefined> {
  return tx.one<LockedUnitTransaction>(
    `SELECT kind, status, member_id, amount, admin_fee, journal_id, saving_id, saving_transaction_id
     FROM business_unit_transaction WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
    [tx.tenantId, id],
  );
}

/** Marks the savings withdrawal of a cancelled payment cancelled. */
export async function cancelSavingRow(tx: Tx, savingTransactionId: string | null, userId: string | null, reason: string) {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [savingTransactionId, userId, reason],
  );
}

export async function markTransactionCancelled(tx: Tx, id: string, reversalId: string, reason: string, cancelSavingTx: string | null) {
  await tx.exec(
    `UPDATE business_unit_transaction SET status = 'CANCELLED', cancel_journal_id = $3, cancel_reason = $4, cancel_saving_transaction_id = $5
     WHERE tenant_id = $1 AND id = $2`,
    [tx.tenantId, id, reversalId, reason, cancelSavingTx],
  );
}

type Page = { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' };

/** One page of transactions (`debtOnly`: credit sales and debt payments) and the count. */
export async function transactionsPage(
  tx: Tx,
  q: Page & { businessUnitId?: string; memberId?: string; kind?: string },
  agent: string | null,
  debtOnly: boolean,
): Promise<{ rows: TxRow[]; total: number }> {
  const where = ['t.tenant_id = $1'];
  const params: unknown[] = [tx.tenantId];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  if (q.businessUnitId) add('t.business_unit_id = ?', q.businessUnitId);
  if (q.memberId) add('t.member_id = ?', q.memberId);
  if (agent) add(`m.id IS NOT NULL AND ${agentMemberCondition('m', '?')}`, agent);
  if (q.kind) add('t.kind = ?', q.kind);
  if (debtOnly) where.push(`t.kind IN ('SALE_CREDIT', 'DEBT_PAYMENT')`);
  if (q.search) add('(m.full_name ILIKE ? OR m.cif_number ILIKE ? OR t.description ILIKE ?)'.replaceAll('?', '$S'), likePattern(q.search));
  const sql = where.join(' AND ').replaceAll('$S', () => `$${params.length}`);
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM business_unit_transaction t LEFT JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id WHERE ${sql}`,
    params,
  );
  const order = orderBy(
    q.sortBy,
    q.ascOrDesc,
    { created_date: 't.created_date', date: 't.date', amount: 't.amount' },
    'created_date',
    't.id',
  );
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<TxRow>(`${TX_SELECT} WHERE ${sql} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
  return { rows, total: total?.n ?? 0 };
}

export interface DebtRow {
  business_unit_id: string;
  business_unit_name: string;
  member_id: string;
  full_name: string;
  cif_number: string;
  balance: Dec;
}

/** One page of members' debts above zero, their count and their sum. */
export async function debtsPage(
  tx: Tx,
  q: Page & { businessUnitId?: string },
  agent: string | null,
): Promise<{ rows: DebtRow[]; total: number; sum: Dec }> {
  const where = ['d.tenant_id = $1', 'd.balance > 0'];
  const params: unknown[] = [tx.tenantId];
  if (q.businessUnitId) {
    params.push(q.businessUnitId);
    where.push(`d.business_unit_id = $${params.length}`);
  }
  if (q.search) {
    params.push(likePattern(q.search));
    where.push(`(m.full_name ILIKE $${params.length} OR m.cif_number ILIKE $${params.length})`);
  }
  if (agent) {
    params.push(agent);
    where.push(agentMemberCondition('m', `$${params.length}`));
  }
  const from = `FROM business_unit_debt d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
      JOIN business_unit u ON u.tenant_id = d.tenant_id AND u.id = d.business_unit_id WHERE ${where.join(' AND ')}`;
  const total = await tx.one<{ n: number; sum: Dec }>(`SELECT count(*)::int AS n, coalesce(sum(d.balance), 0) AS sum ${from}`, params);
  const order = orderBy(
    q.sortBy,
    q.ascOrDesc,
    { balance: 'd.balance', name: 'lower(m.full_name)', updated_date: 'd.updated_date' },
    'balance',
    'd.member_id',
  );
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<DebtRow>(
    `SELECT d.business_unit_id, u.name AS business_unit_name, d.member_id, m.full_name, m.cif_number, d.balance ${from}
       ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0, sum: dec(total?.sum ?? 0) };
}
