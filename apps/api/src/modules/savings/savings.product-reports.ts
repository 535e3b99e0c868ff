/**
 * The per-product saving reports (Laporan, GET /api/report/...; routes in
 * reports/savings.routes.ts): positions on a day reconciled with the general
 * ledger, the movement of each month, and deposits and withdrawals per
 * product. Each has an Excel sheet.
 *
 * Decisions:
 *  - Deposit and withdrawal totals count standing movements only; a
 *    cancellation and its reversal appear in their own "corrections" column of
 *    the monthly report, so opening + deposits - withdrawals + corrections =
 *    closing, always.
 *  - The per-product report sets the members' balances of each control
 *    account beside that account's balance in the ledger; a difference is
 *    shown, never hidden.
 */
import { type Dec, ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { excelRow } from '../../lib/excel.ts';
import type { DatedPageQuery } from '../../lib/page-query.ts';
import { displayDate, monthEnd, monthStart } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { activityLabel, today } from './savings.core.ts';
import { txWhere } from './savings.lists.ts';
import { movementsByProduct, productMonths, productPositions } from './savings.product-reports.repo.ts';
import { money, reportPeriod, reportTransactions } from './savings.reports.ts';

// ---------------------------------------------------------------- report/saving-product

/** Per product: accounts, members and balances on a day, and the control account's ledger balance beside them. */
export async function savingProductReport(ctx: Ctx, q: { periode?: string; kind?: string }) {
  return withTx(ctx, async (tx) => {
    const asOf = q.periode ?? today();
    const rows = await productPositions(tx, asOf, q.kind);
    // Control accounts shared by several products are compared once, with the sum of those products.
    const byControl = new Map<string, { code: string; name: string; subledger: Dec; ledger: Dec; products: string[] }>();
    for (const r of rows) {
      if (!r.control_id) continue;
      const cur = byControl.get(r.control_id) ?? {
        code: r.control_code ?? '',
        name: r.control_name ?? '',
        subledger: ZERO,
        ledger: ZERO,
        products: [],
      };
      cur.subledger = cur.subledger.plus(r.balance);
      cur.products.push(r.code);
      byControl.set(r.control_id, cur);
    }
    for (const [id, c] of byControl) c.ledger = await accountBalance(tx, id, asOf);
    const products = rows.map((r) => ({
      productId: r.id,
      code: r.code,
      name: r.name,
      kind: r.kind,
      savingType: r.saving_type,
      isActive: r.is_active,
      accounts: r.accounts,
      members: r.members,
      balance: r.balance,
      controlAccount: r.control_id ? { id: r.control_id, code: r.control_code, name: r.control_name } : null,
    }));
    const controls = [...byControl].map(([id, c]) => ({
      coaId: id,
      code: c.code,
      name: c.name,
      products: c.products,
      memberBalances: c.subledger,
      ledgerBalance: c.ledger,
      difference: c.subledger.minus(c.ledger),
      reconciled: c.subledger.eq(c.ledger),
    }));
    return {
      asOf,
      products,
      controls,
      totalBalance: products.reduce((s, p) => s.plus(p.balance), ZERO),
      reconciled: controls.every((c) => c.reconciled),
    };
  });
}

export function savingProductSheets(r: Awaited<ReturnType<typeof savingProductReport>>, ctx: Ctx, tenant: string): ExcelSheet[] {
  const en = ctx.lang === 'en';
  return [
    {
      name: en ? 'Products' : 'Produk',
      title: [tenant, en ? 'Savings by product' : 'Simpanan per Produk', `${en ? 'As of' : 'Per'} ${displayDate(r.asOf)}`],
      columns: [
        { key: 'code', header: en ? 'Code' : 'Kode', width: 10 },
        { key: 'name', header: en ? 'Product' : 'Produk', width: 28 },
        { key: 'kind', header: en ? 'Kind' : 'Jenis', width: 14 },
        { key: 'accounts', header: en ? 'Accounts' : 'Rekening', format: 'integer' },
        { key: 'members', header: en ? 'Members' : 'Anggota', format: 'integer' },
        money('balance', en ? 'Balance' : 'Saldo'),
      ],
      rows: [
        ...r.products.map((x) => ({
          code: x.code,
          name: x.name,
          kind: x.kind,
          accounts: x.accounts,
          members: x.members,
          balance: x.balance,
        })),
        excelRow.total({ name: en ? 'Total' : 'Jumlah', balance: r.totalBalance }),
      ],
    },
    {
      name: en ? 'Reconciliation' : 'Rekonsiliasi',
      title: [
        tenant,
        en ? 'Member balances against the ledger' : 'Rekonsiliasi Saldo Anggota dengan Buku Besar',
        `${en ? 'As of' : 'Per'} ${displayDate(r.asOf)}`,
      ],
      columns: [
        { key: 'code', header: en ? 'Account' : 'Akun', width: 10 },
        { key: 'name', header: en ? 'Name' : 'Nama Akun', width: 28 },
        { key: 'products', header: en ? 'Products' : 'Produk', width: 20 },
        money('memberBalances', en ? 'Member balances' : 'Saldo anggota'),
        money('ledgerBalance', en ? 'Ledger' : 'Buku besar'),
        money('difference', en ? 'Difference' : 'Selisih'),
      ],
      rows: r.controls.map((c) => ({ ...c, products: c.products.join(', ') })),
    },
  ];
}

// ---------------------------------------------------------------- report/saving-product-periode

/** The longest period of report/saving-product-periode, in months (five financial years). */
export const PERIODE_MAX_MONTHS = 60;

/** Per product and month of [start, end]: opening, deposits, withdrawals, corrections (cancellations), closing. */
export async function savingProductPeriode(ctx: Ctx, q: { start?: string; end?: string; productId?: string }) {
  const end = q.end ?? today();
  const start = q.start ?? monthStart(end);
  // A row per product and month: a start typed as 1900 (or 0001) answered 1,500 (24,000) months of empty rows.
  if (end < start)
    throw new AppError(422, 'PERIOD_INVALID', 'interest.period_invalid', undefined, [{ field: 'end', message: 'interest.period_invalid' }]);
  const months = (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;
  if (months > PERIODE_MAX_MONTHS)
    throw new AppError(422, 'PERIOD_TOO_LONG', 'common.period_too_long', { months: PERIODE_MAX_MONTHS }, [
      { field: 'start', message: 'common.period_too_long' },
    ]);
  return withTx(ctx, async (tx) => {
    const rows = await productMonths(tx, monthStart(start), monthEnd(end), q.productId);
    const lines = rows.map((r) => ({
      productId: r.product_id,
      code: r.code,
      name: r.name,
      month: r.month,
      opening: r.opening,
      deposits: r.credit,
      withdrawals: r.debit,
      corrections: r.corrections,
      closing: r.opening.plus(r.credit).minus(r.debit).plus(r.corrections),
    }));
    return { start: monthStart(start), end: monthEnd(end), rows: lines };
  });
}

export function savingProductPeriodeSheet(r: Awaited<ReturnType<typeof savingProductPeriode>>, ctx: Ctx, tenant: string): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? 'Per period' : 'Per Periode',
    title: [
      tenant,
      en ? 'Savings by product and month' : 'Simpanan per Produk per Periode',
      `${displayDate(r.start)} s.d. ${displayDate(r.end)}`,
    ],
    columns: [
      { key: 'month', header: en ? 'Month' : 'Periode', width: 10 },
      { key: 'code', header: en ? 'Code' : 'Kode', width: 10 },
      { key: 'name', header: en ? 'Product' : 'Produk', width: 26 },
      money('opening', en ? 'Opening' : 'Saldo awal'),
      money('deposits', en ? 'Deposits' : 'Setoran'),
      money('withdrawals', en ? 'Withdrawals' : 'Penarikan'),
      money('corrections', en ? 'Corrections' : 'Koreksi'),
      money('closing', en ? 'Closing' : 'Saldo akhir'),
    ],
    rows: r.rows,
  };
}

// ---------------------------------------------------------------- deposits / withdrawals per product

export async function movementReport(
  ctx: Ctx,
  direction: 'TOPUP' | 'WITHDRAW',
  q: DatedPageQuery & { productId?: string; userId?: string; branchId?: string },
  all = false,
) {
  const { start, end } = reportPeriod(q);
  return withTx(ctx, async (tx) => {
    const filter = {
      search: q.search,
      startCreated: start,
      endCreated: end,
      product: q.productId,
      userId: q.userId,
      branchId: q.branchId,
      isActive: true,
      kinds: direction === 'TOPUP' ? ['TOPUP', 'TOPUP_INTEREST'] : ['WITHDRAW', 'WITHDRAW_TAX'],
      productKinds: ['SAVING', 'SAVING_EQUITY'],
    };
    const page = await reportTransactions(tx, ctx, filter, q, all);
    const params: unknown[] = [];
    const where = txWhere(ctx, filter, params);
    const byProduct = await movementsByProduct(tx, where, params);
    return {
      ...page,
      start,
      end,
      direction,
      byProduct: byProduct.map((b) => ({ productId: b.product_id, code: b.code, name: b.name, count: b.n, total: b.total })),
      total: byProduct.reduce((s, b) => s.plus(b.total), ZERO),
    };
  });
}

export function movementSheet(r: Awaited<ReturnType<typeof movementReport>>, ctx: Ctx, tenant: string): ExcelSheet[] {
  const en = ctx.lang === 'en';
  const title =
    r.direction === 'TOPUP'
      ? en
        ? 'Deposits by product'
        : 'Setoran Simpanan per Produk'
      : en
        ? 'Withdrawals by product'
        : 'Penarikan Simpanan per Produk';
  return [
    {
      name: en ? 'Summary' : 'Ringkasan',
      title: [tenant, title, `${displayDate(r.start)} s.d. ${displayDate(r.end)}`],
      columns: [
        { key: 'code', header: en ? 'Code' : 'Kode', width: 10 },
        { key: 'name', header: en ? 'Product' : 'Produk', width: 28 },
        { key: 'count', header: en ? 'Transactions' : 'Transaksi', format: 'integer' },
        money('total', 'Total'),
      ],
      rows: [...r.byProduct, excelRow.total({ name: en ? 'Total' : 'Jumlah', total: r.total })],
    },
    {
      name: en ? 'Detail' : 'Rincian',
      title: [tenant, title],
      autoFilter: true,
      columns: [
        { key: 'code', header: en ? 'Code' : 'Kode', width: 20 },
        { key: 'transactionDate', header: en ? 'Date' : 'Tanggal', format: 'date' },
        { key: 'cifNumber', header: 'CIF', width: 14 },
        { key: 'memberName', header: en ? 'Member' : 'Anggota', width: 28 },
        { key: 'productName', header: en ? 'Product' : 'Produk', width: 22 },
        { key: 'accountNumber', header: en ? 'Account' : 'Rekening', width: 14 },
        { key: 'activity', header: en ? 'Activity' : 'Aktivitas', width: 20 },
        money('amount', en ? 'Amount' : 'Nominal'),
        { key: 'tellerName', header: en ? 'User' : 'Petugas', width: 18 },
      ],
      rows: r.content.map((t) => ({
        code: t.code,
        transactionDate: t.transactionDate,
        cifNumber: t.cifNumber,
        memberName: t.memberName,
        productName: t.productName,
        accountNumber: t.accountNumber,
        activity: activityLabel(t.activity, ctx.lang),
        amount: t.amount,
        tellerName: t.tellerName,
      })),
    },
  ];
}
