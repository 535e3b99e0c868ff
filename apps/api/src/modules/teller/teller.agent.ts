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
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { displayDate, monthStart, todayJakarta } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { withTx } from '../money/index.ts';
import { accountDay, agentDay, agentReportRows, userExists } from './teller.agent.repo.ts';
import { cooperativeName, userCashAccount } from './teller.session.repo.ts';

const isAgent = (ctx: Ctx) => ctx.principal?.roleCode === 'AGENT';

/** Today's collections against the signed-in user's cash account, and how many members they look after. */
export async function agentSummary(ctx: Ctx) {
  const today = todayJakarta();
  return withTx(ctx, async (tx) => {
    const u = await userCashAccount(tx, ctx.userId!);
    let coa: { id: string; code: string; name: string; balance: Dec } | null = null;
    let today_ = { cashIn: ZERO as Dec, cashOut: ZERO as Dec, journals: 0 };
    if (u?.coa_id && u.code) {
      coa = { id: u.coa_id, code: u.code, name: u.name ?? '', balance: await accountBalance(tx, u.coa_id) };
      today_ = await accountDay(tx, u.coa_id, today);
    }
    const mine = await agentDay(tx, ctx.userId!, today);
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
      if (!(await userExists(tx, agentId))) throw notFound('teller.agent_not_found');
    }
    const rows = await agentReportRows(tx, start, end, agentId);
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
    return { start, end, agentId, cooperativeName: await cooperativeName(tx), content, total };
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
