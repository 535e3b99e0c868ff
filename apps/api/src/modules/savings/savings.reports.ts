/**
 * The per-account saving reports (Laporan, GET /api/report/...; routes in
 * reports/savings.routes.ts): accounts with balances on a day, transactions
 * of a period, and plan savings with their progress. Each has an Excel sheet.
 * Per-product reports: savings.product-reports.ts.
 *
 * Decisions:
 *  - A balance "on a day" is the balance after the account's last movement
 *    dated on or before it (movements are never edited, so this is exact).
 */
import { type Dec, ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { excelRow } from '../../lib/excel.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { displayDate, monthStart } from '../ledger/dates.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { isAgentCtx, today } from './savings.core.ts';
import { planProgress, transactionPage, txWhere } from './savings.lists.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow, accountView } from './savings.repo.ts';

export const money = (key: string, header: string) => ({ key, header, format: 'money' as const });

// ---------------------------------------------------------------- report/saving

export interface SavingReportQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
  productId?: string;
  productCode?: string;
  kind?: string;
  isActive?: boolean;
  branchId?: string;
  areaId?: string;
  periode?: string;
  showZeroAmount?: boolean;
}

const SAVING_SORT = {
  created_date: 'x.created_date',
  account_number: 'x.account_number',
  member_name: 'lower(x.member_name)',
  cif_number: 'x.cif_number',
  balance: 'x.balance_on',
  product: 'lower(x.product_name)',
};

/** GET /api/report/saving: saving accounts with their balance on `periode` (default today). */
export async function savingReport(ctx: Ctx, q: SavingReportQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const asOf = q.periode ?? today();
    const params: unknown[] = [asOf];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = ['s.tenant_id = app_tenant()', 's.open_date <= $1::date'];
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
    }
    if (q.productId) where.push(`s.product_id = ${p(q.productId)}`);
    if (q.productCode) where.push(`p.code = upper(${p(q.productCode)})`);
    if (q.kind) where.push(`s.kind = ${p(q.kind.toUpperCase())}`);
    if (q.isActive === true) where.push(`s.status = 'ACTIVE'`);
    if (q.isActive === false) where.push(`s.status <> 'ACTIVE'`);
    if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
    if (q.areaId) where.push(`m.area_id = ${p(q.areaId)}`);
    if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
    const balanceOn = `coalesce((SELECT x.balance_after FROM member_transaction x WHERE x.tenant_id = s.tenant_id AND x.saving_id = s.id
                        AND x.transaction_date <= $1::date ORDER BY x.seq DESC LIMIT 1), 0)`;
    const inner = `SELECT ${ACCOUNT_SELECT}, ${balanceOn} AS balance_on, m.branch_id FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')}`;
    const outerWhere = q.showZeroAmount ? '' : 'WHERE x.balance_on <> 0';
    const totals = await tx.one<{ n: number; total: Dec; members: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(x.balance_on), 0) AS total, count(DISTINCT x.member_id)::int AS members FROM (${inner}) x ${outerWhere}`,
      params,
    );
    const limit = all ? 100000 : q.limit;
    const offset = all ? 0 : q.page * q.limit;
    const rows = await tx.query<AccountRow & { balance_on: Dec }>(
      `SELECT * FROM (${inner}) x ${outerWhere} ${orderBy(q.sortBy, q.ascOrDesc, SAVING_SORT, 'created_date', 'x.id')}
       LIMIT ${p(limit)} OFFSET ${p(offset)}`,
      params,
    );
    const content = rows.map((r) => ({ ...accountView(r), balanceOn: r.balance_on }));
    return {
      ...paged(content, totals?.n ?? 0, all ? 0 : q.page, limit),
      asOf,
      totalBalance: totals?.total ?? ZERO,
      memberCount: totals?.members ?? 0,
    };
  });
}

export function savingReportSheet(r: Awaited<ReturnType<typeof savingReport>>, ctx: Ctx, tenant: string): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? 'Savings' : 'Simpanan',
    title: [tenant, en ? 'Savings report' : 'Laporan Simpanan', `${en ? 'As of' : 'Per'} ${displayDate(r.asOf)}`],
    autoFilter: true,
    columns: [
      { key: 'accountNumber', header: en ? 'Account' : 'No. Rekening', width: 14 },
      { key: 'cifNumber', header: 'CIF', width: 14 },
      { key: 'memberName', header: en ? 'Member' : 'Nama Anggota', width: 28 },
      { key: 'productName', header: en ? 'Product' : 'Produk', width: 22 },
      { key: 'status', header: 'Status', width: 10 },
      { key: 'openDate', header: en ? 'Opened' : 'Tgl Buka', format: 'date' },
      money('blockedAmount', en ? 'Blocked' : 'Diblokir'),
      money('balanceOn', en ? 'Balance' : 'Saldo'),
    ],
    rows: [
      ...r.content.map((a) => ({ ...a, blockedAmount: a.blockedAmount, balanceOn: a.balanceOn })),
      excelRow.total({ memberName: en ? 'Total' : 'Jumlah', balanceOn: r.totalBalance }),
    ],
  };
}

// ---------------------------------------------------------------- report/transactions

export async function transactionsReport(
  ctx: Ctx,
  q: {
    page: number;
    limit: number;
    search?: string;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    start?: string;
    end?: string;
    productId?: string;
    productCode?: string;
    kind?: string;
    activity?: string;
    userId?: string;
    branchId?: string;
    channel?: string;
    isActive?: boolean;
  },
  all = false,
) {
  const end = q.end ?? today();
  const start = q.start ?? monthStart(end);
  return withTx(ctx, async (tx) => {
    const filter = {
      search: q.search,
      startCreated: start,
      endCreated: end,
      product: q.productId ?? q.productCode,
      kind: q.kind,
      activity: q.activity,
      userId: q.userId,
      branchId: q.branchId,
      channel: q.channel,
      isActive: q.isActive,
    };
    const page = await transactionPage(tx, ctx, {
      ...filter,
      page: all ? 0 : q.page,
      limit: all ? 100000 : q.limit,
      sortBy: q.sortBy ?? 'created_date',
      ascOrDesc: q.sortBy ? q.ascOrDesc : 'ASC',
    });
    const params: unknown[] = [];
    const where = txWhere(ctx, { ...filter, isActive: q.isActive ?? true }, params);
    const totals = await tx.one<{ credit: Dec; debit: Dec; n: number }>(
      `SELECT coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST')), 0) AS credit,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX')), 0) AS debit, count(*)::int AS n
       FROM member_transaction t JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
       JOIN product p ON p.tenant_id = t.tenant_id AND p.id = t.product_id
       LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id WHERE ${where}`,
      params,
    );
    return {
      ...page,
      start,
      end,
      totals: {
        credit: totals?.credit ?? ZERO,
        debit: totals?.debit ?? ZERO,
        net: (totals?.credit ?? ZERO).minus(totals?.debit ?? ZERO),
        count: totals?.n ?? 0,
      },
    };
  });
}

// ---------------------------------------------------------------- report/saving-product/with-plan

export async function planReport(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC'; productId?: string; progress?: string },
  all = false,
) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = [`s.tenant_id = app_tenant()`, `s.saving_type = 'PLAN'`, `s.status = 'ACTIVE'`];
    if (q.productId) where.push(`s.product_id = ${p(q.productId)}`);
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
    }
    if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, q.ascOrDesc, { created_date: 's.created_date', balance: 's.balance', member_name: 'lower(m.full_name)', plan_target_date: 's.plan_target_date' }, 'created_date', 's.id')}`,
      params,
    );
    const on = today();
    let items = rows.map((r) => ({ ...accountView(r), plan: planProgress(r, on) }));
    if (q.progress) items = items.filter((i) => i.plan.status === q.progress?.toUpperCase());
    const totals = {
      accounts: items.length,
      balance: items.reduce((s, i) => s.plus(i.balance), ZERO),
      target: items.reduce((s, i) => s.plus(i.plan.planTargetBalance ?? ZERO), ZERO),
      reached: items.filter((i) => i.plan.status === 'REACHED').length,
      behind: items.filter((i) => i.plan.status === 'BEHIND').length,
    };
    const pageItems = all ? items : items.slice(q.page * q.limit, q.page * q.limit + q.limit);
    return { ...paged(pageItems, items.length, all ? 0 : q.page, all ? items.length || 1 : q.limit), totals };
  });
}

export function planSheet(r: Awaited<ReturnType<typeof planReport>>, ctx: Ctx, tenant: string): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? 'Plan savings' : 'Tabungan Berencana',
    title: [
      tenant,
      en ? 'Plan savings and their progress' : 'Laporan Tabungan Berencana',
      `${en ? 'As of' : 'Per'} ${displayDate(today())}`,
    ],
    autoFilter: true,
    columns: [
      { key: 'accountNumber', header: en ? 'Account' : 'Rekening', width: 14 },
      { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 26 },
      { key: 'productName', header: en ? 'Product' : 'Produk', width: 22 },
      money('monthly', en ? 'Monthly' : 'Setoran bulanan'),
      money('target', en ? 'Target' : 'Target saldo'),
      { key: 'targetDate', header: en ? 'Target date' : 'Tgl target', format: 'date' },
      money('balance', en ? 'Balance' : 'Saldo'),
      { key: 'progress', header: '%', format: 'decimal' },
      { key: 'status', header: 'Status', width: 12 },
    ],
    rows: r.content.map((i) => ({
      accountNumber: i.accountNumber,
      memberName: i.memberName,
      productName: i.productName,
      monthly: i.plan.planMonthlyAmount,
      target: i.plan.planTargetBalance,
      targetDate: i.plan.planTargetDate,
      balance: i.balance,
      progress: i.plan.progressPercent,
      status: i.plan.status,
    })),
  };
}
