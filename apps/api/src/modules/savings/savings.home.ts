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
import { type Dec, ZERO } from '@koperasi/finance';
import { lastDuePeriod, mandatorySchedule, stepsFromVersions } from '@koperasi/finance/mandatory';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { addMonths, monthStart } from '../ledger/dates.ts';
import { getConfig } from '../settings/configuration.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { isAgentCtx, today } from './savings.core.ts';

interface HomeQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
  branchId?: string;
}

function memberFilters(ctx: Ctx, q: HomeQuery, params: unknown[]): string[] {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (q.search) {
    const s = p(likePattern(q.search));
    where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR m.phone LIKE ${s})`);
  }
  if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
  if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
  return where;
}

// ---------------------------------------------------------------- principal owed

const POKOK_SORT = {
  member_id: 'm.cif_number',
  cif_number: 'm.cif_number',
  full_name: 'lower(m.full_name)',
  join_date: 'm.join_date',
  remaining: 'remaining',
  created_date: 'm.created_date',
};

export async function memberNotPaidPokok(ctx: Ctx, q: HomeQuery) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const extra = memberFilters(ctx, q, params);
    const where = [
      `m.tenant_id = app_tenant()`,
      `m.member_type = 'MEMBER'`,
      `m.status = 'ACTIVE'`,
      `m.principal_status = 'OWED'`,
      ...extra,
    ].join(' AND ');
    const base = `
      FROM member m
      LEFT JOIN LATERAL (
        SELECT s.id, s.account_number, s.balance, s.product_id FROM member_saving s
        WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.saving_type = 'PRINCIPAL' AND s.status = 'ACTIVE'
        ORDER BY s.created_date DESC LIMIT 1
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT t.equity_amount FROM product_terms t
        WHERE t.tenant_id = m.tenant_id AND t.product_id = s.product_id
        ORDER BY (t.effective_date <= m.join_date) DESC, CASE WHEN t.effective_date <= m.join_date THEN t.effective_date END DESC NULLS LAST,
                 CASE WHEN t.effective_date <= m.join_date THEN t.version END DESC NULLS LAST, t.effective_date, t.version LIMIT 1
      ) pt ON true
      WHERE ${where}`;
    const amountSql = `coalesce(CASE WHEN s.id IS NULL THEN m.principal_owed ELSE pt.equity_amount END, m.principal_owed, 0)`;
    const paidSql = `coalesce(s.balance, 0)`;
    const totals = await tx.one<{ n: number; remaining: Dec }>(
      `SELECT count(*)::int AS n, coalesce(sum(greatest(${amountSql} - ${paidSql}, 0)), 0) AS remaining ${base}`,
      params,
    );
    const dir = q.sortBy ? q.ascOrDesc : 'ASC';
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<{
      id: string;
      cif_number: string;
      full_name: string;
      phone: string | null;
      join_date: string | null;
      saving_id: string | null;
      account_number: string | null;
      amount: Dec;
      paid: Dec;
      remaining: Dec;
    }>(
      `SELECT m.id, m.cif_number, m.full_name, m.phone, m.join_date, s.id AS saving_id, s.account_number,
              ${amountSql} AS amount, ${paidSql} AS paid, greatest(${amountSql} - ${paidSql}, 0) AS remaining
       ${base} ${orderBy(q.sortBy ?? 'member_id', dir, POKOK_SORT, 'member_id', 'm.id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
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
  const p = await tx.one<{ id: string; name: string }>(
    `SELECT id, name FROM product WHERE tenant_id = app_tenant() AND saving_type = 'MANDATORY' AND is_active ORDER BY created_date LIMIT 1`,
  );
  if (!p) return null;
  const versions = await tx.query<{
    effective_date: string;
    equity_amount: Dec | null;
    equity_period: 'BULANAN' | 'HARIAN' | null;
    version: number;
  }>(
    'SELECT effective_date, equity_amount, equity_period, version FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 ORDER BY effective_date, version',
    [p.id],
  );
  const latest = versions[versions.length - 1];
  return {
    id: p.id,
    name: p.name,
    period: latest?.equity_period ?? 'BULANAN',
    steps: stepsFromVersions(versions.map((v) => ({ version: v.version, effectiveDate: v.effective_date, amount: v.equity_amount }))),
  };
}

const WAJIB_SORT = {
  arrears: 'arrears',
  member_id: 'cif_number',
  cif_number: 'cif_number',
  full_name: 'lower(full_name)',
  join_date: 'join_date',
  periods_due: 'periods_due',
};

export async function memberNotPaidWajib(ctx: Ctx, q: HomeQuery) {
  return withTx(ctx, async (tx) => {
    const product = await mandatoryProduct(tx);
    if (!product) return { ...paged([], 0, q.page, q.limit), totalArrears: ZERO, product: null, throughPeriod: null };
    const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
    const through = lastDuePeriod(today(), product.period, reg.mandatorySavingDueDay);
    const monthly = product.period === 'BULANAN';
    const params: unknown[] = [product.id, through, monthly ? '1 month' : '1 day'];
    const extra = memberFilters(ctx, q, params);
    const firstSql = monthly ? `date_trunc('month', m.join_date)::date` : 'm.join_date';
    const sql = `
      WITH acc AS (
        SELECT m.id AS member_id, m.cif_number, m.full_name, m.phone, m.join_date, s.id AS saving_id, s.account_number,
               coalesce(s.balance, 0) AS paid, ${firstSql} AS first
        FROM member m
        LEFT JOIN LATERAL (
          SELECT s.id, s.account_number, s.balance FROM member_saving s
          WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id AND s.product_id = $1 AND s.status = 'ACTIVE'
          ORDER BY s.created_date DESC LIMIT 1
        ) s ON true
        WHERE m.tenant_id = app_tenant() AND m.member_type = 'MEMBER' AND m.status = 'ACTIVE' AND m.join_date IS NOT NULL
          ${extra.length ? `AND ${extra.join(' AND ')}` : ''}
      ), per AS (
        SELECT gs::date AS p FROM generate_series((SELECT min(first) FROM acc)::timestamp, $2::date::timestamp, $3::interval) gs
      ), amt AS (
        SELECT per.p, (SELECT coalesce(t.equity_amount, 0) FROM product_terms t
                       WHERE t.tenant_id = app_tenant() AND t.product_id = $1
                       ORDER BY (t.effective_date <= per.p) DESC, CASE WHEN t.effective_date <= per.p THEN t.effective_date END DESC NULLS LAST,
                                CASE WHEN t.effective_date <= per.p THEN t.version END DESC NULLS LAST, t.effective_date, t.version LIMIT 1) AS a
        FROM per
      ), suf AS (
        SELECT p, sum(a) OVER w AS due, count(*) OVER w AS n FROM amt WINDOW w AS (ORDER BY p DESC ROWS UNBOUNDED PRECEDING)
      ), owed AS (
        SELECT acc.*, suf.due, suf.n::int AS periods_due, suf.due - acc.paid AS arrears
        FROM acc JOIN suf ON suf.p = acc.first WHERE suf.due > acc.paid
      )`;
    const totals = await tx.one<{ n: number; arrears: Dec }>(
      `${sql} SELECT count(*)::int AS n, coalesce(sum(arrears), 0) AS arrears FROM owed`,
      params,
    );
    const dir = q.sortBy ? q.ascOrDesc : 'DESC';
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<{
      member_id: string;
      cif_number: string;
      full_name: string;
      phone: string | null;
      join_date: string;
      saving_id: string | null;
      account_number: string | null;
      paid: Dec;
      due: Dec;
      periods_due: number;
      arrears: Dec;
    }>(
      `${sql} SELECT * FROM owed ${orderBy(q.sortBy ?? 'arrears', dir, WAJIB_SORT, 'arrears', 'member_id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
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
    const m = await tx.one<{ join_date: string | null; member_type: string; agent_ok: boolean }>(
      `SELECT m.join_date, m.member_type, ${isAgentCtx(ctx) ? agentMemberCondition('m', '$2') : 'true'} AS agent_ok
       FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1`,
      isAgentCtx(ctx) ? [memberId, ctx.userId] : [memberId],
    );
    if (!m?.agent_ok) throw notFound('member.not_found');
    if (!product || !m.join_date) return { product: null, schedule: null };
    const acc = await tx.one<{ id: string; account_number: string; balance: Dec }>(
      `SELECT id, account_number, balance FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND product_id = $2 AND status = 'ACTIVE'
       ORDER BY created_date DESC LIMIT 1`,
      [memberId, product.id],
    );
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
    const agent = isAgentCtx(ctx);
    const params: unknown[] = agent ? [ctx.userId] : [];
    const scope = agent ? `AND ${agentMemberCondition('m', '$1')}` : '';
    const byType = await tx.query<{ kind: string; saving_type: string; accounts: number; members: number; balance: Dec }>(
      `SELECT s.kind, s.saving_type, count(*)::int AS accounts, count(DISTINCT s.member_id)::int AS members, coalesce(sum(s.balance), 0) AS balance
       FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
       WHERE s.tenant_id = app_tenant() AND s.status = 'ACTIVE' ${scope}
       GROUP BY s.kind, s.saving_type ORDER BY s.kind DESC, s.saving_type`,
      params,
    );
    const end = today();
    const from = addMonths(monthStart(end), -5);
    const flows = await tx.query<{ month: string; credit: Dec; debit: Dec; n: number }>(
      `SELECT to_char(t.transaction_date, 'YYYY-MM') AS month,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST')), 0) AS credit,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX')), 0) AS debit,
              count(*)::int AS n
       FROM member_transaction t JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
       WHERE t.tenant_id = app_tenant() AND t.product_kind IN ('SAVING', 'SAVING_EQUITY') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL
         AND t.transaction_date >= $${params.length + 1}::date ${scope}
       GROUP BY 1 ORDER BY 1`,
      [...params, from],
    );
    const pending = await tx.one<{ cash_out: number; withdrawal: number; openings: number }>(
      `SELECT (SELECT count(*)::int FROM saving_request WHERE tenant_id = app_tenant() AND type = 'CASH_OUT_ONLINE' AND status = 'WAITING') AS cash_out,
              (SELECT count(*)::int FROM saving_request WHERE tenant_id = app_tenant() AND type = 'WITHDRAWAL' AND status = 'WAITING') AS withdrawal,
              (SELECT count(*)::int FROM member_saving WHERE tenant_id = app_tenant() AND status = 'PENDING') AS openings`,
    );
    const principal = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member m WHERE m.tenant_id = app_tenant() AND m.member_type = 'MEMBER' AND m.status = 'ACTIVE'
       AND m.principal_status = 'OWED' ${scope}`,
      params,
    );
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
