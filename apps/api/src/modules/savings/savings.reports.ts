/**
 * The per-account saving reports (Laporan, GET /api/report/...; routes in
 * reports/savings.routes.ts): accounts with balances on a day, transactions
 * of a period, and plan savings with their progress. Each has an Excel sheet.
 * Per-product reports: savings.product-reports.ts.
 *
 * Decisions:
 *  - A balance "on a day" is the account's balance less its movements dated
 *    after that day (`laterNetSql` and `BALANCE_ON`; the ledger's rule, so it reconciles with
 *    the GL even when a movement was entered after later-dated ones).
 */
import { ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { EXPORT_FETCH_LIMIT, excelRow } from '../../lib/excel.ts';
import { paged } from '../../lib/http.ts';
import type { DatedPageQuery, PageQuery } from '../../lib/page-query.ts';
import { displayDate, monthStart } from '../ledger/dates.ts';
import { isAgentCtx, today } from './savings.core.ts';
import { planProgress, type TxFilter, transactionPage, txWhere } from './savings.lists.ts';
import { accountView } from './savings.repo.ts';
import { planAccounts, savingReportRows, transactionTotals } from './savings.reports.repo.ts';

export const money = (key: string, header: string) => ({ key, header, format: 'money' as const });

/** A report's period: `end` defaults to today, `start` to the first day of end's month. */
export function reportPeriod(q: { start?: string; end?: string }) {
  const end = q.end ?? today();
  return { start: q.start ?? monthStart(end), end };
}

/**
 * One page of a transaction report, or every row for its Excel sheet (`all`: at most EXPORT_FETCH_LIMIT, so a larger
 * export is refused, never cut short); oldest first unless the user sorts.
 */
export function reportTransactions(
  tx: Tx,
  ctx: Ctx,
  filter: TxFilter,
  q: { page: number; limit: number; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
  all: boolean,
) {
  return transactionPage(tx, ctx, {
    ...filter,
    page: all ? 0 : q.page,
    limit: all ? EXPORT_FETCH_LIMIT : q.limit,
    sortBy: q.sortBy ?? 'created_date',
    ascOrDesc: q.sortBy ? q.ascOrDesc : 'ASC',
  });
}

// ---------------------------------------------------------------- report/saving

export interface SavingReportQuery extends PageQuery {
  productId?: string;
  productCode?: string;
  kind?: string;
  isActive?: boolean;
  branchId?: string;
  areaId?: string;
  periode?: string;
  showZeroAmount?: boolean;
}

/** GET /api/report/saving: saving accounts with their balance on `periode` (default today). */
export async function savingReport(ctx: Ctx, q: SavingReportQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const asOf = q.periode ?? today();
    const limit = all ? EXPORT_FETCH_LIMIT : q.limit;
    const { totals, rows } = await savingReportRows(tx, {
      ...q,
      asOf,
      agentUserId: isAgentCtx(ctx) ? (ctx.userId ?? '') : undefined,
      limit,
      offset: all ? 0 : q.page * q.limit,
    });
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
  q: DatedPageQuery & {
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
  const { start, end } = reportPeriod(q);
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
    const page = await reportTransactions(tx, ctx, filter, q, all);
    const params: unknown[] = [];
    const where = txWhere(ctx, { ...filter, isActive: q.isActive ?? true }, params);
    const totals = await transactionTotals(tx, where, params);
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

/**
 * GET report/saving-product/with-plan. The screen and its Excel read every plan account of the filter (the progress
 * is computed here, then filtered): plan accounts are a small share of the accounts, and an export over the limit is
 * refused when its workbook is built (lib/excel.ts).
 */
export async function planReport(ctx: Ctx, q: PageQuery & { productId?: string; progress?: string }, all = false) {
  return withTx(ctx, async (tx) => {
    const rows = await planAccounts(tx, { ...q, agentUserId: isAgentCtx(ctx) ? (ctx.userId ?? '') : undefined });
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
