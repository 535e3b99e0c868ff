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
import type { ExcelSheet } from '../../lib/excel.ts';
import { excelRow } from '../../lib/excel.ts';
import { displayDate, monthEnd, monthStart } from '../ledger/dates.ts';
import { accountBalance } from '../ledger/posting.ts';
import { activityLabel, today } from './savings.core.ts';
import { transactionPage, txWhere } from './savings.lists.ts';
import { money } from './savings.reports.ts';

// ---------------------------------------------------------------- report/saving-product

/** Per product: accounts, members and balances on a day, and the control account's ledger balance beside them. */
export async function savingProductReport(ctx: Ctx, q: { periode?: string; kind?: string }) {
  return withTx(ctx, async (tx) => {
    const asOf = q.periode ?? today();
    const params: unknown[] = [asOf];
    let kindWhere = `p.kind IN ('SAVING', 'SAVING_EQUITY')`;
    if (q.kind) {
      params.push(q.kind.toUpperCase());
      kindWhere += ` AND p.kind = $2`;
    }
    const rows = await tx.query<{
      id: string;
      code: string;
      name: string;
      kind: string;
      saving_type: string;
      is_active: boolean;
      control_id: string | null;
      control_code: string | null;
      control_name: string | null;
      accounts: number;
      members: number;
      balance: Dec;
    }>(
      `SELECT p.id, p.code, p.name, p.kind, p.saving_type, p.is_active, g.coa_id AS control_id, c.code AS control_code, c.name AS control_name,
              count(b.id) FILTER (WHERE b.balance_on <> 0 OR b.status = 'ACTIVE')::int AS accounts,
              count(DISTINCT b.member_id) FILTER (WHERE b.balance_on <> 0 OR b.status = 'ACTIVE')::int AS members,
              coalesce(sum(b.balance_on), 0) AS balance
       FROM product p
       LEFT JOIN product_gl_account g ON g.tenant_id = p.tenant_id AND g.product_id = p.id AND g.role = 'CONTROL'
       LEFT JOIN coa_account c ON c.tenant_id = g.tenant_id AND c.id = g.coa_id
       LEFT JOIN LATERAL (
         SELECT s.id, s.member_id, s.status,
                coalesce((SELECT x.balance_after FROM member_transaction x WHERE x.tenant_id = s.tenant_id AND x.saving_id = s.id
                          AND x.transaction_date <= $1::date ORDER BY x.seq DESC LIMIT 1), 0) AS balance_on
         FROM member_saving s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id AND s.open_date <= $1::date
       ) b ON true
       WHERE p.tenant_id = app_tenant() AND ${kindWhere}
       GROUP BY p.id, p.code, p.name, p.kind, p.saving_type, p.is_active, g.coa_id, c.code, c.name
       ORDER BY p.kind DESC, p.saving_type, p.code`,
      params,
    );
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

/** Per product and month of [start, end]: opening, deposits, withdrawals, corrections (cancellations), closing. */
export async function savingProductPeriode(ctx: Ctx, q: { start?: string; end?: string; productId?: string }) {
  const end = q.end ?? today();
  const start = q.start ?? monthStart(end);
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [monthStart(start), monthEnd(end)];
    let extra = '';
    if (q.productId) {
      params.push(q.productId);
      extra = ` AND p.id = $3`;
    }
    const rows = await tx.query<{
      product_id: string;
      code: string;
      name: string;
      month: string;
      opening: Dec;
      credit: Dec;
      debit: Dec;
      corrections: Dec;
    }>(
      `WITH months AS (SELECT gs::date AS m FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 month') gs),
       prods AS (SELECT p.id, p.code, p.name, p.kind, p.saving_type FROM product p
                 WHERE p.tenant_id = app_tenant() AND p.kind IN ('SAVING', 'SAVING_EQUITY')${extra})
       SELECT prods.id AS product_id, prods.code, prods.name, to_char(months.m, 'YYYY-MM') AS month,
              coalesce((SELECT sum(CASE WHEN t.kind IN ('TOPUP', 'TOPUP_INTEREST') THEN t.amount ELSE -t.amount END) FROM member_transaction t
                        WHERE t.tenant_id = app_tenant() AND t.product_id = prods.id AND t.transaction_date < months.m), 0) AS opening,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL), 0) AS credit,
              coalesce(sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL), 0) AS debit,
              coalesce(sum(CASE WHEN t.kind IN ('TOPUP', 'TOPUP_INTEREST') THEN t.amount ELSE -t.amount END)
                       FILTER (WHERE t.status = 'CANCELLED' OR t.reversal_of_id IS NOT NULL), 0) AS corrections
       FROM prods CROSS JOIN months
       LEFT JOIN member_transaction t ON t.tenant_id = app_tenant() AND t.product_id = prods.id
            AND t.transaction_date >= months.m AND t.transaction_date < (months.m + interval '1 month')::date
       GROUP BY prods.id, prods.code, prods.name, prods.kind, prods.saving_type, months.m
       ORDER BY prods.kind DESC, prods.saving_type, prods.code, months.m`,
      params,
    );
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
  q: {
    page: number;
    limit: number;
    search?: string;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    start?: string;
    end?: string;
    productId?: string;
    userId?: string;
    branchId?: string;
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
      product: q.productId,
      userId: q.userId,
      branchId: q.branchId,
      isActive: true,
      kinds: direction === 'TOPUP' ? ['TOPUP', 'TOPUP_INTEREST'] : ['WITHDRAW', 'WITHDRAW_TAX'],
      productKinds: ['SAVING', 'SAVING_EQUITY'],
    };
    const page = await transactionPage(tx, ctx, {
      ...filter,
      page: all ? 0 : q.page,
      limit: all ? 100000 : q.limit,
      sortBy: q.sortBy ?? 'created_date',
      ascOrDesc: q.sortBy ? q.ascOrDesc : 'ASC',
    });
    const params: unknown[] = [];
    const where = txWhere(ctx, filter, params);
    const byProduct = await tx.query<{ product_id: string; code: string; name: string; n: number; total: Dec }>(
      `SELECT t.product_id, p.code, p.name, count(*)::int AS n, coalesce(sum(t.amount), 0) AS total
       FROM member_transaction t JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
       JOIN product p ON p.tenant_id = t.tenant_id AND p.id = t.product_id
       LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id
       WHERE ${where} GROUP BY t.product_id, p.code, p.name ORDER BY p.code`,
      params,
    );
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
