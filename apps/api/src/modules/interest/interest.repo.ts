/**
 * SQL of the interest simulations (docs/interest.md): the month's posted
 * interest per tax subject and the term deposits running in a period.
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
