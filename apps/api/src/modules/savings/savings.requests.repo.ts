/** SQL of withdrawal and cash-out requests (savings.requests.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

export type RequestType = 'WITHDRAWAL' | 'CASH_OUT_ONLINE';

export interface RequestRow {
  id: string;
  type: RequestType;
  saving_id: string;
  member_id: string;
  amount: Dec;
  description: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
  bank_account_name: string | null;
  cash_coa_id: string | null;
  channel: 'TELLER' | 'AGENT' | 'MOBILE' | 'SYSTEM';
  status: 'WAITING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  reason: string | null;
  requested_by: string | null;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  transaction_id: string | null;
  account_number: string;
  balance: Dec;
  product_name: string;
  cif_number: string;
  member_name: string;
  phone: string | null;
  requested_by_name: string | null;
  decided_by_name: string | null;
  transaction_code: string | null;
  cash_code: string | null;
  cash_name: string | null;
}

const SELECT = `
  SELECT r.*, s.account_number, s.balance, p.name AS product_name, m.cif_number, m.full_name AS member_name, m.phone,
         nullif(concat_ws(' ', ru.first_name, ru.last_name), '') AS requested_by_name,
         nullif(concat_ws(' ', du.first_name, du.last_name), '') AS decided_by_name,
         t.code AS transaction_code, c.code AS cash_code, c.name AS cash_name
  FROM saving_request r
  JOIN member_saving s ON s.tenant_id = r.tenant_id AND s.id = r.saving_id
  JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
  JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id
  LEFT JOIN app_user ru ON ru.tenant_id = r.tenant_id AND ru.id = r.requested_by
  LEFT JOIN app_user du ON du.tenant_id = r.tenant_id AND du.id = r.decided_by
  LEFT JOIN member_transaction t ON t.tenant_id = r.tenant_id AND t.id = r.transaction_id
  LEFT JOIN coa_account c ON c.tenant_id = r.tenant_id AND c.id = r.cash_coa_id`;

const SORT = {
  created_date: 'r.requested_at',
  requested_at: 'r.requested_at',
  amount: 'r.amount',
  member_name: 'lower(m.full_name)',
  status: 'r.status',
};

export interface RequestFilter {
  page: number;
  limit: number;
  search?: string;
  /** A status, or 'ALL'. */
  status: string;
  start?: string;
  end?: string;
  sortBy?: string;
  dir: 'ASC' | 'DESC';
  /** Set for an agent: only its members' requests. */
  agentUserId?: string | null;
}

/** One page of requests of a type and the counts of all (waiting ones and their amount). */
export async function requestPage(tx: Tx, type: RequestType, q: RequestFilter) {
  const params: unknown[] = [type];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['r.tenant_id = app_tenant()', 'r.type = $1'];
  if (q.status !== 'ALL') where.push(`r.status = ${p(q.status)}`);
  if (q.search) {
    const s = p(likePattern(q.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
  }
  if (q.start) where.push(`r.requested_at >= (${p(q.start)}::date - interval '7 hours')`);
  if (q.end) where.push(`r.requested_at < (${p(q.end)}::date + interval '17 hours')`);
  if (q.agentUserId !== undefined) where.push(agentMemberCondition('m', p(q.agentUserId)));
  const from = `FROM saving_request r JOIN member_saving s ON s.tenant_id = r.tenant_id AND s.id = r.saving_id
                  JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id`;
  const counts = await tx.one<{ n: number; waiting: number; waiting_amount: Dec }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.status = 'WAITING')::int AS waiting,
              coalesce(sum(r.amount) FILTER (WHERE r.status = 'WAITING'), 0) AS waiting_amount
       ${from} WHERE ${where.join(' AND ')}`,
    params,
  );
  const rows = await tx.query<RequestRow>(
    `${SELECT} WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.dir, SORT, 'requested_at', 'r.id')}
       LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
    params,
  );
  return { rows, counts };
}

/** The request of this type (an agent's: only of its members), optionally locked. */
export async function requestRow(tx: Tx, type: RequestType, id: string, agentUserId: string | null | undefined, lock: boolean) {
  const params: unknown[] = [id, type];
  let where = 'r.tenant_id = app_tenant() AND r.id = $1 AND r.type = $2';
  if (agentUserId !== undefined) {
    params.push(agentUserId);
    where += ` AND ${agentMemberCondition('m', '$3')}`;
  }
  return tx.one<RequestRow>(`${SELECT} WHERE ${where}${lock ? ' FOR UPDATE OF r' : ''}`, params);
}

export async function setRequestDecision(
  tx: Tx,
  id: string,
  d: { status: 'APPROVED' | 'REJECTED'; reason: string | null; userId: string | null; transactionId: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE saving_request SET status = $2, reason = $3, decided_by = $4, decided_at = now(), transaction_id = $5
         WHERE tenant_id = app_tenant() AND id = $1`,
    [id, d.status, d.reason, d.userId, d.transactionId],
  );
}

/** The amount of the account's waiting requests. */
export async function waitingRequestTotal(tx: Tx, savingId: string) {
  return tx.one<{ total: Dec }>(
    `SELECT coalesce(sum(amount), 0) AS total FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = 'WAITING'`,
    [savingId],
  );
}

export interface NewCashOut {
  savingId: string;
  memberId: string;
  amount: string;
  description: string | null;
  bankName: string;
  bankAccountNumber: string;
  bankAccountName: string;
  userId: string | null;
}

/** A waiting cash-out request from the member app; its id. */
export async function insertCashOutRequest(tx: Tx, c: NewCashOut): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO saving_request (tenant_id, type, saving_id, member_id, amount, description, bank_name, bank_account_number, bank_account_name,
                                     channel, requested_by)
         VALUES (app_tenant(), 'CASH_OUT_ONLINE', $1, $2, $3, $4, $5, $6, $7, 'MOBILE', $8) RETURNING id`,
    [c.savingId, c.memberId, c.amount, c.description, c.bankName, c.bankAccountNumber, c.bankAccountName, c.userId],
  );
  return r!.id;
}

/** The member's waiting requests cancelled; how many. */
export async function cancelWaitingRequestsOf(tx: Tx, memberId: string, reason: string, userId: string | null): Promise<number> {
  return tx.exec(
    `UPDATE saving_request SET status = 'CANCELLED', reason = $2, decided_by = $3, decided_at = now()
     WHERE tenant_id = app_tenant() AND member_id = $1 AND status = 'WAITING'`,
    [memberId, reason, userId],
  );
}
