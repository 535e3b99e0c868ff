/**
 * SQL of the deposits area: deposits locked with their member, product terms
 * and GL accounts, the deposit's movement rows in member_transaction, the
 * month's interest and tax per subject (interest_tax_month), and the views.
 */
import type { DepositView } from '@koperasi/contracts';
import { type Dec, dec } from '@koperasi/finance';
import type { TaxRule } from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';

/** A deposit locked for an operation, with what every rule and journal needs. */
export interface LockedDeposit {
  id: string;
  account_number: string;
  certificate_number: string;
  member_id: string;
  product_id: string;
  status: 'ACTIVE' | 'MATURED' | 'WITHDRAWN' | 'BROKEN';
  principal: Dec;
  placed_amount: Dec;
  tenor: number;
  rate: Dec;
  day_count: 'MONTHLY' | 'ACTUAL_365';
  terms_version: number;
  term_no: number;
  start_date: string;
  maturity_date: string;
  paid_through: string;
  interest_destination: 'SAVING' | 'HOLDING';
  interest_saving_id: string | null;
  rollover: 'NONE' | 'PRINCIPAL' | 'PRINCIPAL_INTEREST';
  interest_paid: Dec;
  tax_paid: Dec;
  break_requested_at: Date | null;
  break_requested_by: string | null;
  break_penalty: Dec | null;
  break_holding_coa_id: string | null;
  break_reason: string | null;
  cif_number: string;
  member_name: string;
  member_branch_id: string | null;
  product_code: string;
  product_name: string;
  /** GL role -> account id of the product. */
  gl: Record<string, string>;
}

const LOCK_SELECT = `
  d.*, m.cif_number, m.full_name AS member_name, m.branch_id AS member_branch_id, p.code AS product_code, p.name AS product_name,
  coalesce(gl.gl, '{}'::jsonb) AS gl`;

/** The GL mapping of every deposit product, once per statement (not once per deposit). */
const GL_JOIN = `
  LEFT JOIN (SELECT g.product_id, jsonb_object_agg(g.role, g.coa_id) AS gl FROM product_gl_account g
             WHERE g.tenant_id = app_tenant() GROUP BY g.product_id) gl ON gl.product_id = d.product_id`;

/** Locks deposits FOR UPDATE in ascending id (the one order every deposit operation uses). */
export async function lockDeposits(tx: Tx, ids: string[]): Promise<LockedDeposit[]> {
  if (!ids.length) return [];
  return tx.query<LockedDeposit>(
    `SELECT ${LOCK_SELECT}
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     JOIN product p ON p.tenant_id = d.tenant_id AND p.id = d.product_id${GL_JOIN}
     WHERE d.tenant_id = app_tenant() AND d.id = ANY($1::uuid[]) ORDER BY d.id FOR UPDATE OF d`,
    [`{${ids.join(',')}}`],
  );
}

/** The ids of the next running deposits with interest due after `cursor` (a release chunk; deposit_pay_due locks them). */
export async function nextActiveIds(tx: Tx, cursor: string | null, limit: number, through: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT d.id FROM deposit d
     WHERE d.tenant_id = app_tenant() AND d.status = 'ACTIVE' AND ($1::uuid IS NULL OR d.id > $1::uuid) AND d.paid_through < $3::date
     ORDER BY d.id LIMIT $2`,
    [cursor, limit, through],
  );
  return rows.map((r) => r.id);
}

/**
 * The release's items (runBatch): running deposits with a period due by `through`, in (member, deposit) order after
 * the cursor `member|deposit`, so a member's deposits share a chunk (chunks on two connections then rarely wait on
 * the same member's tax month row or interest savings account).
 */
export async function dueDepositsAfter(
  tx: Tx,
  after: string | null,
  limit: number,
  through: string,
): Promise<Array<{ key: string; id: string }>> {
  const [m, d] = after ? after.split('|') : [null, null];
  return tx.query<{ key: string; id: string }>(
    `SELECT d.member_id::text || '|' || d.id::text AS key, d.id FROM deposit d
     WHERE d.tenant_id = app_tenant() AND d.status = 'ACTIVE' AND d.paid_through < $3::date
       AND ($1::uuid IS NULL OR (d.member_id, d.id) > ($1::uuid, $4::uuid))
     ORDER BY d.member_id, d.id LIMIT $2`,
    [m, limit, through, d],
  );
}

/**
 * The interest the daily accrual booked for a deposit's periods not paid (the running period of a deposit broken
 * early, which earns no interest): taken off its rows and answered, for the break's journal to reverse it
 * (Dr interest payable, Cr interest expense). docs/deposits.md "Daily accrual".
 */
export async function takeUnpaidAccrual(tx: Tx, depositId: string): Promise<Dec> {
  const r = await tx.one<{ amount: Dec }>(
    `WITH x AS (
       SELECT a.deposit_id, a.due_date, a.accrued FROM deposit_accrual a JOIN deposit d ON d.tenant_id = a.tenant_id AND d.id = a.deposit_id
       WHERE a.tenant_id = app_tenant() AND a.deposit_id = $1 AND a.due_date > d.paid_through AND a.accrued > 0 FOR UPDATE OF a
     ), u AS (
       UPDATE deposit_accrual a SET accrued = 0 FROM x WHERE a.tenant_id = app_tenant() AND a.deposit_id = x.deposit_id AND a.due_date = x.due_date
       RETURNING 1
     )
     SELECT coalesce(sum(x.accrued), 0) AS amount FROM x`,
    [depositId],
  );
  return dec(r?.amount ?? 0);
}

/** The certificate (bilyet) number: BLY/<year>/<seq>, the counter taken under its row lock. */
export async function nextCertificateNumber(tx: Tx, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  const r = await tx.one<{ last_seq: number }>(
    `INSERT INTO deposit_certificate_counter AS c (tenant_id, year, last_seq) VALUES (app_tenant(), $1, 1)
     ON CONFLICT (tenant_id, year) DO UPDATE SET last_seq = c.last_seq + 1 RETURNING last_seq`,
    [year],
  );
  return `BLY/${year}/${String(r!.last_seq).padStart(6, '0')}`;
}

/** Account number <product code>.<seq> from the product's sequence (shared with savings numbering). */
export async function nextAccountNumber(tx: Tx, productId: string): Promise<string> {
  const r = await tx.one<{ code: string; last_account_seq: number }>(
    'UPDATE product SET last_account_seq = last_account_seq + 1 WHERE tenant_id = app_tenant() AND id = $1 RETURNING code, last_account_seq',
    [productId],
  );
  return `${r!.code}.${String(r!.last_account_seq).padStart(6, '0')}`;
}

// ---------------------------------------------------------------- movements

export interface DepositMovement {
  depositId: string;
  memberId: string;
  productId: string;
  kind: 'TOPUP' | 'TOPUP_INTEREST' | 'WITHDRAW' | 'WITHDRAW_TAX';
  activity: string;
  amount: Dec;
  balanceAfter: Dec;
  date: string;
  channel: 'TELLER' | 'AGENT' | 'MOBILE' | 'SYSTEM';
  cashCoaId: string | null;
  groupId: string;
  journalId: string;
  description: string | null;
  termsVersion: number | null;
  branchId: string | null;
  userId: string | null;
}

/** Writes deposit movement rows (member_transaction, product_kind SAVING_DEPOSIT) in one statement; answers their codes in order. */
export async function insertMovements(tx: Tx, rows: DepositMovement[]): Promise<Array<{ id: string; code: string }>> {
  const live = rows.filter((r) => r.amount.gt(0));
  if (!live.length) return [];
  const col = <T>(f: (r: DepositMovement) => T) => live.map(f);
  return tx.query<{ id: string; code: string }>(
    `WITH x AS (
       SELECT u.*, tenant_sequence_next('member_transaction_seq') AS seq
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::date[], $9::text[],
                   $10::uuid[], $11::uuid[], $12::uuid[], $13::text[], $14::int[], $15::uuid[], $16::uuid[], $17::int[])
         AS u(deposit_id, member_id, product_id, kind, activity, amount, balance_after, d, channel, cash_coa_id, group_id, journal_id,
              description, terms_version, branch_id, user_id, ord)
       ORDER BY u.ord
     )
     INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, deposit_id, kind, activity,
                                     amount, balance_after, channel, cash_coa_id, group_id, journal_id, description, terms_version, branch_id,
                                     created_by, approved_by)
     SELECT app_tenant(), x.seq, 'TRX' || to_char(x.d, 'YYMMDD') || lpad(x.seq::text, 8, '0'), x.d, x.member_id, x.product_id, 'SAVING_DEPOSIT',
            x.deposit_id, x.kind, x.activity, x.amount, x.balance_after, x.channel, x.cash_coa_id, x.group_id, x.journal_id, x.description,
            x.terms_version, x.branch_id, x.user_id, x.user_id
     FROM x ORDER BY x.ord
     RETURNING id, code`,
    [
      col((r) => r.depositId),
      col((r) => r.memberId),
      col((r) => r.productId),
      col((r) => r.kind),
      col((r) => r.activity),
      col((r) => r.amount.toFixed(2)),
      col((r) => r.balanceAfter.toFixed(2)),
      col((r) => r.date),
      col((r) => r.channel),
      col((r) => r.cashCoaId),
      col((r) => r.groupId),
      col((r) => r.journalId),
      col((r) => r.description),
      col((r) => r.termsVersion),
      col((r) => r.branchId),
      col((r) => r.userId),
      live.map((_r, i) => i),
    ],
  );
}

// ---------------------------------------------------------------- tax months

export interface TaxMonthRow {
  subject_id: string;
  month: string;
  gross: Dec;
  tax: Dec;
}

/** Locks (creating when missing) the month rows of the subjects, in a fixed order. */
export async function lockTaxMonths(tx: Tx, keys: Array<{ subject: string; month: string }>): Promise<Map<string, TaxMonthRow>> {
  const out = new Map<string, TaxMonthRow>();
  if (!keys.length) return out;
  const uniq = [...new Map(keys.map((k) => [`${k.subject}|${k.month}`, k])).values()].sort((a, b) =>
    `${a.subject}|${a.month}`.localeCompare(`${b.subject}|${b.month}`),
  );
  await tx.exec(
    `INSERT INTO interest_tax_month (tenant_id, subject_id, month)
     SELECT app_tenant(), s, m FROM unnest($1::uuid[], $2::date[]) AS u(s, m) ORDER BY s, m
     ON CONFLICT DO NOTHING`,
    [uniq.map((k) => k.subject), uniq.map((k) => k.month)],
  );
  const rows = await tx.query<TaxMonthRow>(
    `SELECT t.subject_id, to_char(t.month, 'YYYY-MM-DD') AS month, t.gross, t.tax FROM interest_tax_month t
     JOIN unnest($1::uuid[], $2::date[]) AS u(s, m) ON t.subject_id = u.s AND t.month = u.m
     WHERE t.tenant_id = app_tenant() ORDER BY t.subject_id, t.month FOR UPDATE OF t`,
    [uniq.map((k) => k.subject), uniq.map((k) => k.month)],
  );
  for (const r of rows) out.set(`${r.subject_id}|${r.month}`, r);
  return out;
}

/**
 * The tax of each posting, in order, through THE rule of PP 15/2009 (SQL interest_tax_withhold: cumulative per
 * subject and month, the month rows locked and raised). `monthlyInterestTax` (finance) is its copy for simulations.
 */
export async function withholdTax(tx: Tx, rows: Array<{ subject: string; month: string; gross: Dec; rule: TaxRule }>): Promise<Dec[]> {
  if (!rows.length) return [];
  const r = await tx.one<{ t: string[] }>(
    'SELECT interest_tax_withhold($1::uuid[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[])::text[] AS t',
    [
      rows.map((x) => x.subject),
      rows.map((x) => x.month),
      rows.map((x) => dec(x.gross).toFixed(2)),
      rows.map((x) => dec(x.rule.taxFreeAmount).toFixed(2)),
      rows.map((x) => dec(x.rule.ratePct).toFixed(4)),
    ],
  );
  return r!.t.map((x) => dec(x));
}

export async function saveTaxMonths(tx: Tx, rows: TaxMonthRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.exec(
    `UPDATE interest_tax_month t SET gross = u.g, tax = u.x, updated_date = now()
     FROM unnest($1::uuid[], $2::date[], $3::numeric[], $4::numeric[]) AS u(s, m, g, x)
     WHERE t.tenant_id = app_tenant() AND t.subject_id = u.s AND t.month = u.m`,
    [rows.map((r) => r.subject_id), rows.map((r) => r.month), rows.map((r) => r.gross.toFixed(2)), rows.map((r) => r.tax.toFixed(2))],
  );
}

// ---------------------------------------------------------------- views

export const DEPOSIT_SELECT = `
  d.id, d.account_number, d.certificate_number, d.member_id, m.cif_number, m.full_name AS member_name, d.product_id,
  p.code AS product_code, p.name AS product_name, d.status, d.principal, d.placed_amount, d.tenor, d.rate, d.day_count, d.term_no,
  d.start_date, d.maturity_date, d.placed_date, d.paid_through, d.interest_destination, d.interest_saving_id,
  s.account_number AS interest_saving_number, d.rollover, d.funding, d.interest_paid, d.tax_paid, d.penalty,
  d.break_requested_at, d.closed_date, d.created_date`;

export const DEPOSIT_FROM = `
  deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
  JOIN product p ON p.tenant_id = d.tenant_id AND p.id = d.product_id
  LEFT JOIN member_saving s ON s.tenant_id = d.tenant_id AND s.id = d.interest_saving_id`;

export interface DepositRow {
  id: string;
  account_number: string;
  certificate_number: string;
  member_id: string;
  cif_number: string;
  member_name: string;
  product_id: string;
  product_code: string;
  product_name: string;
  status: DepositView['status'];
  principal: Dec;
  placed_amount: Dec;
  tenor: number;
  rate: Dec;
  day_count: DepositView['dayCount'];
  term_no: number;
  start_date: string;
  maturity_date: string;
  placed_date: string;
  paid_through: string;
  interest_destination: DepositView['interestDestination'];
  interest_saving_id: string | null;
  interest_saving_number: string | null;
  rollover: DepositView['rollover'];
  funding: DepositView['funding'];
  interest_paid: Dec;
  tax_paid: Dec;
  penalty: Dec;
  break_requested_at: Date | null;
  closed_date: string | null;
  created_date: Date;
}

const n = (v: Dec) => dec(v).toNumber();

export function depositView(r: DepositRow): DepositView {
  return {
    id: r.id,
    accountNumber: r.account_number,
    certificateNumber: r.certificate_number,
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    productId: r.product_id,
    productCode: r.product_code,
    productName: r.product_name,
    status: r.status,
    principal: n(r.principal),
    placedAmount: n(r.placed_amount),
    tenor: r.tenor,
    rate: n(r.rate),
    dayCount: r.day_count,
    termNo: r.term_no,
    startDate: r.start_date,
    maturityDate: r.maturity_date,
    placedDate: r.placed_date,
    paidThrough: r.paid_through,
    interestDestination: r.interest_destination,
    interestSavingId: r.interest_saving_id,
    interestSavingNumber: r.interest_saving_number,
    rollover: r.rollover,
    funding: r.funding,
    interestPaid: n(r.interest_paid),
    taxPaid: n(r.tax_paid),
    penalty: n(r.penalty),
    breakRequested: Boolean(r.break_requested_at),
    closedDate: r.closed_date,
  };
}

export async function findDeposit(tx: Tx, id: string): Promise<DepositRow | undefined> {
  return tx.one<DepositRow>(`SELECT ${DEPOSIT_SELECT} FROM ${DEPOSIT_FROM} WHERE d.tenant_id = app_tenant() AND d.id = $1`, [id]);
}
