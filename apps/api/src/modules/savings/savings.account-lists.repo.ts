/** SQL of the savings account lists (savings.account-lists.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, namesAlias, orderBy } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow } from './savings.repo.ts';

/** Whether the member exists (and, for an agent, is one of the agent's). */
export async function memberVisible(tx: Tx, memberId: string, agent: string | null): Promise<boolean> {
  const m = await tx.one(
    `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
    agent ? [memberId, agent] : [memberId],
  );
  return !!m;
}

/** A member's accounts, active first, in the order of the saving types. */
export async function memberAccountRows(tx: Tx, memberId: string, q: { status?: string; kind?: string }) {
  const params: unknown[] = [memberId];
  let where = 's.tenant_id = app_tenant() AND s.member_id = $1';
  if (q.status) {
    params.push(q.status.toUpperCase());
    where += ` AND s.status = $${params.length}`;
  }
  if (q.kind) {
    params.push(q.kind.toUpperCase());
    where += ` AND s.kind = $${params.length}`;
  }
  return tx.query<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
     ORDER BY (s.status = 'ACTIVE') DESC, array_position(ARRAY['PRINCIPAL','MANDATORY','PARTICIPATION','VOLUNTARY','PLAN'], s.saving_type), s.created_date, s.id`,
    params,
  );
}

/** One account (for an agent, only of the agent's members). */
export async function accountRow(tx: Tx, savingId: string, agent: string | null) {
  return tx.one<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = $1
     ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
    agent ? [savingId, agent] : [savingId],
  );
}

/** The account's waiting requests, oldest first. */
export async function waitingRequests(tx: Tx, savingId: string) {
  return tx.query<{ id: string; type: string; amount: Dec; requested_at: Date }>(
    `SELECT id, type, amount, requested_at FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = 'WAITING' ORDER BY requested_at`,
    [savingId],
  );
}

/**
 * Open accounts for the as-you-type search: the accounts of the members member_quick_search finds (exact CIF, then
 * CIF, phone and identity prefixes, then names; indexed arms, as the member search), and the accounts whose number
 * starts with the text (a text_pattern_ops range, leakproof, so usable under row-level security; LIKE rechecks it);
 * for an agent (agentId), the agent's members only. Exact CIF first, then CIF prefix, then by name. Before, every open
 * account was joined to its member and compared: 300-500 ms a keystroke at 300,000 accounts, now ~10-30 ms.
 */
export async function searchAccountRows(
  tx: Tx,
  q: { kind?: string; limit: number },
  /** member_quick_search's six patterns (members.list.ts quickSearchArgs). */
  patterns: readonly (string | null)[],
  numberPrefix: string,
  agentId: string | null,
) {
  const params: unknown[] = [
    ...patterns,
    agentId,
    numberPrefix,
    `${numberPrefix}\u{10FFFF}`,
    `${numberPrefix.replace(/[\\%_]/g, '\\$&')}%`,
  ];
  let where = `s.tenant_id = app_tenant() AND s.status = 'ACTIVE'
    AND (s.member_id = ANY (ARRAY(SELECT h.id FROM member_quick_search($1, $2, $3, $4, $5, $6, false, $7::uuid, ${MEMBER_HITS}) h))
         OR (s.account_number ~>=~ $8 AND s.account_number ~<~ $9 AND s.account_number LIKE $10))`;
  if (q.kind) {
    params.push(q.kind.toUpperCase());
    where += ` AND s.kind = $${params.length}`;
  }
  if (agentId) where += ` AND ${agentMemberCondition('m', '$7')}`;
  params.push(q.limit);
  return tx.query<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
     ORDER BY (m.cif_number = $1) DESC NULLS LAST, (m.cif_number LIKE $2) DESC NULLS LAST, lower(m.full_name), s.account_number LIMIT $${params.length}`,
    params,
  );
}

/** Members the account search takes from member_quick_search (their accounts are then limited to the page). */
const MEMBER_HITS = 100;

const ACCOUNT_SORT = {
  created_date: 's.created_date',
  account_number: 's.account_number',
  balance: 's.balance',
  member_name: 'lower(m.full_name)',
  cif_number: 'm.cif_number',
  last_transaction_date: 's.last_transaction_date',
};
/** NOT NULL sort columns, sorted without "NULLS LAST" so the created index serves a page (lib/http.ts orderBy). */
const ACCOUNT_NOT_NULL = ['s.created_date', 's.account_number', 's.balance', 'm.cif_number'];

export interface AccountFilter extends PageQuery {
  productId?: string;
  memberId?: string;
  memberIds?: string[];
  kind?: string;
  savingType?: string[];
  status?: string;
  isActive?: boolean;
  branchId?: string;
  isAutoDebit?: boolean;
  isSourceOfFund?: boolean;
}

/** One page of accounts under the filter, and how many there are; for an agent (agentId), the agent's members only. */
export async function accountRowsPage(tx: Tx, q: AccountFilter, agentId: string | null) {
  const where = ['s.tenant_id = app_tenant()'];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.search) {
    const s = p(likePattern(q.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
  }
  if (q.productId) where.push(`s.product_id = ${p(q.productId)}`);
  if (q.memberId) where.push(`s.member_id = ${p(q.memberId)}`);
  if (q.memberIds?.length) where.push(`s.member_id = ANY(${p(`{${q.memberIds.join(',')}}`)}::uuid[])`);
  if (q.kind) where.push(`s.kind = ${p(q.kind.toUpperCase())}`);
  if (q.savingType?.length) where.push(`s.saving_type = ANY(${p(`{${q.savingType.join(',')}}`)}::text[])`);
  if (q.isAutoDebit !== undefined) where.push(q.isAutoDebit ? 's.is_auto_debit' : 'NOT s.is_auto_debit');
  if (q.isSourceOfFund !== undefined) where.push(q.isSourceOfFund ? 's.is_source_of_fund' : 'NOT s.is_source_of_fund');
  if (q.status) where.push(`s.status = ${p(q.status.toUpperCase())}`);
  if (q.isActive !== undefined) where.push(q.isActive ? `s.status = 'ACTIVE'` : `s.status <> 'ACTIVE'`);
  if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
  if (agentId) where.push(agentMemberCondition('m', p(agentId)));
  // The member is joined for the count only when a filter names it (every account has its member: a foreign key).
  const joinMember = namesAlias(where.join(' '), 'm') ? 'JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id' : '';
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_saving s ${joinMember} WHERE ${where.join(' AND ')}`,
    params,
  );
  const rows = await tx.query<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')}
     ${orderBy(q.sortBy, q.ascOrDesc, ACCOUNT_SORT, 'created_date', 's.id', ACCOUNT_NOT_NULL)} LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
    params,
  );
  return { total: total?.n ?? 0, rows };
}
