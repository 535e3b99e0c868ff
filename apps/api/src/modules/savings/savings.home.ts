/**
 * Dashboard widgets of savings (GET /api/home/...):
 *  - member-not-paid-pokok: members whose principal saving (simpanan pokok)
 *    is still owed, with what was paid and what remains; default sort by
 *    member id (the CIF number, ascending), as the spec says.
 *  - member-not-paid-wajib: members behind on the mandatory saving (simpanan
 *    wajib): periods due from the join date through the last period already
 *    due (monthly periods fall due on the regulation's mandatorySavingDueDay),
 *    each at the amount in force on its first day, against what the member
 *    paid in; largest arrears first. Members recorded without a mandatory
 *    account owe from their join date too.
 *  - saving-loan: the savings and loans summary. Savings fill `savings`;
 *    loans (and deposits) add their part with registerSavingLoanSummary.
 * Agents see only their members in the lists.
 */
import { ZERO } from '@koperasi/finance';
import { lastDuePeriod, mandatorySchedule, stepsFromVersions } from '@koperasi/finance/mandatory';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { addMonths, monthStart } from '../ledger/dates.ts';
import { getConfig } from '../settings/configuration.ts';
import { isAgentCtx, today } from './savings.core.ts';
import {
  activeAccountInProduct,
  type HomeMemberFilter,
  mandatoryArrearsPage,
  mandatoryProductRow,
  memberForSchedule,
  principalOwedPage,
  savingSummaryFigures,
  termVersions,
} from './savings.home.repo.ts';

interface HomeQuery extends PageQuery {
  branchId?: string;
}

/** The widget's member filters; an agent sees only its members. */
function memberFilter(ctx: Ctx, q: HomeQuery): HomeMemberFilter {
  return { search: q.search, branchId: q.branchId, agentUserId: isAgentCtx(ctx) ? ctx.userId : undefined };
}

// ---------------------------------------------------------------- principal owed

export async function memberNotPaidPokok(ctx: Ctx, q: HomeQuery) {
  return withTx(ctx, async (tx) => {
    const { rows, totals } = await principalOwedPage(tx, memberFilter(ctx, q), {
      sortBy: q.sortBy,
      dir: q.sortBy ? q.ascOrDesc : 'ASC',
      page: q.page,
      limit: q.limit,
    });
    return {
      ...paged(
        rows.map((r) => ({
          memberId: r.id,
          cifNumber: r.cif_number,
          fullName: r.full_name,
          phone: r.phone,
          joinDate: r.join_date,
          memberSavingId: r.saving_id,
          accountNumber: r.account_number,
          principalAmount: r.amount,
          paid: r.paid,
          remaining: r.remaining,
        })),
        totals?.n ?? 0,
        q.page,
        q.limit,
      ),
      totalRemaining: totals?.remaining ?? ZERO,
    };
  });
}

// ---------------------------------------------------------------- mandatory arrears

interface MandatoryProduct {
  id: string;
  name: string;
  period: 'BULANAN' | 'HARIAN';
  steps: ReturnType<typeof stepsFromVersions>;
}

async function mandatoryProduct(tx: Tx): Promise<MandatoryProduct | null> {
  const p = await mandatoryProductRow(tx);
  if (!p) return null;
  const versions = await termVersions(tx, p.id);
  const latest = versions[versions.length - 1];
  return {
    id: p.id,
    name: p.name,
    period: latest?.equity_period ?? 'BULANAN',
    steps: stepsFromVersions(versions.map((v) => ({ version: v.version, effectiveDate: v.effective_date, amount: v.equity_amount }))),
  };
}

export async function memberNotPaidWajib(ctx: Ctx, q: HomeQuery) {
  return withTx(ctx, async (tx) => {
    const product = await mandatoryProduct(tx);
    if (!product) return { ...paged([], 0, q.page, q.limit), totalArrears: ZERO, product: null, throughPeriod: null };
    const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
    const through = lastDuePeriod(today(), product.period, reg.mandatorySavingDueDay);
    const monthly = product.period === 'BULANAN';
    const { rows, totals } = await mandatoryArrearsPage(tx, memberFilter(ctx, q), {
      productId: product.id,
      through,
      monthly,
      sortBy: q.sortBy,
      dir: q.sortBy ? q.ascOrDesc : 'DESC',
      page: q.page,
      limit: q.limit,
    });
    const content = rows.map((r) => {
      const s = mandatorySchedule({
        start: r.join_date,
        asOf: today(),
        period: product.period,
        steps: product.steps,
        paid: r.paid,
        dueDay: reg.mandatorySavingDueDay,
        listLimit: 24,
      });
      return {
        memberId: r.member_id,
        cifNumber: r.cif_number,
        fullName: r.full_name,
        phone: r.phone,
        joinDate: r.join_date,
        memberSavingId: r.saving_id,
        accountNumber: r.account_number,
        totalDue: r.due,
        paid: r.paid,
        arrears: r.arrears,
        periodsDue: r.periods_due,
        periodsUnpaid: s.periodsUnpaid,
        paidThrough: s.paidThrough,
        oldestUnpaid: s.oldestUnpaid,
        unpaidPeriods: s.unpaid.map((u) => ({ period: u.period, amount: u.amount, paid: u.paid, status: u.status })),
      };
    });
    return {
      ...paged(content, totals?.n ?? 0, q.page, q.limit),
      totalArrears: totals?.arrears ?? ZERO,
      product: { id: product.id, name: product.name, period: product.period },
      throughPeriod: through,
    };
  });
}

/** One member's mandatory saving schedule (member detail): periods, paid through, unpaid periods. */
export async function memberMandatorySchedule(ctx: Ctx, memberId: string) {
  return withTx(ctx, async (tx) => {
    const product = await mandatoryProduct(tx);
    const m = await memberForSchedule(tx, memberId, isAgentCtx(ctx) ? ctx.userId : undefined);
    if (!m?.agent_ok) throw notFound('member.not_found');
    if (!product || !m.join_date) return { product: null, schedule: null };
    const acc = await activeAccountInProduct(tx, memberId, product.id);
    const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
    const s = mandatorySchedule({
      start: m.join_date,
      asOf: today(),
      period: product.period,
      steps: product.steps,
      paid: acc?.balance ?? ZERO,
      dueDay: reg.mandatorySavingDueDay,
    });
    return {
      product: { id: product.id, name: product.name, period: product.period, dueDay: reg.mandatorySavingDueDay },
      memberSavingId: acc?.id ?? null,
      accountNumber: acc?.account_number ?? null,
      schedule: s,
    };
  });
}

// ---------------------------------------------------------------- savings and loans summary

export type SummaryPart = (tx: Tx, ctx: Ctx) => Promise<Record<string, unknown>>;
const summaryParts = new Map<string, SummaryPart>();

/** Loans and deposits add their part of GET /api/home/saving-loan (a key of the answer each, e.g. `loans`). */
export function registerSavingLoanSummary(name: string, fn: SummaryPart): void {
  summaryParts.set(name, fn);
}

export async function savingLoanSummary(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const end = today();
    const from = addMonths(monthStart(end), -5);
    const { byType, flows, pending, principal } = await savingSummaryFigures(tx, isAgentCtx(ctx) ? ctx.userId : undefined, from);
    const sum = (pred: (r: (typeof byType)[number]) => boolean) => byType.filter(pred).reduce((s, r) => s.plus(r.balance), ZERO);
    const months: string[] = [];
    for (let p = from; p <= monthStart(end); p = addMonths(p, 1)) months.push(p.slice(0, 7));
    const thisMonth = flows.find((f) => f.month === end.slice(0, 7));
    const savings = {
      totalBalance: sum(() => true),
      totalSaving: sum((r) => r.kind === 'SAVING'),
      totalEquity: sum((r) => r.kind === 'SAVING_EQUITY'),
      accounts: byType.reduce((s, r) => s + r.accounts, 0),
      byType: byType.map((r) => ({
        kind: r.kind,
        savingType: r.saving_type,
        accounts: r.accounts,
        members: r.members,
        balance: r.balance,
      })),
      thisMonth: { deposits: thisMonth?.credit ?? ZERO, withdrawals: thisMonth?.debit ?? ZERO, transactions: thisMonth?.n ?? 0 },
      trend: months.map((m) => {
        const f = flows.find((x) => x.month === m);
        const credit = f?.credit ?? ZERO;
        const debit = f?.debit ?? ZERO;
        return { month: m, deposits: credit, withdrawals: debit, net: credit.minus(debit) };
      }),
      membersPrincipalOwed: principal?.n ?? 0,
      pending: {
        cashOutOnline: pending?.cash_out ?? 0,
        withdrawalApprovals: pending?.withdrawal ?? 0,
        accountOpenings: pending?.openings ?? 0,
      },
    };
    const out: Record<string, unknown> = { savings, loans: null };
    for (const fn of summaryParts.values()) Object.assign(out, await fn(tx, ctx));
    return out;
  });
}
