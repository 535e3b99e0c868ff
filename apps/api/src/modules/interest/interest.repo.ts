/**
 * SQL of the interest simulations (docs/interest.md): the month's posted
 * interest per tax subject and the term deposits running in a period; and of
 * posting decided figures (figures.post.ts): paid accounts, GL rows, the release row.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

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

/** A RUNNING savings interest release row; undefined when one is running already. */
export async function insertRelease(tx: Tx, start: string, end: string, userId: string) {
  return tx.one<{ id: string }>(
    `INSERT INTO saving_interest_release (tenant_id, start_date, end_date, product_id, status, created_by)
     VALUES (app_tenant(), $1, $2, NULL, 'RUNNING', $3) ON CONFLICT DO NOTHING RETURNING id`,
    [start, end, userId],
  );
}

/** Adds a chunk's figures to the release row. */
export async function addToRelease(
  tx: Tx,
  releaseId: string,
  s: { accounts: number; gross: Dec; tax: Dec; admin: Dec; net: Dec },
  cursor: string | null,
) {
  await tx.exec(
    `UPDATE saving_interest_release SET cursor = coalesce($2::uuid, cursor), accounts = accounts + $3, chunks = chunks + 1, total_gross = total_gross + $4,
            total_tax = total_tax + $5, total_admin = total_admin + $6, total_net = total_net + $7
     WHERE tenant_id = app_tenant() AND id = $1`,
    [releaseId, cursor, s.accounts, s.gross.toFixed(2), s.tax.toFixed(2), s.admin.toFixed(2), s.net.toFixed(2)],
  );
}

/** Closes a release row (RELEASED). */
export async function finishRelease(tx: Tx, releaseId: string) {
  await tx.exec(`UPDATE saving_interest_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
    releaseId,
  ]);
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
