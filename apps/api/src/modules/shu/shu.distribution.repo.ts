/** SQL of the SHU distribution and its cancellation (shu.distribution.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** How many fiscal years after `year` are closed. */
export async function closedYearsAfter(tx: Tx, year: number) {
  return tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_fiscal_year WHERE tenant_id = app_tenant() AND fiscal_year > $1 AND status = 'CLOSED'`,
    [year],
  );
}

/** The account of a system key. */
export async function systemAccount(tx: Tx, key: string) {
  return tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND system_key = $1', [key]);
}

/** Each member's target: the oldest active voluntary saving (PENDING), else PAYABLE. */
export async function targetOldestSavings(tx: Tx, calculationId: string): Promise<void> {
  // One pass over the calculation's members, each row's target found by its own member (a correlated look-up by the
  // member's accounts): no join of shu_member with itself, which a table analysed before the calculation's rows were
  // written planned as a nested loop over every pair of members (100,000 members ran past the statement time-out;
  // docs/shu.md "Benchmark").
  await tx.exec(
    `UPDATE shu_member x SET (saving_id, status) = (
       SELECT s.id, CASE WHEN x.net > 0 AND s.id IS NOT NULL THEN 'PENDING' ELSE 'PAYABLE' END
         FROM (SELECT (SELECT ms.id FROM member_saving ms WHERE ms.tenant_id = app_tenant() AND ms.member_id = x.member_id
                         AND ms.kind = 'SAVING' AND ms.saving_type = 'VOLUNTARY' AND ms.status = 'ACTIVE'
                       ORDER BY ms.open_date NULLS LAST, ms.id LIMIT 1) AS id) s)
     WHERE x.tenant_id = app_tenant() AND x.calculation_id = $1`,
    [calculationId],
  );
}

/** Every member's share left payable (CASH payout). */
export async function markAllPayable(tx: Tx, calculationId: string): Promise<void> {
  await tx.exec(`UPDATE shu_member SET status = 'PAYABLE' WHERE tenant_id = app_tenant() AND calculation_id = $1`, [calculationId]);
}

/** The calculation DISTRIBUTING, with its payout, date, surplus account and journal. */
export async function markDistributing(
  tx: Tx,
  id: string,
  v: { payout: string; date: string; surplusCoaId: string; journalId: string; userId: string },
): Promise<void> {
  await tx.exec(
    `UPDATE shu_calculation SET status = 'DISTRIBUTING', payout = $2, distribution_date = $3, surplus_coa_id = $4, journal_id = $5,
       distributed_by = $6 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, v.payout, v.date, v.surplusCoaId, v.journalId, v.userId],
  );
}

/** Up to `limit` PENDING members, locked, by member id. */
export async function pendingMembers(tx: Tx, calculationId: string, limit: number) {
  return tx.query<{ member_id: string; saving_id: string; net: Dec }>(
    `SELECT member_id, saving_id, net FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status = 'PENDING'
     ORDER BY member_id LIMIT ${limit} FOR UPDATE`,
    [calculationId],
  );
}

/** The number of the calculation's next chunk. */
export async function nextChunkNo(tx: Tx, calculationId: string) {
  return tx.one<{ n: number }>(
    'SELECT coalesce(max(chunk_no), 0) + 1 AS n FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1',
    [calculationId],
  );
}

/** One member's share left payable. */
export async function markMemberPayable(tx: Tx, calculationId: string, memberId: string): Promise<void> {
  await tx.exec(`UPDATE shu_member SET status = 'PAYABLE' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND member_id = $2`, [
    calculationId,
    memberId,
  ]);
}

/** One member's share credited in a chunk by a transaction. */
export async function markMemberCredited(
  tx: Tx,
  calculationId: string,
  memberId: string,
  chunkNo: number,
  transactionId: string,
): Promise<void> {
  await tx.exec(
    `UPDATE shu_member SET status = 'CREDITED', chunk_no = $3, transaction_id = $4
     WHERE tenant_id = app_tenant() AND calculation_id = $1 AND member_id = $2`,
    [calculationId, memberId, chunkNo, transactionId],
  );
}

/** A distribution chunk's row. */
export async function insertChunk(
  tx: Tx,
  calculationId: string,
  k: { chunkNo: number; groupId: string; journalId: string; members: number; amount: string },
): Promise<void> {
  await tx.exec(
    `INSERT INTO shu_chunk (tenant_id, calculation_id, chunk_no, group_id, journal_id, member_count, amount)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6)`,
    [calculationId, k.chunkNo, k.groupId, k.journalId, k.members, k.amount],
  );
}

/** The calculation DISTRIBUTED. */
export async function markDistributed(tx: Tx, id: string): Promise<void> {
  await tx.exec(`UPDATE shu_calculation SET status = 'DISTRIBUTED', distributed_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
    id,
  ]);
}

/** The calculation's shares by status (the distribution's closing counts; the progress of a run). */
export async function shareStatusCounts(tx: Tx, calculationId: string): Promise<Record<string, number>> {
  const rows = await tx.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1 GROUP BY status`,
    [calculationId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** How many shares were paid in cash. */
export async function paidInCashCount(tx: Tx, calculationId: string) {
  return tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status = 'PAID'`,
    [calculationId],
  );
}

/** The first credited share no longer in its account (or the account not active), by CIF. */
export async function firstSpentShare(tx: Tx, calculationId: string) {
  return tx.one<{ member_name: string; cif_number: string; account_number: string }>(
    `SELECT m.full_name AS member_name, m.cif_number, s.account_number
     FROM shu_member x JOIN member_saving s ON s.tenant_id = x.tenant_id AND s.id = x.saving_id
     JOIN member m ON m.tenant_id = x.tenant_id AND m.id = x.member_id
     WHERE x.tenant_id = app_tenant() AND x.calculation_id = $1 AND x.status = 'CREDITED'
       AND (s.balance - s.blocked_amount - s.pledged_amount < x.net OR s.status <> 'ACTIVE')
     ORDER BY m.cif_number LIMIT 1`,
    [calculationId],
  );
}

/** The calculation CANCELLING, with the reason. */
export async function markCancelling(tx: Tx, id: string, reason: string, userId: string): Promise<void> {
  await tx.exec(
    `UPDATE shu_calculation SET status = 'CANCELLING', cancel_reason = $2, cancelled_by = $3 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, reason, userId],
  );
}

/** The newest chunk not reversed yet, locked. */
export async function lastOpenChunk(tx: Tx, calculationId: string) {
  return tx.one<{ chunk_no: number; journal_id: string }>(
    `SELECT chunk_no, journal_id FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1 AND reversal_journal_id IS NULL
     ORDER BY chunk_no DESC LIMIT 1 FOR UPDATE`,
    [calculationId],
  );
}

/** A chunk's credited members, locked, by member id. */
export async function creditedMembersOfChunk(tx: Tx, calculationId: string, chunkNo: number) {
  return tx.query<{ member_id: string; saving_id: string; net: Dec; transaction_id: string }>(
    `SELECT member_id, saving_id, net, transaction_id FROM shu_member
     WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2 AND status = 'CREDITED' ORDER BY member_id FOR UPDATE`,
    [calculationId, chunkNo],
  );
}

/** The credited movements marked CANCELLED. */
export async function cancelTransactions(tx: Tx, ids: string[], userId: string, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])`,
    [`{${ids.join(',')}}`, userId, reason],
  );
}

/** A chunk's reversal journal. */
export async function setChunkReversal(tx: Tx, calculationId: string, chunkNo: number, journalId: string): Promise<void> {
  await tx.exec(`UPDATE shu_chunk SET reversal_journal_id = $3 WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2`, [
    calculationId,
    chunkNo,
    journalId,
  ]);
}

/** A chunk's members REVERSED. */
export async function markChunkReversed(tx: Tx, calculationId: string, chunkNo: number): Promise<void> {
  await tx.exec(`UPDATE shu_member SET status = 'REVERSED' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2`, [
    calculationId,
    chunkNo,
  ]);
}

/** Every member not reversed yet REVERSED. */
export async function markAllReversed(tx: Tx, calculationId: string): Promise<void> {
  await tx.exec(
    `UPDATE shu_member SET status = 'REVERSED' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status <> 'REVERSED'`,
    [calculationId],
  );
}

/** The calculation CANCELLED. */
export async function markCalculationCancelled(tx: Tx, id: string): Promise<void> {
  await tx.exec(`UPDATE shu_calculation SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [id]);
}
