/**
 * The SQL of a saving account's flags (savings.flags.ts): the account locked
 * with what a flag change checks, and one statement per flag.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

export interface FlagRow {
  id: string;
  member_id: string;
  status: string;
  kind: string;
  saving_type: string;
  account_number: string;
  balance: Dec;
  blocked_amount: Dec;
  pledged_amount: Dec;
  block_reason: string | null;
  tag: string | null;
  is_auto_debit: boolean;
  is_source_of_fund: boolean;
  is_not_get_interest: boolean;
}

/** The account locked (FOR UPDATE), and whether an agent (when given) may act on its member. */
export function lockFlagRow(tx: Tx, savingId: string, agentId: string | null): Promise<(FlagRow & { assigned: boolean }) | undefined> {
  return tx.one<FlagRow & { assigned: boolean }>(
    `SELECT s.id, s.member_id, s.status, s.kind, s.saving_type, s.account_number, s.balance, s.blocked_amount, s.pledged_amount, s.block_reason,
            s.tag, s.is_auto_debit, s.is_source_of_fund, s.is_not_get_interest,
            ($2::uuid IS NULL OR ${agentMemberCondition('m', '$2::uuid')}) AS assigned
     FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
     WHERE s.tenant_id = app_tenant() AND s.id = $1 FOR UPDATE OF s`,
    [savingId, agentId],
  );
}

/** One flag column of an account set (the column names are this file's own, never a caller's). */
async function setFlag(
  tx: Tx,
  column: 'tag' | 'is_auto_debit' | 'is_not_get_interest',
  savingId: string,
  value: unknown,
  userId: string | null,
) {
  await tx.exec(`UPDATE member_saving SET ${column} = $2, updated_by = $3 WHERE tenant_id = app_tenant() AND id = $1`, [
    savingId,
    value,
    userId,
  ]);
}

export const setTagOf = (tx: Tx, savingId: string, tag: string | null, userId: string | null) => setFlag(tx, 'tag', savingId, tag, userId);
export const setAutoDebitOf = (tx: Tx, savingId: string, on: boolean, userId: string | null) =>
  setFlag(tx, 'is_auto_debit', savingId, on, userId);
export const setNotGetInterestOf = (tx: Tx, savingId: string, on: boolean, userId: string | null) =>
  setFlag(tx, 'is_not_get_interest', savingId, on, userId);

/** The member's active source-of-fund account. */
export function activeSourceOfFund(tx: Tx, memberId: string): Promise<{ id: string } | undefined> {
  return tx.one<{ id: string }>(
    `SELECT id FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND is_source_of_fund AND status = 'ACTIVE'`,
    [memberId],
  );
}

/** The member's source-of-fund account (any status), locked. */
export function lockSourceOfFund(tx: Tx, memberId: string): Promise<{ id: string; account_number: string } | undefined> {
  return tx.one<{ id: string; account_number: string }>(
    'SELECT id, account_number FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND is_source_of_fund FOR UPDATE',
    [memberId],
  );
}

/** An account no longer the source of fund. */
export async function clearSourceOfFund(tx: Tx, savingId: string, userId: string | null): Promise<void> {
  await tx.exec('UPDATE member_saving SET is_source_of_fund = false, updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1', [
    savingId,
    userId,
  ]);
}

/** An account made the source of fund (and so no longer auto-debited itself). */
export async function makeSourceOfFund(tx: Tx, savingId: string, userId: string | null): Promise<void> {
  await tx.exec(
    'UPDATE member_saving SET is_source_of_fund = true, is_auto_debit = false, updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1',
    [savingId, userId],
  );
}

/** The amount held on an account, with its reason (0 releases it). */
export async function setBlockOf(tx: Tx, savingId: string, amount: Dec, reason: string, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE member_saving SET blocked_amount = $2, block_reason = $3, blocked_by = $4, blocked_at = now(), updated_by = $4
     WHERE tenant_id = app_tenant() AND id = $1`,
    [savingId, amount.toFixed(2), reason, userId],
  );
}
