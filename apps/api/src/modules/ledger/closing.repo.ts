/**
 * SQL of closing the books (closing.service.ts): the closing state and its lock, the months' and fiscal years'
 * history, the closing journal's balances and the status screens' reads. The rules and the lock order live in the
 * service.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface LedgerState {
  closedThrough: string | null;
  fiscalStartMonth: number;
}

/** The closing watermark and the fiscal year start month, read without locks. */
export async function ledgerState(tx: Tx): Promise<LedgerState> {
  const r = await tx.one<{ closed_through: string | null; start: number }>(
    `SELECT (SELECT closed_through FROM ledger_state WHERE tenant_id = $1) AS closed_through,
            (SELECT fiscal_year_start_month FROM tenant WHERE tenant_id = $1) AS start`,
    [tx.tenantId],
  );
  return { closedThrough: r?.closed_through ?? null, fiscalStartMonth: r?.start ?? 1 };
}

/** Locks the tenant's closing state row (created on first use). */
export async function lockState(tx: Tx): Promise<LedgerState> {
  await tx.exec('INSERT INTO ledger_state (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING', [tx.tenantId]);
  const r = await tx.one<{ closed_through: string | null }>('SELECT closed_through FROM ledger_state WHERE tenant_id = $1 FOR UPDATE', [
    tx.tenantId,
  ]);
  const t = await tx.one<{ start: number }>('SELECT fiscal_year_start_month AS start FROM tenant WHERE tenant_id = $1', [tx.tenantId]);
  return { closedThrough: r?.closed_through ?? null, fiscalStartMonth: t?.start ?? 1 };
}

/** Locks the cooperative's ledger exclusively, the numbering lock and the tenant-year counters of `years` (sorted, without repeats). */
export async function lockYears(tx: Tx, years: number[]) {
  await tx.query('SELECT ledger_lock_years($1::int[])', [`{${[...new Set(years)].sort((a, b) => a - b).join(',')}}`]);
}

/** The first period with balances (the books' first month), or null. */
export async function firstBalancePeriod(tx: Tx): Promise<string | null> {
  const first = await tx.one<{ p: string | null }>('SELECT min(period) AS p FROM ledger_balance WHERE tenant_id = $1', [tx.tenantId]);
  return first?.p ?? null;
}

/** The date of the first journal, or null. */
export async function firstJournalDate(tx: Tx): Promise<string | null> {
  const first = await tx.one<{ d: string | null }>('SELECT min(date)::text AS d FROM journal WHERE tenant_id = $1', [tx.tenantId]);
  return first?.d ?? null;
}

/** Moves the closing watermark to `closedThrough`. */
export async function setClosedThrough(tx: Tx, closedThrough: string, userId: string | null) {
  await tx.exec('UPDATE ledger_state SET closed_through = $2, updated_at = now(), updated_by = $3 WHERE tenant_id = $1', [
    tx.tenantId,
    closedThrough,
    userId,
  ]);
}

/** Records `months` (first days) closed by `userId`. */
export async function recordMonthsClosed(tx: Tx, months: string[], userId: string | null) {
  await tx.exec(
    `INSERT INTO ledger_period (tenant_id, period, status, closed_at, closed_by)
     SELECT $1, p::date, 'CLOSED', now(), $3 FROM unnest($2::date[]) AS p
     ON CONFLICT (tenant_id, period) DO UPDATE SET status = 'CLOSED', closed_at = now(), closed_by = EXCLUDED.closed_by`,
    [tx.tenantId, `{${months.join(',')}}`, userId],
  );
}

/** Records `months` (first days) reopened by `userId` for `reason`. */
export async function recordMonthsReopened(tx: Tx, months: string[], userId: string | null, reason: string) {
  await tx.exec(
    `INSERT INTO ledger_period (tenant_id, period, status, reopened_at, reopened_by, reopen_reason)
       SELECT $1, p::date, 'OPEN', now(), $3, $4 FROM unnest($2::date[]) AS p
       ON CONFLICT (tenant_id, period) DO UPDATE
         SET status = 'OPEN', reopened_at = now(), reopened_by = EXCLUDED.reopened_by, reopen_reason = EXCLUDED.reopen_reason`,
    [tx.tenantId, `{${months.join(',')}}`, userId, reason],
  );
}

/** The first closed fiscal year ending on or after `date`, or undefined. */
export async function closedYearEndingFrom(tx: Tx, date: string) {
  return tx.one<{ fiscal_year: number }>(
    `SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1 AND status = 'CLOSED' AND end_date >= $2::date
       ORDER BY fiscal_year LIMIT 1`,
    [tx.tenantId, date],
  );
}

/** The ids of the CURRENT_YEAR_SURPLUS and RETAINED_SURPLUS accounts (those that exist). */
export async function surplusAccounts(tx: Tx) {
  return tx.query<{ id: string; system_key: string }>(
    `SELECT id, system_key FROM coa_account WHERE tenant_id = $1 AND system_key IN ('CURRENT_YEAR_SURPLUS', 'RETAINED_SURPLUS')`,
    [tx.tenantId],
  );
}

export interface NetRow {
  account_id: string;
  business_unit_id: string;
  net: Dec;
}

/**
 * Net (debit − credit) per income/expense account and business unit, everything up to the period `throughPeriod`
 * (kind PL), and of `surplusAccount` (kind CYS); nets of zero left out.
 */
export async function closingNets(tx: Tx, throughPeriod: string, surplusAccount: string) {
  return tx.query<NetRow & { kind: 'PL' | 'CYS' }>(
    `SELECT b.account_id, b.business_unit_id, sum(b.debit - b.credit) AS net,
            CASE WHEN a.type IN ('INCOME', 'EXPENSE') THEN 'PL' ELSE 'CYS' END AS kind
     FROM ledger_balance b JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id
     WHERE b.tenant_id = $1 AND b.period <= $2::date AND (a.type IN ('INCOME', 'EXPENSE') OR a.id = $3)
     GROUP BY b.account_id, b.business_unit_id, a.type, a.id
     HAVING sum(b.debit - b.credit) <> 0
     ORDER BY a.id, b.business_unit_id`,
    [tx.tenantId, throughPeriod, surplusAccount],
  );
}

/** A fiscal year's status row, or undefined. */
export async function fiscalYearRow(tx: Tx, year: number) {
  return tx.one<{ status: string; closing_journal_id: string | null }>(
    'SELECT status, closing_journal_id FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year = $2',
    [tx.tenantId, year],
  );
}

/** A fiscal year's status, or undefined when it has no row. */
export async function fiscalYearStatus(tx: Tx, year: number) {
  return tx.one<{ status: string }>('SELECT status FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year = $2', [tx.tenantId, year]);
}

/** The first year before `year` with journals (numbered or still waiting) that is not closed, or undefined. */
export async function openYearBefore(tx: Tx, year: number) {
  // Years with journals: numbered ones (counters) and those still waiting for their numbers.
  return tx.one<{ fiscal_year: number }>(
    `SELECT c.fiscal_year FROM (SELECT fiscal_year FROM ledger_counter WHERE tenant_id = $1 AND last_seq > 0
                                    UNION SELECT fiscal_year FROM journal WHERE tenant_id = $1 AND seq IS NULL) c
         WHERE c.fiscal_year < $2
           AND NOT EXISTS (SELECT 1 FROM ledger_fiscal_year y WHERE y.tenant_id = $1 AND y.fiscal_year = c.fiscal_year AND y.status = 'CLOSED')
         ORDER BY c.fiscal_year LIMIT 1`,
    [tx.tenantId, year],
  );
}

/** The first closed fiscal year after `year`, or undefined. */
export async function closedYearAfter(tx: Tx, year: number) {
  return tx.one<{ fiscal_year: number }>(
    `SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year > $2 AND status = 'CLOSED' ORDER BY fiscal_year LIMIT 1`,
    [tx.tenantId, year],
  );
}

export interface ClosedYear {
  year: number;
  start: string;
  end: string;
  closingJournalId: string | null;
  surplus: string;
  userId: string | null;
}

/** Marks a fiscal year CLOSED with its closing journal and surplus. */
export async function recordYearClosed(tx: Tx, y: ClosedYear) {
  await tx.exec(
    `INSERT INTO ledger_fiscal_year (tenant_id, fiscal_year, start_date, end_date, status, closing_journal_id, surplus, closed_at, closed_by)
         VALUES ($1, $2, $3, $4, 'CLOSED', $5, $6, now(), $7)
         ON CONFLICT (tenant_id, fiscal_year) DO UPDATE
           SET status = 'CLOSED', closing_journal_id = EXCLUDED.closing_journal_id, surplus = EXCLUDED.surplus,
               closed_at = now(), closed_by = EXCLUDED.closed_by`,
    [tx.tenantId, y.year, y.start, y.end, y.closingJournalId, y.surplus, y.userId],
  );
}

/** Marks a fiscal year OPEN, reopened by `userId` for `reason`. */
export async function recordYearReopened(tx: Tx, year: number, userId: string | null, reason: string) {
  await tx.exec(
    `UPDATE ledger_fiscal_year SET status = 'OPEN', reopened_at = now(), reopened_by = $3, reopen_reason = $4
         WHERE tenant_id = $1 AND fiscal_year = $2`,
    [tx.tenantId, year, userId, reason],
  );
}

/** Each month's closing history between `start` and `end` (first days). */
export async function periodHistory(tx: Tx, start: string, end: string) {
  return tx.query<{
    periode: string;
    closed_at: Date | null;
    closed_by: string | null;
    closed_by_name: string | null;
    reopened_at: Date | null;
    reopened_by_name: string | null;
    reopen_reason: string | null;
  }>(
    `SELECT to_char(p.period, 'YYYY-MM') AS periode, p.closed_at, p.closed_by,
              nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') AS closed_by_name, p.reopened_at,
              nullif(trim(concat_ws(' ', r.first_name, r.last_name)), '') AS reopened_by_name, p.reopen_reason
       FROM ledger_period p
       LEFT JOIN app_user c ON c.tenant_id = p.tenant_id AND c.id = p.closed_by
       LEFT JOIN app_user r ON r.tenant_id = p.tenant_id AND r.id = p.reopened_by
       WHERE p.tenant_id = $1 AND p.period BETWEEN $2::date AND $3::date`,
    [tx.tenantId, start, end],
  );
}

/** Each month's debit total and line count between `start` and `end`. */
export async function periodTotals(tx: Tx, start: string, end: string) {
  return tx.query<{ periode: string; debit: Dec; lines: number }>(
    `SELECT to_char(period, 'YYYY-MM') AS periode, sum(debit) AS debit, sum(line_count)::int AS lines
       FROM ledger_balance WHERE tenant_id = $1 AND period BETWEEN $2::date AND $3::date GROUP BY period`,
    [tx.tenantId, start, end],
  );
}

/** A fiscal year's status with its closing journal's number, or undefined. */
export async function fiscalYearDetail(tx: Tx, year: number) {
  return tx.one<{
    status: string;
    closing_journal_id: string | null;
    number: string | null;
    surplus: Dec | null;
    closed_at: Date | null;
  }>(
    `SELECT y.status, y.closing_journal_id, j.number, y.surplus, y.closed_at
       FROM ledger_fiscal_year y LEFT JOIN journal j ON j.tenant_id = y.tenant_id AND j.id = y.closing_journal_id
       WHERE y.tenant_id = $1 AND y.fiscal_year = $2`,
    [tx.tenantId, year],
  );
}

/** Every fiscal year with journals or a closing row, plus `currentYear`, newest first. */
export async function fiscalYearRows(tx: Tx, currentYear: number) {
  return tx.query<{
    fiscal_year: number;
    journals: number;
    status: string | null;
    closing_journal_id: string | null;
    number: string | null;
    surplus: Dec | null;
    closed_at: Date | null;
    closed_by_name: string | null;
    reopen_reason: string | null;
  }>(
    `SELECT y.fiscal_year, coalesce(c.last_seq, 0) AS journals, f.status, f.closing_journal_id, j.number, f.surplus, f.closed_at,
              nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS closed_by_name, f.reopen_reason
       FROM (SELECT fiscal_year FROM ledger_counter WHERE tenant_id = $1 AND last_seq > 0
             UNION SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1
             UNION SELECT $2::int) y
       LEFT JOIN ledger_counter c ON c.tenant_id = $1 AND c.fiscal_year = y.fiscal_year
       LEFT JOIN ledger_fiscal_year f ON f.tenant_id = $1 AND f.fiscal_year = y.fiscal_year
       LEFT JOIN journal j ON j.tenant_id = $1 AND j.id = f.closing_journal_id
       LEFT JOIN app_user u ON u.tenant_id = $1 AND u.id = f.closed_by
       ORDER BY y.fiscal_year DESC`,
    [tx.tenantId, currentYear],
  );
}
