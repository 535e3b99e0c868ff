/** SQL of opening saving and equity accounts (savings.accounts.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

/** The product's next account number: its code and a per-product sequence taken under the product row's lock. */
export async function nextAccountNumber(tx: Tx, productId: string): Promise<string> {
  const r = await tx.one<{ code: string; last_account_seq: number }>(
    'UPDATE product SET last_account_seq = last_account_seq + 1 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code, last_account_seq',
    [productId],
  );
  return `${r!.code}.${String(r!.last_account_seq).padStart(6, '0')}`;
}

/** The member is assigned to the agent (agent rule). */
export async function isAgentsMember(tx: Tx, memberId: string, agentUserId: string | null): Promise<boolean> {
  const mine = await tx.one(
    `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`,
    [memberId, agentUserId],
  );
  return Boolean(mine);
}

/** The number of the member's live (pending or active) account in the product, if any. */
export async function liveAccountNumber(tx: Tx, memberId: string, productId: string) {
  return tx.one<{ account_number: string }>(
    `SELECT account_number FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status IN ('PENDING', 'ACTIVE')`,
    [memberId, productId],
  );
}

/** The member's live (pending or active) account in the product with its balance, if any. */
export async function liveAccountBalance(tx: Tx, memberId: string, productId: string) {
  return tx.one<{ id: string; balance: Dec }>(
    `SELECT id, balance FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status IN ('PENDING', 'ACTIVE')`,
    [memberId, productId],
  );
}

export interface NewAccount {
  accountNumber: string;
  memberId: string;
  productId: string;
  kind: string;
  savingType: string | null;
  status: 'PENDING' | 'ACTIVE';
  tag: string | null;
  isAutoDebit: boolean;
  planMonthlyAmount: string | null;
  planTargetBalance: string | null;
  planTargetDate: string | null;
  openDate: string | null;
  userId: string | null;
}

/** Inserts the account; its id. */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, tag, is_auto_debit,
                                plan_monthly_amount, plan_target_balance, plan_target_date, open_date, opened_by, created_by, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13) RETURNING id`,
    [
      a.accountNumber,
      a.memberId,
      a.productId,
      a.kind,
      a.savingType,
      a.status,
      a.tag,
      a.isAutoDebit,
      a.planMonthlyAmount,
      a.planTargetBalance,
      a.planTargetDate,
      a.openDate,
      a.userId,
    ],
  );
  return row!.id;
}

/** The account, locked, for an opening decision. */
export async function lockAccountForDecision(tx: Tx, id: string) {
  return tx.one<{ id: string; status: string; account_number: string; member_id: string }>(
    'SELECT id, status, account_number, member_id FROM member_saving WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE',
    [id],
  );
}

/** Records the decision on a pending opening: ACTIVE (opened on `date`) or REJECTED. */
export async function setOpeningDecision(
  tx: Tx,
  id: string,
  d: { status: 'ACTIVE' | 'REJECTED'; date: string; userId: string | null; reason: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE member_saving SET status = $2, open_date = CASE WHEN $2 = 'ACTIVE' THEN $3::date END, decided_by = $4, decided_at = now(),
              decision_reason = $5, updated_by = $4 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, d.status, d.date, d.userId, d.reason],
  );
}

/** The active principal and mandatory equity products, mandatory first. */
export async function activeEquityProducts(tx: Tx) {
  return tx.query<{ id: string; saving_type: string }>(
    `SELECT id, saving_type FROM product WHERE tenant_id = app_tenant() AND kind = 'SAVING_EQUITY' AND is_active
     AND saving_type IN ('PRINCIPAL', 'MANDATORY') ORDER BY saving_type DESC`,
  );
}
