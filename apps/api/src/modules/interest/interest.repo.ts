/**
 * SQL of the interest computation (interest.core.ts: the accounts with their terms, the movements' balances), of the
 * simulations (docs/interest.md): the month's posted interest per tax subject and the term deposits running in a
 * period; of posting decided figures (figures.post.ts): paid accounts, GL rows; and the release's accounts.
 * The release row: interest.release.repo.ts.
 */
import type { Dec } from '@koperasi/finance';
import type { BalanceBasisName } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';

export interface InterestAccount {
  id: string;
  account_number: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  product_id: string;
  product_name: string;
  blocked_amount: Dec;
  is_not_get_interest: boolean;
  base_rate: Dec;
  /** Percent of the balance per day; above 0 it replaces the yearly rate (docs/interest.md). */
  daily_interest_percent: Dec;
  balance_basis: BalanceBasisName;
  monthly_admin_fee: Dec;
  interest_min_balance: Dec;
  interest_max_balance: Dec | null;
}

/** Voluntary savings accounts (active, open on or before `end`) with the terms in force on `end`; id > `after`, at most `limit`. */
export async function interestAccounts(
  tx: Tx,
  v: { end: string; productId?: string | null; after?: string | null; limit?: number | null; ids?: string[] },
): Promise<InterestAccount[]> {
  return tx.query<InterestAccount>(
    `SELECT s.id, s.account_number, s.member_id, m.full_name AS member_name, m.cif_number, s.product_id, p.name AS product_name,
            s.blocked_amount, s.is_not_get_interest, t.base_rate, t.daily_interest_percent, t.balance_basis, t.monthly_admin_fee,
            t.interest_min_balance, t.interest_max_balance
     FROM member_saving s
     JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
     JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
     JOIN LATERAL (SELECT * FROM product_terms t WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id AND t.effective_date <= $1::date
                   ORDER BY t.effective_date DESC, t.version DESC LIMIT 1) t ON true
     WHERE s.tenant_id = app_tenant() AND s.kind = 'SAVING' AND s.saving_type = 'VOLUNTARY' AND s.status = 'ACTIVE'
       AND (s.open_date IS NULL OR s.open_date <= $1::date)
       AND ($2::uuid IS NULL OR s.product_id = $2::uuid)
       AND ($3::uuid IS NULL OR s.id > $3::uuid)
       AND ($5::uuid[] IS NULL OR s.id = ANY($5::uuid[]))
     ORDER BY s.id
     LIMIT $4`,
    [v.end, v.productId ?? null, v.after ?? null, v.limit ?? null, v.ids ? `{${v.ids.join(',')}}` : null],
  );
}

/**
 * Each account's balance and, per date from `start` on, the net of its movements dated that day (accounts `arr`, a
 * uuid[] literal), in one statement (one snapshot): a day's closing balance is the balance less the movements dated
 * after it (interest.core.ts `dailyBalancesOf`; the same rule as SQL `saving_interest_chunk`).
 */
export function balancesAndNetsFrom(tx: Tx, arr: string, start: string) {
  return tx.query<{ saving_id: string; balance: Dec; date: string | null; net: Dec | null }>(
    `SELECT s.id AS saving_id, s.balance, to_char(d.transaction_date, 'YYYY-MM-DD') AS date, d.net
     FROM member_saving s
     LEFT JOIN LATERAL (
       SELECT t.transaction_date, sum(saving_net(t.kind, t.amount)) AS net
       FROM member_transaction t
       WHERE t.tenant_id = s.tenant_id AND t.saving_id = s.id AND t.transaction_date >= $2::date
       GROUP BY t.transaction_date
     ) d ON true
     WHERE s.tenant_id = app_tenant() AND s.id = ANY($1::uuid[])
     ORDER BY s.id, d.transaction_date`,
    [arr, start],
  );
}

/** The month's gross and tax already posted per subject (read only: the simulations). */
export async function readTaxMonths(tx: Tx, subjects: string[], month: string) {
  const rows = await tx.query<{ subject_id: string; gross: Dec; tax: Dec }>(
    `SELECT subject_id, gross, tax FROM interest_tax_month WHERE tenant_id = app_tenant() AND month = $2 AND subject_id = ANY($1::uuid[])`,
    [`{${subjects.join(',')}}`, month],
  );
  return new Map(rows.map((r) => [r.subject_id, r]));
}

export interface SimDeposit {
  id: string;
  member_id: string;
  member_name: string;
  cif_number: string;
  principal: Dec;
  tenor: number;
  rate: Dec;
  /** Days of the term inside the period (inclusive dates, maturity day excluded). */
  days: number;
}

/** Term deposits (ACTIVE or MATURED with principal) whose term overlaps [start, end], of the product when given. */
export function depositsInPeriod(tx: Tx, start: string, end: string, productId: string | null) {
  return tx.query<SimDeposit>(
    `SELECT d.id, d.member_id, m.full_name AS member_name, m.cif_number, d.principal, d.tenor, d.rate,
            (LEAST($2::date, d.maturity_date - 1) - GREATEST($1::date, d.start_date) + 1)::int AS days
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() AND d.status IN ('ACTIVE', 'MATURED') AND d.principal > 0
       AND d.start_date <= $2::date AND d.maturity_date > $1::date
       AND ($3::uuid IS NULL OR d.product_id = $3::uuid)
     ORDER BY d.id`,
    [start, end, productId],
  );
}

// ---------------------------------------------------------------- figures (figures.post.ts)

/** Accounts with live interest for a period overlapping [start, end]. */
export async function paidAccounts(tx: Tx, ids: string[], start: string, end: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx.query<{ saving_id: string }>(
    `SELECT DISTINCT saving_id FROM saving_interest WHERE tenant_id = app_tenant() AND saving_id = ANY($1::uuid[]) AND status = 'POSTED'
       AND start_date <= $3::date AND end_date >= $2::date`,
    [`{${ids.join(',')}}`, start, end],
  );
  return new Set(rows.map((r) => r.saving_id));
}

/** The GL mapping rows of these products. */
export async function productGlAccounts(tx: Tx, productIds: string[]) {
  return tx.query<{ product_id: string; role: string; coa_id: string }>(
    `SELECT product_id, role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[])`,
    [`{${productIds.join(',')}}`],
  );
}

/** SQL `saving_interest_post`: a chunk's movements and saving_interest rows (args as the function takes them). */
export async function postInterestRows(tx: Tx, args: unknown[]): Promise<void> {
  await tx.exec('SELECT saving_interest_post($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', args);
}

/** Voluntary savings accounts a release of the period may pay (active, open on or before `end`), of the product when given. */
const RELEASE_ACCOUNTS = `FROM member_saving s
  WHERE s.tenant_id = app_tenant() AND s.kind = 'SAVING' AND s.saving_type = 'VOLUNTARY' AND s.status = 'ACTIVE'
    AND (s.open_date IS NULL OR s.open_date <= $1::date) AND ($2::uuid IS NULL OR s.product_id = $2::uuid)`;

export async function countReleaseAccounts(tx: Tx, end: string, productId: string | null): Promise<number> {
  return (await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${RELEASE_ACCOUNTS}`, [end, productId]))!.n;
}

/**
 * The release's items (runBatch): accounts in (member, account) order after the cursor `member|account`, so a
 * member's accounts share a chunk (parallel chunks then rarely wait on the same member's tax month row).
 */
export async function releaseAccountsAfter(
  tx: Tx,
  v: { end: string; productId: string | null; after: string | null; limit: number },
): Promise<Array<{ key: string; id: string }>> {
  const [m, a] = v.after ? v.after.split('|') : [null, null];
  return tx.query<{ key: string; id: string }>(
    `SELECT s.member_id::text || '|' || s.id::text AS key, s.id ${RELEASE_ACCOUNTS}
       AND ($3::uuid IS NULL OR (s.member_id, s.id) > ($3::uuid, $4::uuid))
     ORDER BY s.member_id, s.id LIMIT $5`,
    [v.end, v.productId, m, a, v.limit],
  );
}
