/** SQL of what the savings module tells other modules (savings.hooks.ts): member summary, mandatory arrears, product usage, exit. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** The member's first active mandatory account: its product, balance, start (join or open date) and period. */
export async function mandatoryAccountOf(tx: Tx, memberId: string) {
  return tx.one<{ product_id: string; balance: Dec; start: string; period: 'BULANAN' | 'HARIAN' | null }>(
    `SELECT s.product_id, s.balance, coalesce(m.join_date, s.open_date) AS start,
            (SELECT t.equity_period FROM product_terms t WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id ORDER BY t.version DESC LIMIT 1) AS period
     FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
     WHERE s.tenant_id = app_tenant() AND s.member_id = $1 AND s.saving_type = 'MANDATORY' AND s.status = 'ACTIVE'
     ORDER BY s.created_date LIMIT 1`,
    [memberId],
  );
}

/** saving_mandatory_due(): the periods and amount due from `fromPeriod` through `through`. */
export async function mandatoryDue(tx: Tx, productId: string, fromPeriod: string, through: string, period: string) {
  return tx.one<{ periods: number; amount: Dec }>('SELECT periods, amount FROM saving_mandatory_due($1, $2, $3, $4)', [
    productId,
    fromPeriod,
    through,
    period,
  ]);
}

/** Counts and balances of the member's active accounts, for the member detail. */
export async function memberSavingSummary(tx: Tx, memberId: string) {
  return tx.one<{
    count_equity: number;
    amount_equity: Dec;
    count_saving: number;
    amount_saving: Dec;
    principal_paid: Dec;
    blocked: Dec;
  }>(
    `SELECT count(*) FILTER (WHERE kind = 'SAVING_EQUITY')::int AS count_equity,
              coalesce(sum(balance) FILTER (WHERE kind = 'SAVING_EQUITY'), 0) AS amount_equity,
              count(*) FILTER (WHERE kind = 'SAVING')::int AS count_saving,
              coalesce(sum(balance) FILTER (WHERE kind = 'SAVING'), 0) AS amount_saving,
              coalesce(sum(balance) FILTER (WHERE saving_type = 'PRINCIPAL'), 0) AS principal_paid,
              coalesce(sum(blocked_amount), 0) AS blocked
       FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND status = 'ACTIVE'`,
    [memberId],
  );
}

/** Live accounts and their balance per product. */
export async function savingProductUsage(tx: Tx, productIds: string[]) {
  return tx.query<{ product_id: string; n: number; balance: Dec }>(
    `SELECT product_id, count(*)::int AS n, coalesce(sum(balance), 0) AS balance FROM member_saving
       WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) AND status IN ('PENDING', 'ACTIVE') GROUP BY product_id`,
    [`{${productIds.join(',')}}`],
  );
}

export interface ExitAccount {
  id: string;
  account_number: string;
  kind: string;
  status: string;
  balance: Dec;
  blocked_amount: Dec;
  pledged_amount: Dec;
  product_name: string;
  waiting: number;
}

/** The member's live accounts with their product and waiting requests, equity first. */
export async function exitAccounts(tx: Tx, memberId: string): Promise<ExitAccount[]> {
  return tx.query<ExitAccount>(
    `SELECT s.id, s.account_number, s.kind, s.status, s.balance, s.blocked_amount, s.pledged_amount, p.name AS product_name,
            (SELECT count(*)::int FROM saving_request r WHERE r.tenant_id = s.tenant_id AND r.saving_id = s.id AND r.status = 'WAITING') AS waiting
     FROM member_saving s JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
     WHERE s.tenant_id = app_tenant() AND s.member_id = $1 AND s.status IN ('PENDING', 'ACTIVE')
     ORDER BY array_position(ARRAY['PRINCIPAL', 'MANDATORY', 'PARTICIPATION', 'VOLUNTARY', 'PLAN'], s.saving_type), s.account_number`,
    [memberId],
  );
}

/** A pending opening rejected because its member exits. */
export async function rejectPendingOnExit(tx: Tx, id: string, userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_saving SET status = 'REJECTED', decided_by = $2, decided_at = now(), decision_reason = $3, updated_by = $2
         WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason],
  );
}

/** An account closed because its member exits. */
export async function closeOnExit(tx: Tx, id: string, date: string, userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_saving SET status = 'CLOSED', close_date = $2, closed_by = $3, close_reason = $4, is_source_of_fund = false, is_auto_debit = false,
              updated_by = $3 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, date, userId, reason],
  );
}
