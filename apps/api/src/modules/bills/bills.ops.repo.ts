/** SQL of bill decisions, payment cancellations, stops, the bills' hooks and the bill lists (bills.apply/money/hooks/reads.ts). */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { BILL_SELECT, type BillRow } from './bills.repo.ts';

/** The member is one of the agent's. */
export async function agentHasMember(tx: Tx, memberId: string, agentId: string): Promise<boolean> {
  return Boolean(
    await tx.one(`SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`, [
      memberId,
      agentId,
    ]),
  );
}

export async function markBillRejected(tx: Tx, id: string, reason: string | null, userId: string | null) {
  await tx.exec(
    `UPDATE bill SET status = 'REJECTED', decision_reason = $2, approved_by = $3, approved_date = NULL WHERE tenant_id = app_tenant() AND id = $1`,
    [id, reason, userId],
  );
}

export async function markBillRunning(
  tx: Tx,
  id: string,
  a: { date: string; userId: string | null; journalId: string; receivableCoaId: string; debt: Dec | string; reason: string | null },
) {
  await tx.exec(
    `UPDATE bill SET status = 'RUNNING', approved_date = $2, approved_by = $3, approve_journal_id = $4, receivable_coa_id = $5, debt = $6,
            decision_reason = $7
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, a.date, a.userId, a.journalId, a.receivableCoaId, a.debt, a.reason],
  );
}

/** Puts the installments back as a payment's snapshot had them. */
export async function restoreInstallments(tx: Tx, installments: unknown[]) {
  await tx.exec(
    `UPDATE bill_installment i SET amount_paid = x.amount_paid, admin_fee_paid = x.admin_fee_paid, paid_date = x.paid_date, status = x.status
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, amount_paid numeric, admin_fee_paid numeric, paid_date date, status text)
     WHERE i.tenant_id = app_tenant() AND i.id = x.id`,
    [JSON.stringify(installments)],
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

export async function markPaymentCancelled(tx: Tx, id: string, userId: string | null, reason: string, reversalJournalId: string) {
  await tx.exec(
    `UPDATE bill_payment SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3, reversal_journal_id = $4
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason, reversalJournalId],
  );
}

export async function markBillStopped(tx: Tx, id: string, date: string, userId: string | null, reason: string) {
  await tx.exec('UPDATE bill SET stopped_date = $2, stopped_by = $3, stop_reason = $4 WHERE tenant_id = app_tenant() AND id = $1', [
    id,
    date,
    userId,
    reason,
  ]);
}

/** The member's running or waiting bills (the exit check). */
export async function openBillsOf(tx: Tx, memberId: string) {
  return tx.query<{ id: string; bill_number: string; name: string; debt: never }>(
    `SELECT id, bill_number, name, debt FROM bill
     WHERE tenant_id = app_tenant() AND member_id = $1 AND status IN ('RUNNING', 'WAITING_APPROVAL')`,
    [memberId],
  );
}

/** Per product: its bills and what the running ones still owe. */
export async function billUsage(tx: Tx, productIds: string[]) {
  const rows = await tx.query<{ product_id: string; n: number; balance: never }>(
    `SELECT product_id, count(*)::int AS n, coalesce(sum(debt) FILTER (WHERE status = 'RUNNING'), 0) AS balance
     FROM bill WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) GROUP BY product_id`,
    [`{${productIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: dec(r.balance) }]));
}

const SORTS: Record<string, string> = {
  created_date: 'b.created_date',
  createdDate: 'b.created_date',
  billNumber: 'b.bill_number',
  memberName: 'm.full_name',
  amount: 'b.amount',
  debt: 'b.debt',
  date: 'b.bill_date',
};

export interface BillPageQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc?: string;
  status?: string;
  productId?: string;
  memberId?: string;
}

/** One page of bills (search on number, name, member, CIF; `agentId`: the agent's members only) and the count. */
export async function billsPage(tx: Tx, q: BillPageQuery, agentId: string | null): Promise<{ rows: BillRow[]; total: number }> {
  const params: unknown[] = [];
  const where = ['b.tenant_id = app_tenant()'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.status) add('b.status = ?', q.status);
  if (q.productId) add('b.product_id = ?', q.productId);
  if (q.memberId) add('b.member_id = ?', q.memberId);
  if (q.search) {
    params.push(`%${q.search}%`);
    const n = `$${params.length}`;
    where.push(`(b.bill_number ILIKE ${n} OR b.name ILIKE ${n} OR m.full_name ILIKE ${n} OR m.cif_number ILIKE ${n})`);
  }
  if (agentId) {
    params.push(agentId);
    where.push(agentMemberCondition('m', `$${params.length}`));
  }
  const cond = where.join(' AND ');
  const order = `${SORTS[q.sortBy ?? 'created_date'] ?? 'b.created_date'} ${String(q.ascOrDesc).toUpperCase() === 'ASC' ? 'ASC' : 'DESC'}, b.id`;
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM bill b JOIN member m ON m.tenant_id = b.tenant_id AND m.id = b.member_id WHERE ${cond}`,
    params,
  );
  const rows = await tx.query<BillRow>(
    `${BILL_SELECT} WHERE ${cond} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Bills approved between start and end (filters: product, branch, bill type; `agentId`: the agent's members only). */
export async function approvedBills(
  tx: Tx,
  q: { start: string; end: string; productId?: string; branchId?: string; billType?: string },
  agentId: string | null,
  limit?: number,
): Promise<BillRow[]> {
  const params: unknown[] = [q.start, q.end];
  const where = ['b.tenant_id = app_tenant()', 'b.approved_date BETWEEN $1::date AND $2::date'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.productId) add('b.product_id = ?', q.productId);
  if (q.branchId) add('m.branch_id = ?', q.branchId);
  if (q.billType) add('b.bill_type = ?', q.billType);
  if (agentId) {
    params.push(agentId);
    where.push(agentMemberCondition('m', `$${params.length}`));
  }
  const cap = limit ? ` LIMIT ${Number(limit)}` : '';
  return tx.query<BillRow>(`${BILL_SELECT} WHERE ${where.join(' AND ')} ORDER BY b.approved_date, b.bill_number${cap}`, params);
}
