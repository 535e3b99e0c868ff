/**
 * The agent's own dashboard figures (GET /api/dashboard-agent/summary) and the
 * agent report (GET /api/report/agent-transactions). docs/teller.md "Agents".
 *
 * An agent (built-in AGENT role) always reads their own figures: an agentId
 * naming someone else answers 404 for them. Payments collected: cash payments
 * of loans, bills and business-unit debts (with their admin fee) the user
 * entered; deposits: savings top-ups; cash handed over: confirmed handovers. Others (report:view) may read any
 * agent, or every user who entered transactions in the period.
 */
import type { Dec } from '@koperasi/finance';
import { ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { displayDate, monthStart, todayJakarta } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { userName } from './teller.repo.ts';

const isAgent = (ctx: Ctx) => ctx.principal?.roleCode === 'AGENT';

/** Today's collections against the signed-in user's cash account, and how many members they look after. */
export async function agentSummary(ctx: Ctx) {
  const today = todayJakarta();
  return withTx(ctx, async (tx) => {
    const u = await tx.one<{ coa_id: string | null; code: string | null; name: string | null }>(
      `SELECT u.coa_id, c.code, c.name FROM app_user u LEFT JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
       WHERE u.tenant_id = app_tenant() AND u.id = $1`,
      [ctx.userId],
    );
    let coa: { id: string; code: string; name: string; balance: Dec } | null = null;
    let today_ = { cashIn: ZERO as Dec, cashOut: ZERO as Dec, journals: 0 };
    if (u?.coa_id && u.code) {
      coa = { id: u.coa_id, code: u.code, name: u.name ?? '', balance: await accountBalance(tx, u.coa_id) };
      const r = await tx.one<{ cash_in: Dec; cash_out: Dec; n: number }>(
        `SELECT coalesce(sum(debit), 0) AS cash_in, coalesce(sum(credit), 0) AS cash_out, count(DISTINCT journal_id)::int AS n
         FROM journal_line WHERE tenant_id = app_tenant() AND account_id = $1 AND date = $2`,
        [u.coa_id, today],
      );
      today_ = { cashIn: r!.cash_in, cashOut: r!.cash_out, journals: r!.n };
    }
    const mine = await tx.one<{ members: number; served: number; deposits: Dec; n: number }>(
      `SELECT (SELECT count(*)::int FROM member m WHERE m.tenant_id = app_tenant() AND m.status = 'ACTIVE' AND ${agentMemberCondition('m', '$1')}) AS members,
              count(DISTINCT t.member_id)::int AS served,
              coalesce(sum(t.amount) FILTER (WHERE t.kind = 'TOPUP'), 0) AS deposits,
              count(t.id)::int AS n
       FROM member_transaction t
       WHERE t.tenant_id = app_tenant() AND t.created_by = $1 AND t.transaction_date = $2 AND t.status = 'POSTED' AND t.reversal_of_id IS NULL`,
      [ctx.userId, today],
    );
    return {
      date: today,
      coa,
      todayCollections: { ...today_, net: today_.cashIn.minus(today_.cashOut) },
      assignedMembers: mine!.members,
      today: { membersServed: mine!.served, depositsCollected: mine!.deposits, transactions: mine!.n },
    };
  });
}

export interface AgentReportRow {
  agentId: string;
  agentName: string;
  roleCode: string | null;
  membersServed: number;
  transactions: number;
  depositsCollected: Dec;
  paymentsCollected: Dec;
  withdrawalsPaid: Dec;
  cashHandedOver: Dec;
}

export async function agentReport(ctx: Ctx, q: { agentId?: string; start?: string; end?: string }) {
  const end = q.end ?? todayJakarta();
  const start = q.start ?? monthStart(end);
  const agentId = isAgent(ctx) ? ctx.userId : (q.agentId ?? null);
  if (isAgent(ctx) && q.agentId && q.agentId !== ctx.userId) throw notFound('teller.agent_not_found');
  return withTx(ctx, async (tx) => {
    if (agentId) {
      const u = await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1', [agentId]);
      if (!u) throw notFound('teller.agent_not_found');
    }
    const rows = await tx.query<{
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
    const content: AgentReportRow[] = rows.map((r) => ({
      agentId: r.id,
      agentName: r.name ?? '',
      roleCode: r.role,
      membersServed: r.served,
      transactions: r.n,
      depositsCollected: r.deposits,
      paymentsCollected: r.payments,
      withdrawalsPaid: r.withdrawals,
      cashHandedOver: r.handed,
    }));
    const total = content.reduce(
      (a, r) => ({
        membersServed: a.membersServed + r.membersServed,
        transactions: a.transactions + r.transactions,
        depositsCollected: a.depositsCollected.plus(r.depositsCollected),
        paymentsCollected: a.paymentsCollected.plus(r.paymentsCollected),
        withdrawalsPaid: a.withdrawalsPaid.plus(r.withdrawalsPaid),
        cashHandedOver: a.cashHandedOver.plus(r.cashHandedOver),
      }),
      { membersServed: 0, transactions: 0, depositsCollected: ZERO, paymentsCollected: ZERO, withdrawalsPaid: ZERO, cashHandedOver: ZERO },
    );
    const coop = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
    return { start, end, agentId, cooperativeName: coop?.name ?? '', content, total };
  });
}

export function agentReportSheet(r: Awaited<ReturnType<typeof agentReport>>, lang: 'id' | 'en'): ExcelSheet {
  const id = lang === 'id';
  return {
    name: id ? 'Transaksi Agen' : 'Agent transactions',
    title: [
      r.cooperativeName,
      id ? 'Laporan Transaksi Agen' : 'Agent Transactions Report',
      `${displayDate(r.start)} - ${displayDate(r.end)}`,
    ],
    columns: [
      { key: 'agentName', header: id ? 'Agen' : 'Agent', width: 28 },
      { key: 'membersServed', header: id ? 'Anggota dilayani' : 'Members served', format: 'integer' },
      { key: 'transactions', header: id ? 'Transaksi' : 'Transactions', format: 'integer' },
      { key: 'depositsCollected', header: id ? 'Setoran terkumpul' : 'Deposits collected', format: 'money' },
      { key: 'paymentsCollected', header: id ? 'Angsuran/tagihan terkumpul' : 'Payments collected', format: 'money' },
      { key: 'withdrawalsPaid', header: id ? 'Penarikan dibayar' : 'Withdrawals paid', format: 'money' },
      { key: 'cashHandedOver', header: id ? 'Kas diserahkan' : 'Cash handed over', format: 'money' },
    ],
    rows: [...r.content.map((c) => ({ ...c })), { agentName: 'Total', ...r.total, $style: 'total' as const }],
  };
}
