/**
 * SQL of the member transaction lists (savings.lists.ts): a page or every row under a filter (`where` with its
 * params, from txWhere), one transaction with its operation, reversal and journal lines, an account's mutations.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';
import { namesAlias, orderBy } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow, TX_FROM, TX_SELECT, type TxRow } from './savings.repo.ts';

const TX_SORT = {
  created_date: 't.created_at',
  created_at: 't.created_at',
  transaction_date: 't.transaction_date',
  approved_date: 't.approved_at',
  amount: 't.amount',
  code: 't.code',
  member_name: 'lower(m.full_name)',
  cif_number: 'm.cif_number',
  product_name: 'lower(p.name)',
  activity: 't.activity',
  kind: 't.kind',
};
/** The sort expressions of NOT NULL columns (orderBy: sorted without "NULLS LAST", so their indexes serve a page). */
const TX_NOT_NULL = ['t.created_at', 't.transaction_date', 't.amount', 't.code', 't.activity', 't.kind'];

/**
 * The count of a filter's transactions: from the transactions alone when the filter names none of the joined tables
 * (the member and the product are inner joins on foreign keys, one row each; the others are left joins), so a list
 * over a million movements is counted without joining each of them (1.0 s -> 0.1 s at 987,000).
 */
function countFrom(where: string): string {
  return namesAlias(where, 'm', 'p', 's', 'u', 'c', 'j') ? TX_FROM : 'member_transaction t';
}

/**
 * The statements of a page of transactions under a filter: the count of all, and the page (its limit and offset the
 * last two parameters). Apart from txPage so a test can read their plans (savings-history-scale.test.ts).
 */
export function txPageSql(where: string, q: { sortBy: string | undefined; dir: 'ASC' | 'DESC' }, limitParam: number) {
  return {
    count: `SELECT count(*)::int AS n FROM ${countFrom(where)} WHERE ${where}`,
    page: `SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE ${where} ${orderBy(q.sortBy, q.dir, TX_SORT, 'created_date', 't.seq', TX_NOT_NULL)}
     LIMIT $${limitParam} OFFSET $${limitParam + 1}`,
  };
}

/** One page of transactions under a filter, and the count of all. */
export async function txPage(
  tx: Tx,
  where: string,
  params: unknown[],
  q: { sortBy: string | undefined; dir: 'ASC' | 'DESC'; page: number; limit: number },
) {
  const sql = txPageSql(where, q, params.length + 1);
  const total = await tx.one<{ n: number }>(sql.count, params);
  const rows = await tx.query<TxRow>(sql.page, [...params, q.limit, q.page * q.limit]);
  return { rows, total: total?.n ?? 0 };
}

/** Every transaction under a filter (Excel): at most EXPORT_FETCH_LIMIT, so a larger export is refused, never cut short. */
export async function txRowsAll(tx: Tx, where: string, params: unknown[], sortBy: string | undefined, dir: 'ASC' | 'DESC') {
  return tx.query<TxRow>(
    `SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE ${where} ${orderBy(sortBy, dir, TX_SORT, 'created_date', 't.seq', TX_NOT_NULL)} LIMIT ${EXPORT_FETCH_LIMIT}`,
    params,
  );
}

/** A transaction by id or code; an agent's (`agentUserId` set): only one it entered. */
export async function txRowBy(tx: Tx, by: 'id' | 'code', value: string, agentUserId: string | null | undefined) {
  const params: unknown[] = [by === 'code' ? value.toUpperCase() : value];
  let where = `t.tenant_id = app_tenant() AND ${by === 'id' ? 't.id = $1::uuid' : 't.code = $1'}`;
  if (agentUserId !== undefined) {
    params.push(agentUserId);
    where += ` AND t.created_by = $2`;
  }
  return tx.one<TxRow>(`SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE ${where}`, params);
}

/** The rows of one operation, in order. */
export async function txGroupRows(tx: Tx, groupId: string) {
  return tx.query<TxRow>(`SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE t.tenant_id = app_tenant() AND t.group_id = $1 ORDER BY t.seq`, [
    groupId,
  ]);
}

/** The reversal of a transaction, if any. */
export async function txReversalOf(tx: Tx, id: string) {
  return tx.one<TxRow>(`SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE t.tenant_id = app_tenant() AND t.reversal_of_id = $1`, [id]);
}

/** The lines of these journals with their account, in posting order. */
export async function journalLinesOf(tx: Tx, journalIds: string[]) {
  return tx.query<{
    journal_id: string;
    number: string;
    date: string;
    line_no: number;
    code: string;
    name: string;
    debit: Dec;
    credit: Dec;
  }>(
    `SELECT l.journal_id, j.number, j.date, l.line_no, a.code, a.name, l.debit, l.credit
       FROM journal_line l JOIN journal j ON j.tenant_id = l.tenant_id AND j.id = l.journal_id
       JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
       WHERE l.tenant_id = app_tenant() AND l.journal_id = ANY($1::uuid[]) ORDER BY j.seq, l.line_no`,
    [`{${journalIds.join(',')}}`],
  );
}

/** The account; for an agent (`agent` set) only one of its members. */
export async function accountRowFor(tx: Tx, savingId: string, agent: string | null) {
  return tx.one<AccountRow>(
    `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = $1 ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
    agent ? [savingId, agent] : [savingId],
  );
}

/** One page of an account's movements (optionally between two days) by sequence, and their count. */
export async function mutationPage(
  tx: Tx,
  savingId: string,
  q: { start?: string; end?: string; dir: 'ASC' | 'DESC'; page: number; limit: number },
) {
  const params: unknown[] = [savingId];
  let where = 't.tenant_id = app_tenant() AND t.saving_id = $1';
  if (q.start) {
    params.push(q.start);
    where += ` AND t.transaction_date >= $${params.length}::date`;
  }
  if (q.end) {
    params.push(q.end);
    where += ` AND t.transaction_date <= $${params.length}::date`;
  }
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_transaction t WHERE ${where}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<TxRow>(
    `SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE ${where} ORDER BY t.seq ${q.dir === 'ASC' ? 'ASC' : 'DESC'}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total?.n ?? 0 };
}
