/** SQL of the agent's dashboard figures and the agent report (teller.agent.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { userName } from './teller.repo.ts';

export async function userExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1', [id]));
}

/** Cash in, cash out and journals on the account that day. */
export async function accountDay(tx: Tx, coaId: string, date: string): Promise<{ cashIn: Dec; cashOut: Dec; journals: number }> {
  const r = await tx.one<{ cash_in: Dec; cash_out: Dec; n: number }>(
    `SELECT coalesce(sum(debit), 0) AS cash_in, coalesce(sum(credit), 0) AS cash_out, count(DISTINCT journal_id)::int AS n
     FROM journal_line WHERE tenant_id = app_tenant() AND account_id = $1 AND date = $2`,
    [coaId, date],
  );
  return { cashIn: r!.cash_in, cashOut: r!.cash_out, journals: r!.n };
}

/** The agent's active members, and the members served, savings top-ups and transactions the user entered that day. */
export async function agentDay(tx: Tx, userId: string, date: string) {
  const r = await tx.one<{ members: number; served: number; deposits: Dec; n: number }>(
    `SELECT (SELECT count(*)::int FROM member m WHERE m.tenant_id = app_tenant() AND m.status = 'ACTIVE' AND ${agentMemberCondition('m', '$1')}) AS members,
            count(DISTINCT t.member_id)::int AS served,
            coalesce(sum(t.amount) FILTER (WHERE t.kind = 'TOPUP'), 0) AS deposits,
            count(t.id)::int AS n
     FROM member_transaction t
     WHERE t.tenant_id = app_tenant() AND t.created_by = $1 AND t.transaction_date = $2 AND t.status = 'POSTED' AND t.reversal_of_id IS NULL`,
    [userId, date],
  );
  return r!;
}

/** One row per agent (or per user who entered transactions in the period; `agentId`: that user only). */
export async function agentReportRows(tx: Tx, start: string, end: string, agentId: string | null) {
  return tx.query<{
    id: string;
    name: string | null;
    role: string | null;
    served: number;
    n: number;
    deposits: Dec;
    payments: Dec;
    withdrawals: Dec;
    handed: Dec;
  }>(
    `WITH act AS (
       SELECT t.created_by AS user_id, t.member_id,
              CASE WHEN t.kind = 'TOPUP' AND t.product_kind IN ('SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT') THEN t.amount ELSE 0 END AS deposit,
              CASE WHEN t.kind = 'TOPUP' AND t.product_kind IN ('LOAN', 'BILL') THEN t.amount ELSE 0 END AS payment,
              CASE WHEN t.kind = 'WITHDRAW' AND t.cash_coa_id IS NOT NULL THEN t.amount ELSE 0 END AS withdrawal
       FROM member_transaction t
       WHERE t.tenant_id = app_tenant() AND t.transaction_date BETWEEN $1 AND $2 AND t.status = 'POSTED' AND t.reversal_of_id IS NULL
         AND t.created_by IS NOT NULL AND ($3::uuid IS NULL OR t.created_by = $3)
       UNION ALL
       SELECT p.created_by, l.member_id, 0, p.amount, 0 FROM loan_payment p JOIN loan l ON l.tenant_id = p.tenant_id AND l.id = p.loan_id
       WHERE p.tenant_id = app_tenant() AND p.payment_date BETWEEN $1 AND $2 AND p.status = 'POSTED' AND p.source = 'CASH'
         AND p.created_by IS NOT NULL AND ($3::uuid IS NULL OR p.created_by = $3)
       UNION ALL
       SELECT p.created_by, b.member_id, 0, p.amount, 0 FROM bill_payment p JOIN bill b ON b.tenant_id = p.tenant_id AND b.id = p.bill_id
       WHERE p.tenant_id = app_tenant() AND p.payment_date BETWEEN $1 AND $2 AND p.status = 'POSTED' AND p.source = 'CASH'
         AND p.created_by IS NOT NULL AND ($3::uuid IS NULL OR p.created_by = $3)
       UNION ALL
       SELECT u.created_by, u.member_id, 0, u.amount + u.admin_fee, 0 FROM business_unit_transaction u
       WHERE u.tenant_id = app_tenant() AND u.date BETWEEN $1 AND $2 AND u.status = 'POSTED' AND u.kind = 'DEBT_PAYMENT'
         AND u.payment_source = 'CASH' AND u.created_by IS NOT NULL AND ($3::uuid IS NULL OR u.created_by = $3)
     ), tx AS (
       SELECT user_id, count(DISTINCT member_id)::int AS served, count(*)::int AS n, coalesce(sum(deposit), 0) AS deposits,
              coalesce(sum(payment), 0) AS payments, coalesce(sum(withdrawal), 0) AS withdrawals
       FROM act GROUP BY user_id
     ), ho AS (
       SELECT h.from_user_id AS user_id, sum(h.amount) AS handed FROM teller_handover h
       WHERE h.tenant_id = app_tenant() AND h.status = 'CONFIRMED' AND (h.decided_at AT TIME ZONE 'Asia/Jakarta')::date BETWEEN $1 AND $2
         AND ($3::uuid IS NULL OR h.from_user_id = $3)
       GROUP BY h.from_user_id
     ), who AS (
       SELECT user_id FROM tx UNION SELECT user_id FROM ho UNION SELECT $3::uuid WHERE $3::uuid IS NOT NULL
       UNION SELECT u.id FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
       WHERE u.tenant_id = app_tenant() AND r.code = 'AGENT' AND u.is_active AND $3::uuid IS NULL
     )
     SELECT u.id, ${userName('u')} AS name, r.code AS role, coalesce(tx.served, 0) AS served, coalesce(tx.n, 0) AS n,
            coalesce(tx.deposits, 0) AS deposits, coalesce(tx.payments, 0) AS payments, coalesce(tx.withdrawals, 0) AS withdrawals,
            coalesce(ho.handed, 0) AS handed
     FROM who JOIN app_user u ON u.tenant_id = app_tenant() AND u.id = who.user_id
     LEFT JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
     LEFT JOIN tx ON tx.user_id = u.id LEFT JOIN ho ON ho.user_id = u.id
     WHERE $3::uuid IS NOT NULL OR r.code = 'AGENT' OR tx.user_id IS NOT NULL
     ORDER BY lower(${userName('u')}), u.id`,
    [start, end, agentId],
  );
}
