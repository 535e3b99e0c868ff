/**
 * Closing the books (tutup buku).
 *
 * Decisions (a cooperative's accountant and auditor would expect these):
 *  - Months close in order. `closed_through` (ledger_state) is the last day
 *    closed: closing March closes every month up to March, and nothing dated
 *    on or before it can be posted (PERIOD_CLOSED). A month can only be closed
 *    once it has ended (WIB). Each month's history (closed by whom, when,
 *    reopened by whom, why) is kept in ledger_period.
 *  - Reopening a month reopens it and every later month (their opening
 *    balances depend on it). It needs a reason, the general_journal:delete
 *    permission and is audited. It is refused when the month or any later
 *    one belongs to a closed fiscal year: reopen that year first.
 *  - Closing a fiscal year needs the year to have ended, every earlier
 *    year with journals closed and no later year closed. It posts one closing journal dated the last
 *    day of the year (source CLOSING, id = the year): every income and
 *    expense account, per business unit, back to zero against
 *    CURRENT_YEAR_SURPLUS (SHU tahun berjalan). Whatever CURRENT_YEAR_SURPLUS
 *    still held from earlier years (not yet distributed by the SHU module) is
 *    first moved to RETAINED_SURPLUS (SHU belum dibagi), so after the close
 *    CURRENT_YEAR_SURPLUS holds exactly that year's surplus. Then every month
 *    through the year's end is closed and the year is marked CLOSED. The
 *    profit and loss leaves closing entries out; the balance sheet includes them.
 *  - Reopening a fiscal year (reason, general_journal:delete, audited) needs
 *    the following year open; it reverses the closing journal on the same
 *    date and marks the year OPEN. Its months stay closed until reopened.
 *  - Lock order: the ledger_state row first, then the cooperative's ledger
 *    lock exclusively (every posting holds it shared until it commits, so
 *    closing waits for the postings in flight and keeps new ones out), the
 *    numbering lock and the tenant-year counters (ledger_lock_years). The
 *    journals still waiting for a number are numbered before a month or
 *    year closes, so a closed period's journals all carry their numbers.
 */
import { translate } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { NIL_UUID } from './balances.ts';
import {
  addDays,
  addMonths,
  displayDate,
  fiscalYearOf,
  fiscalYearRange,
  monthEnd,
  monthStart,
  monthsBetween,
  todayJakarta,
} from './dates.ts';
import { type JournalLineInput, postClosing, reverseClosing } from './posting.ts';

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
async function lockState(tx: Tx): Promise<LedgerState> {
  await tx.exec('INSERT INTO ledger_state (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING', [tx.tenantId]);
  const r = await tx.one<{ closed_through: string | null }>('SELECT closed_through FROM ledger_state WHERE tenant_id = $1 FOR UPDATE', [
    tx.tenantId,
  ]);
  const t = await tx.one<{ start: number }>('SELECT fiscal_year_start_month AS start FROM tenant WHERE tenant_id = $1', [tx.tenantId]);
  return { closedThrough: r?.closed_through ?? null, fiscalStartMonth: t?.start ?? 1 };
}

async function lockYears(tx: Tx, years: number[]) {
  if (!years.length) return;
  await tx.query('SELECT ledger_lock_years($1::int[])', [`{${[...new Set(years)].sort((a, b) => a - b).join(',')}}`]);
  // Under the exclusive ledger lock no posting is in flight: number every committed journal still waiting.
  await tx.query('SELECT ledger_number_pending()');
}

/** The months still open up to `throughEnd` (a month end), oldest first. */
async function monthsToClose(tx: Tx, state: LedgerState, throughEnd: string): Promise<string[]> {
  if (state.closedThrough && state.closedThrough >= throughEnd) return [];
  let from: string;
  if (state.closedThrough) {
    from = addMonths(state.closedThrough, 1);
  } else {
    const first = await tx.one<{ p: string | null }>('SELECT min(period) AS p FROM ledger_balance WHERE tenant_id = $1', [tx.tenantId]);
    from = first?.p && first.p < monthStart(throughEnd) ? first.p : monthStart(throughEnd);
  }
  return monthsBetween(from, throughEnd);
}

/** Marks `months` closed (through the last one) and records who closed them. The caller holds the year locks. */
async function markClosed(tx: Tx, ctx: Ctx, state: LedgerState, months: string[]): Promise<string[]> {
  if (!months.length) return [];
  const throughEnd = monthEnd(months[months.length - 1]);
  await tx.exec('UPDATE ledger_state SET closed_through = $2, updated_at = now(), updated_by = $3 WHERE tenant_id = $1', [
    tx.tenantId,
    throughEnd,
    ctx.userId,
  ]);
  await tx.exec(
    `INSERT INTO ledger_period (tenant_id, period, status, closed_at, closed_by)
     SELECT $1, p::date, 'CLOSED', now(), $3 FROM unnest($2::date[]) AS p
     ON CONFLICT (tenant_id, period) DO UPDATE SET status = 'CLOSED', closed_at = now(), closed_by = EXCLUDED.closed_by`,
    [tx.tenantId, `{${months.join(',')}}`, ctx.userId],
  );
  state.closedThrough = throughEnd;
  return months.map((m) => m.slice(0, 7));
}

export async function closeMonth(ctx: Ctx, periode: string) {
  return withTx(ctx, async (tx) => {
    const target = `${periode}-01`;
    if (target >= monthStart(todayJakarta())) throw unprocessable('MONTH_NOT_ENDED', 'ledger.month_not_ended', { periode });
    const state = await lockState(tx);
    // The books start at the month of the first journal (opening balances included): nothing earlier can be closed.
    const first = await tx.one<{ d: string | null }>('SELECT min(date)::text AS d FROM journal WHERE tenant_id = $1', [tx.tenantId]);
    // A month already closed is answered as such (below); only an open month before the books is refused here.
    const alreadyClosed = state.closedThrough !== null && state.closedThrough >= monthEnd(target);
    if (first?.d && target < monthStart(first.d) && !alreadyClosed) {
      throw unprocessable('PERIOD_BEFORE_BOOKS', 'ledger.period_before_books', { periode, first: first.d.slice(0, 7) });
    }
    const months = await monthsToClose(tx, state, monthEnd(target));
    await lockYears(
      tx,
      months.map((m) => fiscalYearOf(m, state.fiscalStartMonth)),
    );
    const closed = await markClosed(tx, ctx, state, months);
    if (!closed.length) throw conflict('PERIOD_ALREADY_CLOSED', 'ledger.period_already_closed', { periode });
    await audit(tx, ctx, {
      action: 'ledger.period_close',
      entity: 'ledger_period',
      entityId: periode,
      after: { closedThrough: state.closedThrough, months: closed },
    });
    return { periode, closedThrough: state.closedThrough, closedMonths: closed };
  });
}

export async function reopenMonth(ctx: Ctx, periode: string, reason: string) {
  return withTx(ctx, async (tx) => {
    const state = await lockState(tx);
    const target = `${periode}-01`;
    if (!state.closedThrough || target > state.closedThrough)
      throw unprocessable('PERIOD_NOT_CLOSED', 'ledger.period_not_closed', { periode });
    // Reopening a month reopens every later one: none of them may belong to a closed fiscal year.
    const year = await tx.one<{ fiscal_year: number }>(
      `SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1 AND status = 'CLOSED' AND end_date >= $2::date
       ORDER BY fiscal_year LIMIT 1`,
      [tx.tenantId, target],
    );
    if (year) throw unprocessable('FISCAL_YEAR_CLOSED', 'ledger.fiscal_year_closed', { year: year.fiscal_year });
    const months = monthsBetween(target, state.closedThrough);
    const before = state.closedThrough;
    const newThrough = addDays(target, -1);
    await tx.exec('UPDATE ledger_state SET closed_through = $2, updated_at = now(), updated_by = $3 WHERE tenant_id = $1', [
      tx.tenantId,
      newThrough,
      ctx.userId,
    ]);
    await tx.exec(
      `INSERT INTO ledger_period (tenant_id, period, status, reopened_at, reopened_by, reopen_reason)
       SELECT $1, p::date, 'OPEN', now(), $3, $4 FROM unnest($2::date[]) AS p
       ON CONFLICT (tenant_id, period) DO UPDATE
         SET status = 'OPEN', reopened_at = now(), reopened_by = EXCLUDED.reopened_by, reopen_reason = EXCLUDED.reopen_reason`,
      [tx.tenantId, `{${months.join(',')}}`, ctx.userId, reason],
    );
    await audit(tx, ctx, {
      action: 'ledger.period_reopen',
      entity: 'ledger_period',
      entityId: periode,
      before: { closedThrough: before },
      after: { closedThrough: newThrough, reopenedMonths: months.map((m) => m.slice(0, 7)), reason },
    });
    return { periode, closedThrough: newThrough, reopenedMonths: months.map((m) => m.slice(0, 7)) };
  });
}

interface NetRow {
  account_id: string;
  business_unit_id: string;
  net: Dec;
}

/** The closing journal's lines for a fiscal year ending `end`. */
async function closingLines(tx: Tx, end: string): Promise<{ lines: JournalLineInput[]; surplus: Dec }> {
  const keys = await tx.query<{ id: string; system_key: string }>(
    `SELECT id, system_key FROM coa_account WHERE tenant_id = $1 AND system_key IN ('CURRENT_YEAR_SURPLUS', 'RETAINED_SURPLUS')`,
    [tx.tenantId],
  );
  const surplusAccount = keys.find((k) => k.system_key === 'CURRENT_YEAR_SURPLUS')?.id;
  const retainedAccount = keys.find((k) => k.system_key === 'RETAINED_SURPLUS')?.id;
  if (!surplusAccount) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: 'CURRENT_YEAR_SURPLUS' });
  // Net (debit − credit) per income/expense account and business unit, everything up to the year's end.
  const rows = await tx.query<NetRow & { kind: 'PL' | 'CYS' }>(
    `SELECT b.account_id, b.business_unit_id, sum(b.debit - b.credit) AS net,
            CASE WHEN a.type IN ('INCOME', 'EXPENSE') THEN 'PL' ELSE 'CYS' END AS kind
     FROM ledger_balance b JOIN coa_account a ON a.tenant_id = b.tenant_id AND a.id = b.account_id
     WHERE b.tenant_id = $1 AND b.period <= $2::date AND (a.type IN ('INCOME', 'EXPENSE') OR a.id = $3)
     GROUP BY b.account_id, b.business_unit_id, a.type, a.id
     HAVING sum(b.debit - b.credit) <> 0
     ORDER BY a.id, b.business_unit_id`,
    [tx.tenantId, monthStart(end), surplusAccount],
  );
  const lines: JournalLineInput[] = [];
  const bu = (v: string) => (v === NIL_UUID ? null : v);
  const toSide = (net: Dec) => (net.isNegative() ? { debit: net.neg() } : { credit: net });
  // Earlier surplus still on CURRENT_YEAR_SURPLUS moves to RETAINED_SURPLUS.
  if (retainedAccount) {
    for (const r of rows.filter((x) => x.kind === 'CYS')) {
      const net = dec(r.net);
      lines.push({ accountId: surplusAccount, ...toSide(net), businessUnitId: bu(r.business_unit_id) });
      lines.push({
        accountId: retainedAccount,
        ...(net.isNegative() ? { credit: net.neg() } : { debit: net }),
        businessUnitId: bu(r.business_unit_id),
      });
    }
  }
  const perUnit = new Map<string, Dec>();
  let surplus = ZERO;
  for (const r of rows.filter((x) => x.kind === 'PL')) {
    const net = dec(r.net);
    lines.push({ accountId: r.account_id, ...toSide(net), businessUnitId: bu(r.business_unit_id) });
    perUnit.set(r.business_unit_id, (perUnit.get(r.business_unit_id) ?? ZERO).plus(net));
    surplus = surplus.minus(net);
  }
  for (const [unit, net] of perUnit) {
    if (net.isZero()) continue;
    // The income statement's result lands on CURRENT_YEAR_SURPLUS: a surplus (credit) when income exceeded expenses.
    lines.push({ accountId: surplusAccount, ...(net.isNegative() ? { credit: net.neg() } : { debit: net }), businessUnitId: bu(unit) });
  }
  return { lines, surplus };
}

export async function closeYear(ctx: Ctx, year: number) {
  return withTx(
    ctx,
    async (tx) => {
      const state = await lockState(tx);
      const { start, end } = fiscalYearRange(year, state.fiscalStartMonth);
      if (end >= todayJakarta())
        throw unprocessable('FISCAL_YEAR_NOT_ENDED', 'ledger.fiscal_year_not_ended', { year, end: displayDate(end) });
      const row = await tx.one<{ status: string }>('SELECT status FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year = $2', [
        tx.tenantId,
        year,
      ]);
      if (row?.status === 'CLOSED') throw conflict('FISCAL_YEAR_ALREADY_CLOSED', 'ledger.fiscal_year_already_closed', { year });
      // Years with journals: numbered ones (counters) and those still waiting for their numbers.
      const open = await tx.one<{ fiscal_year: number }>(
        `SELECT c.fiscal_year FROM (SELECT fiscal_year FROM ledger_counter WHERE tenant_id = $1 AND last_seq > 0
                                    UNION SELECT fiscal_year FROM journal WHERE tenant_id = $1 AND seq IS NULL) c
         WHERE c.fiscal_year < $2
           AND NOT EXISTS (SELECT 1 FROM ledger_fiscal_year y WHERE y.tenant_id = $1 AND y.fiscal_year = c.fiscal_year AND y.status = 'CLOSED')
         ORDER BY c.fiscal_year LIMIT 1`,
        [tx.tenantId, year],
      );
      if (open) throw unprocessable('PREVIOUS_YEAR_OPEN', 'ledger.previous_year_open', { year: open.fiscal_year });
      const later = await tx.one<{ fiscal_year: number }>(
        `SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year > $2 AND status = 'CLOSED' ORDER BY fiscal_year LIMIT 1`,
        [tx.tenantId, year],
      );
      if (later) throw unprocessable('NEXT_YEAR_CLOSED', 'ledger.next_year_closed', { year: later.fiscal_year });
      const months = await monthsToClose(tx, state, end);
      await lockYears(tx, [year, ...months.map((m) => fiscalYearOf(m, state.fiscalStartMonth))]);
      const { lines, surplus } = await closingLines(tx, end);
      let journal: { id: string; number: string } | null = null;
      if (lines.length >= 2) {
        const posted = await postClosing(tx, ctx, {
          date: end,
          description: translate('ledger.closing_description', ctx.lang, { year }),
          referenceCode: `TUTUP-BUKU-${year}`,
          source: { module: 'CLOSING', id: String(year) },
          lines,
        });
        journal = { id: posted.id, number: posted.number };
      }
      const closedMonths = await markClosed(tx, ctx, state, months);
      await tx.exec(
        `INSERT INTO ledger_fiscal_year (tenant_id, fiscal_year, start_date, end_date, status, closing_journal_id, surplus, closed_at, closed_by)
         VALUES ($1, $2, $3, $4, 'CLOSED', $5, $6, now(), $7)
         ON CONFLICT (tenant_id, fiscal_year) DO UPDATE
           SET status = 'CLOSED', closing_journal_id = EXCLUDED.closing_journal_id, surplus = EXCLUDED.surplus,
               closed_at = now(), closed_by = EXCLUDED.closed_by`,
        [tx.tenantId, year, start, end, journal?.id ?? null, surplus.toFixed(2), ctx.userId],
      );
      await audit(tx, ctx, {
        action: 'ledger.year_close',
        entity: 'ledger_fiscal_year',
        entityId: String(year),
        after: { year, start, end, surplus: surplus.toFixed(2), closingJournal: journal, closedMonths },
      });
      return {
        year,
        start,
        end,
        status: 'CLOSED' as const,
        surplus,
        closingJournal: journal,
        closedMonths,
        closedThrough: state.closedThrough,
      };
    },
    { idempotent: true, message: translate('ledger.year_closed_ok', ctx.lang, { year }) },
  );
}

export async function reopenYear(ctx: Ctx, year: number, reason: string) {
  return withTx(
    ctx,
    async (tx) => {
      await lockState(tx);
      const row = await tx.one<{ status: string; closing_journal_id: string | null }>(
        'SELECT status, closing_journal_id FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year = $2',
        [tx.tenantId, year],
      );
      if (row?.status !== 'CLOSED') throw unprocessable('FISCAL_YEAR_NOT_CLOSED', 'ledger.fiscal_year_not_closed', { year });
      const next = await tx.one<{ fiscal_year: number }>(
        `SELECT fiscal_year FROM ledger_fiscal_year WHERE tenant_id = $1 AND fiscal_year > $2 AND status = 'CLOSED' ORDER BY fiscal_year LIMIT 1`,
        [tx.tenantId, year],
      );
      if (next) throw unprocessable('NEXT_YEAR_CLOSED', 'ledger.next_year_closed', { year: next.fiscal_year });
      await lockYears(tx, [year]);
      await tx.exec(
        `UPDATE ledger_fiscal_year SET status = 'OPEN', reopened_at = now(), reopened_by = $3, reopen_reason = $4
         WHERE tenant_id = $1 AND fiscal_year = $2`,
        [tx.tenantId, year, ctx.userId, reason],
      );
      let reversal: { id: string; number: string } | null = null;
      if (row.closing_journal_id) {
        const r = await reverseClosing(tx, ctx, row.closing_journal_id, reason);
        reversal = { id: r.id, number: r.number };
      }
      await audit(tx, ctx, {
        action: 'ledger.year_reopen',
        entity: 'ledger_fiscal_year',
        entityId: String(year),
        before: { status: 'CLOSED', closingJournalId: row.closing_journal_id },
        after: { status: 'OPEN', reason, reversal },
      });
      return { year, status: 'OPEN' as const, reversal };
    },
    { idempotent: true, message: translate('ledger.year_reopened', ctx.lang, { year }) },
  );
}

/** Months of a fiscal year with their status and history, and the year's status. */
export async function periodStatus(ctx: Ctx, year?: number) {
  return withTx(ctx, async (tx) => {
    const state = await ledgerState(tx);
    const fy = year ?? fiscalYearOf(todayJakarta(), state.fiscalStartMonth);
    const { start, end } = fiscalYearRange(fy, state.fiscalStartMonth);
    const history = await tx.query<{
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
    const totals = await tx.query<{ periode: string; debit: Dec; lines: number }>(
      `SELECT to_char(period, 'YYYY-MM') AS periode, sum(debit) AS debit, sum(line_count)::int AS lines
       FROM ledger_balance WHERE tenant_id = $1 AND period BETWEEN $2::date AND $3::date GROUP BY period`,
      [tx.tenantId, start, end],
    );
    const yearRow = await tx.one<{
      status: string;
      closing_journal_id: string | null;
      number: string | null;
      surplus: Dec | null;
      closed_at: Date | null;
    }>(
      `SELECT y.status, y.closing_journal_id, j.number, y.surplus, y.closed_at
       FROM ledger_fiscal_year y LEFT JOIN journal j ON j.tenant_id = y.tenant_id AND j.id = y.closing_journal_id
       WHERE y.tenant_id = $1 AND y.fiscal_year = $2`,
      [tx.tenantId, fy],
    );
    const h = new Map(history.map((r) => [r.periode, r]));
    const t = new Map(totals.map((r) => [r.periode, r]));
    const months = monthsBetween(start, end).map((m) => {
      const periode = m.slice(0, 7);
      const hist = h.get(periode);
      const tot = t.get(periode);
      const closed = Boolean(state.closedThrough && monthEnd(m) <= state.closedThrough);
      return {
        periode,
        status: closed ? ('CLOSED' as const) : ('OPEN' as const),
        closedAt: closed ? (hist?.closed_at?.toISOString() ?? null) : null,
        closedBy: closed ? (hist?.closed_by ?? null) : null,
        closedByName: closed ? (hist?.closed_by_name ?? null) : null,
        reopenedAt: hist?.reopened_at?.toISOString() ?? null,
        reopenedByName: hist?.reopened_by_name ?? null,
        reopenReason: hist?.reopen_reason ?? null,
        totalDebit: tot?.debit ?? ZERO,
        lineCount: tot?.lines ?? 0,
      };
    });
    return {
      fiscalYear: fy,
      start,
      end,
      status: yearRow?.status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const),
      closingJournal: yearRow?.closing_journal_id ? { id: yearRow.closing_journal_id, number: yearRow.number } : null,
      surplus: yearRow?.status === 'CLOSED' ? yearRow.surplus : null,
      closedThrough: state.closedThrough,
      months,
    };
  });
}

/** Every fiscal year with journals or a closing, plus the current one. */
export async function fiscalYears(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const state = await ledgerState(tx);
    const rows = await tx.query<{
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
      [tx.tenantId, fiscalYearOf(todayJakarta(), state.fiscalStartMonth)],
    );
    return rows.map((r) => {
      const { start, end } = fiscalYearRange(r.fiscal_year, state.fiscalStartMonth);
      return {
        fiscalYear: r.fiscal_year,
        start,
        end,
        journalCount: r.journals,
        status: r.status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const),
        closingJournal: r.status === 'CLOSED' && r.closing_journal_id ? { id: r.closing_journal_id, number: r.number } : null,
        surplus: r.status === 'CLOSED' ? r.surplus : null,
        closedAt: r.status === 'CLOSED' ? (r.closed_at?.toISOString() ?? null) : null,
        closedByName: r.status === 'CLOSED' ? r.closed_by_name : null,
        reopenReason: r.reopen_reason,
      };
    });
  });
}
