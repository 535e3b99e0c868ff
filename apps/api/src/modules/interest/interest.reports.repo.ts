/** SQL of the interest reports (interest.reports.ts; docs/interest.md "Routes", the reports). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';
import { likePattern } from '../../lib/http.ts';

export interface ReportFilter {
  startDate?: string;
  endDate?: string;
  productId?: string;
  search?: string;
  page: number;
  limit: number;
}

/**
 * The savings interest posted per account and period (live rows): one page (every row when `all`, the Excel export: at
 * most EXPORT_FETCH_LIMIT), the count and totals.
 */
export async function savingInterestRows(tx: Tx, f: ReportFilter, all: boolean) {
  const own = `i.tenant_id = app_tenant() AND i.status = 'POSTED' AND ($1::date IS NULL OR i.end_date >= $1::date) AND ($2::date IS NULL OR i.end_date <= $2::date)
    AND ($3::uuid IS NULL OR i.product_id = $3::uuid)`;
  const where = `${own} AND ($4::text IS NULL OR m.full_name ILIKE $4 OR m.cif_number ILIKE $4 OR s.account_number ILIKE $4)`;
  const from = `saving_interest i JOIN member m ON m.tenant_id = i.tenant_id AND m.id = i.member_id
    JOIN member_saving s ON s.tenant_id = i.tenant_id AND s.id = i.saving_id JOIN product p ON p.tenant_id = i.tenant_id AND p.id = i.product_id`;
  const args = [f.startDate ?? null, f.endDate ?? null, f.productId ?? null, f.search ? likePattern(f.search) : null];
  // The count and totals read the interest rows alone unless a search names the member or the account: every row is
  // written by a release for an account of a member, and neither is ever deleted once it has interest (1,000,000 rows:
  // 1.65 s joined, see docs/savings.md "Reports and the dashboard at three million movements").
  const t = (await tx.one<{ n: number; gross: Dec; tax: Dec; admin: Dec; net: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(i.gross), 0) AS gross, coalesce(sum(i.tax), 0) AS tax, coalesce(sum(i.admin_fee), 0) AS admin,
            coalesce(sum(i.net), 0) AS net FROM ${f.search ? `${from} WHERE ${where}` : `saving_interest i WHERE ${own}`}`,
    f.search ? args : args.slice(0, 3),
  ))!;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT i.id, i.release_id AS "releaseId", m.cif_number AS "cifNumber", m.full_name AS "memberName", s.account_number AS "accountNumber",
            p.name AS "productName", to_char(i.start_date, 'YYYY-MM-DD') AS "startDate", to_char(i.end_date, 'YYYY-MM-DD') AS "endDate",
            i.basis, i.basis_balance AS "basisBalance", i.rate, i.gross, i.tax, i.admin_fee AS "adminFee", i.net
     FROM ${from} WHERE ${where} ORDER BY i.end_date DESC, m.full_name, s.account_number
     LIMIT $5 OFFSET $6`,
    [...args, all ? EXPORT_FETCH_LIMIT : f.limit, all ? 0 : f.page * f.limit],
  );
  return { rows, t };
}

const RELEASES_SQL = `
  SELECT id, 'SAVING' AS kind, start_date, end_date, product_id, status, accounts AS items, total_gross, total_tax, total_admin, total_net,
         created_date, finished_at, cancelled_at, cancel_reason
  FROM saving_interest_release WHERE tenant_id = app_tenant()
  UNION ALL
  SELECT id, 'DEPOSIT', from_date, to_date, NULL, status, payments, total_gross, total_tax, 0, total_net, created_date, finished_at, cancelled_at, cancel_reason
  FROM deposit_release WHERE tenant_id = app_tenant()`;

/** Every interest release (savings and deposit), newest first: one page (every row when `all`: at most EXPORT_FETCH_LIMIT) and the count. */
export async function releaseRows(tx: Tx, f: ReportFilter, all: boolean) {
  const where = `($1::date IS NULL OR r.end_date >= $1::date) AND ($2::date IS NULL OR r.end_date <= $2::date) AND ($3::uuid IS NULL OR r.product_id = $3::uuid)`;
  const args = [f.startDate ?? null, f.endDate ?? null, f.productId ?? null];
  const n = (await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${RELEASES_SQL}) r WHERE ${where}`, args))!.n;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT r.id, r.kind, to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.product_id AS "productId",
            p.name AS "productName", r.status, r.items, r.total_gross AS "totalGross", r.total_tax AS "totalTax", r.total_admin AS "totalAdminFee",
            r.total_net AS "totalNet", r.created_date AS "createdDate", r.finished_at AS "finishedAt", r.cancelled_at AS "cancelledAt", r.cancel_reason AS "cancelReason"
     FROM (${RELEASES_SQL}) r LEFT JOIN product p ON p.tenant_id = app_tenant() AND p.id = r.product_id
     WHERE ${where} ORDER BY r.created_date DESC, r.id LIMIT $4 OFFSET $5`,
    [...args, all ? EXPORT_FETCH_LIMIT : f.limit, all ? 0 : f.page * f.limit],
  );
  return { rows, total: n };
}

/** One release (savings or deposit) with its totals. */
export function releaseHead(tx: Tx, id: string) {
  return tx.one<Record<string, unknown>>(
    `SELECT r.id, r.kind, to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.status, r.items,
            r.total_gross AS "totalGross", r.total_tax AS "totalTax", r.total_admin AS "totalAdminFee", r.total_net AS "totalNet"
     FROM (${RELEASES_SQL}) r WHERE r.id = $1`,
    [id],
  );
}

/** A savings release's interest rows per account. */
export function savingReleaseLines(tx: Tx, id: string) {
  return tx.query<Record<string, unknown>>(
    `SELECT i.id, m.cif_number AS "cifNumber", m.full_name AS "memberName", s.account_number AS "accountNumber", i.basis,
            i.basis_balance AS "basisBalance", i.rate, i.gross, i.tax, i.admin_fee AS "adminFee", i.net, i.status
     FROM saving_interest i JOIN member m ON m.tenant_id = i.tenant_id AND m.id = i.member_id
     JOIN member_saving s ON s.tenant_id = i.tenant_id AND s.id = i.saving_id
     WHERE i.tenant_id = app_tenant() AND i.release_id = $1 ORDER BY m.full_name, s.account_number`,
    [id],
  );
}

/** A deposit release's interest rows per deposit and due date. */
export function depositReleaseLines(tx: Tx, id: string) {
  return tx.query<Record<string, unknown>>(
    `SELECT i.id, m.cif_number AS "cifNumber", m.full_name AS "memberName", d.account_number AS "accountNumber", NULL AS basis,
            i.principal AS "basisBalance", i.rate, i.gross, i.tax, 0 AS "adminFee", i.net, i.status
     FROM deposit_interest i JOIN deposit d ON d.tenant_id = i.tenant_id AND d.id = i.deposit_id
     JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE i.tenant_id = app_tenant() AND i.release_id = $1 ORDER BY m.full_name, d.account_number, i.due_date`,
    [id],
  );
}

/** Interest posted per month and kind (live rows) with an end or due date in [startDate, endDate]. */
export function interestPerMonth(tx: Tx, f: ReportFilter) {
  return tx.query<Record<string, unknown>>(
    `SELECT to_char(month, 'YYYY-MM') AS periode, kind, count(*)::int AS items, sum(gross) AS "totalGross", sum(tax) AS "totalTax",
            sum(admin) AS "totalAdminFee", sum(net) AS "totalNet"
     FROM (SELECT tax_month AS month, 'SAVING' AS kind, gross, tax, admin_fee AS admin, net, end_date AS d FROM saving_interest
           WHERE tenant_id = app_tenant() AND status = 'POSTED'
           UNION ALL
           SELECT tax_month, 'DEPOSIT', gross, tax, 0, net, due_date FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED') x
     WHERE ($1::date IS NULL OR d >= $1::date) AND ($2::date IS NULL OR d <= $2::date)
     GROUP BY month, kind ORDER BY month, kind`,
    [f.startDate ?? null, f.endDate ?? null],
  );
}
