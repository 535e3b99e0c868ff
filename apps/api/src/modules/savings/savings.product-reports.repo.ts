/** SQL of the per-product saving reports (savings.product-reports.ts). */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { BALANCE_ON, laterNetSql } from './savings.reports.repo.ts';

/** Per product: accounts, members and balances on a day, with the control account (kind: one product kind). */
export async function productPositions(tx: Tx, asOf: string, kind?: string) {
  const params: unknown[] = [asOf];
  let kindWhere = `p.kind IN ('SAVING', 'SAVING_EQUITY')`;
  if (kind) {
    params.push(kind.toUpperCase());
    kindWhere += ` AND p.kind = $2`;
  }
  return tx.query<{
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
    // Per product and member first, then per product: counting distinct members per product sorted every account
    // (1,000,000 accounts: a 150 MB sort on disk, 2.9 s; this way 1.4 s).
    `WITH later AS (${laterNetSql('$1')}),
     pm AS (
       SELECT s.product_id, s.member_id,
              count(*) FILTER (WHERE ${BALANCE_ON} <> 0 OR s.status = 'ACTIVE') AS accounts, sum(${BALANCE_ON}) AS balance
       FROM member_saving s LEFT JOIN later l ON l.saving_id = s.id
       WHERE s.tenant_id = app_tenant() AND s.open_date <= $1::date
       GROUP BY s.product_id, s.member_id
     ), b AS (
       SELECT pm.product_id, sum(pm.accounts)::int AS accounts, (count(*) FILTER (WHERE pm.accounts > 0))::int AS members,
              sum(pm.balance) AS balance
       FROM pm GROUP BY pm.product_id
     )
     SELECT p.id, p.code, p.name, p.kind, p.saving_type, p.is_active, g.coa_id AS control_id, c.code AS control_code, c.name AS control_name,
            coalesce(b.accounts, 0) AS accounts, coalesce(b.members, 0) AS members, coalesce(b.balance, 0) AS balance
     FROM product p
     LEFT JOIN product_gl_account g ON g.tenant_id = p.tenant_id AND g.product_id = p.id AND g.role = 'CONTROL'
     LEFT JOIN coa_account c ON c.tenant_id = g.tenant_id AND c.id = g.coa_id
     LEFT JOIN b ON b.product_id = p.id
     WHERE p.tenant_id = app_tenant() AND ${kindWhere}
     ORDER BY p.kind DESC, p.saving_type, p.code`,
    params,
  );
}

/**
 * Per product and month of [from, to] (from the first of a month, to the last day of one): opening, standing credits
 * and debits, corrections. One pass over the movements up to `to`: each product's net before `from` and its per-month
 * figures, the opening of a month being the net before `from` plus the months before it (a window). The opening was a
 * subquery per product and month, each reading every earlier movement: 2.0 s for a year at 987,000 movements.
 */
export async function productMonths(tx: Tx, from: string, to: string, productId?: string) {
  const params: unknown[] = [from, to];
  let extra = '';
  if (productId) {
    params.push(productId);
    extra = ` AND p.id = $3`;
  }
  return tx.query<{
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
               WHERE p.tenant_id = app_tenant() AND p.kind IN ('SAVING', 'SAVING_EQUITY')${extra}),
     agg AS (
       SELECT t.product_id, CASE WHEN t.transaction_date < $1::date THEN NULL ELSE date_trunc('month', t.transaction_date)::date END AS m,
              sum(saving_net(t.kind, t.amount)) AS net,
              sum(t.amount) FILTER (WHERE t.kind IN ('TOPUP', 'TOPUP_INTEREST') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL) AS credit,
              sum(t.amount) FILTER (WHERE t.kind IN ('WITHDRAW', 'WITHDRAW_TAX') AND t.status = 'POSTED' AND t.reversal_of_id IS NULL) AS debit,
              sum(saving_net(t.kind, t.amount)) FILTER (WHERE t.status = 'CANCELLED' OR t.reversal_of_id IS NOT NULL) AS corrections
         FROM member_transaction t
        WHERE t.tenant_id = app_tenant() AND t.product_id = ANY (ARRAY(SELECT prods.id FROM prods)) AND t.transaction_date <= $2::date
        GROUP BY 1, 2
     )
     SELECT prods.id AS product_id, prods.code, prods.name, to_char(months.m, 'YYYY-MM') AS month,
            coalesce(b.net, 0) + coalesce(sum(a.net) OVER (PARTITION BY prods.id ORDER BY months.m ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS opening,
            coalesce(a.credit, 0) AS credit, coalesce(a.debit, 0) AS debit, coalesce(a.corrections, 0) AS corrections
     FROM prods CROSS JOIN months
     LEFT JOIN agg a ON a.product_id = prods.id AND a.m = months.m
     LEFT JOIN agg b ON b.product_id = prods.id AND b.m IS NULL
     ORDER BY prods.kind DESC, prods.saving_type, prods.code, months.m`,
    params,
  );
}

/** Standing movements per product under a transaction filter (`where` with its params, from txWhere). */
export async function movementsByProduct(tx: Tx, where: string, params: unknown[]) {
  return tx.query<{ product_id: string; code: string; name: string; n: number; total: Dec }>(
    `SELECT t.product_id, p.code, p.name, count(*)::int AS n, coalesce(sum(t.amount), 0) AS total
     FROM member_transaction t JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
     JOIN product p ON p.tenant_id = t.tenant_id AND p.id = t.product_id
     LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id
     WHERE ${where} GROUP BY t.product_id, p.code, p.name ORDER BY p.code`,
    params,
  );
}
