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
import * as repo from './closing.repo.ts';
import { type LedgerState, ledgerState, lockState } from './closing.repo.ts';
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
import { numberPendingInTx } from './posting.repo.ts';
import { type JournalLineInput, postClosing, reverseClosing } from './posting.ts';

export { type LedgerState, ledgerState };

async function lockYears(tx: Tx, years: number[]) {
  if (!years.length) return;
  await repo.lockYears(tx, years);
  // Under the exclusive ledger lock no posting is in flight: number every committed journal still waiting.
  await numberPendingInTx(tx);
}

/** The months still open up to `throughEnd` (a month end), oldest first. */
async function monthsToClose(tx: Tx, state: LedgerState, throughEnd: string): Promise<string[]> {
  if (state.closedThrough && state.closedThrough >= throughEnd) return [];
  let from: string;
  if (state.closedThrough) {
    from = addMonths(state.closedThrough, 1);
  } else {
    const first = await repo.firstBalancePeriod(tx);
    from = first && first < monthStart(throughEnd) ? first : monthStart(throughEnd);
  }
  return monthsBetween(from, throughEnd);
}

/** Marks `months` closed (through the last one) and records who closed them. The caller holds the year locks. */
async function markClosed(tx: Tx, ctx: Ctx, state: LedgerState, months: string[]): Promise<string[]> {
  if (!months.length) return [];
  const throughEnd = monthEnd(months[months.length - 1]);
  await repo.setClosedThrough(tx, throughEnd, ctx.userId);
  await repo.recordMonthsClosed(tx, months, ctx.userId);
  state.closedThrough = throughEnd;
  return months.map((m) => m.slice(0, 7));
}

export async function closeMonth(ctx: Ctx, periode: string) {
  return withTx(ctx, async (tx) => {
    const target = `${periode}-01`;
    if (target >= monthStart(todayJakarta())) throw unprocessable('MONTH_NOT_ENDED', 'ledger.month_not_ended', { periode });
    const state = await lockState(tx);
    // The books start at the month of the first journal (opening balances included): nothing earlier can be closed.
    const first = await repo.firstJournalDate(tx);
    // A month already closed is answered as such (below); only an open month before the books is refused here.
    const alreadyClosed = state.closedThrough !== null && state.closedThrough >= monthEnd(target);
    if (first && target < monthStart(first) && !alreadyClosed) {
      throw unprocessable('PERIOD_BEFORE_BOOKS', 'ledger.period_before_books', { periode, first: first.slice(0, 7) });
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
    const year = await repo.closedYearEndingFrom(tx, target);
    if (year) throw unprocessable('FISCAL_YEAR_CLOSED', 'ledger.fiscal_year_closed', { year: year.fiscal_year });
    const months = monthsBetween(target, state.closedThrough);
    const before = state.closedThrough;
    const newThrough = addDays(target, -1);
    await repo.setClosedThrough(tx, newThrough, ctx.userId);
    await repo.recordMonthsReopened(tx, months, ctx.userId, reason);
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

/** The closing journal's lines for a fiscal year ending `end`. */
async function closingLines(tx: Tx, end: string): Promise<{ lines: JournalLineInput[]; surplus: Dec }> {
  const keys = await repo.surplusAccounts(tx);
  const surplusAccount = keys.find((k) => k.system_key === 'CURRENT_YEAR_SURPLUS')?.id;
  const retainedAccount = keys.find((k) => k.system_key === 'RETAINED_SURPLUS')?.id;
  if (!surplusAccount) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: 'CURRENT_YEAR_SURPLUS' });
  // Net (debit − credit) per income/expense account and business unit, everything up to the year's end.
  const rows = await repo.closingNets(tx, monthStart(end), surplusAccount);
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
      const row = await repo.fiscalYearStatus(tx, year);
      if (row?.status === 'CLOSED') throw conflict('FISCAL_YEAR_ALREADY_CLOSED', 'ledger.fiscal_year_already_closed', { year });
      const open = await repo.openYearBefore(tx, year);
      if (open) throw unprocessable('PREVIOUS_YEAR_OPEN', 'ledger.previous_year_open', { year: open.fiscal_year });
      const later = await repo.closedYearAfter(tx, year);
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
      await repo.recordYearClosed(tx, {
        year,
        start,
        end,
        closingJournalId: journal?.id ?? null,
        surplus: surplus.toFixed(2),
        userId: ctx.userId,
      });
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
      const row = await repo.fiscalYearRow(tx, year);
      if (row?.status !== 'CLOSED') throw unprocessable('FISCAL_YEAR_NOT_CLOSED', 'ledger.fiscal_year_not_closed', { year });
      const next = await repo.closedYearAfter(tx, year);
      if (next) throw unprocessable('NEXT_YEAR_CLOSED', 'ledger.next_year_closed', { year: next.fiscal_year });
      await lockYears(tx, [year]);
      await repo.recordYearReopened(tx, year, ctx.userId, reason);
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
    const history = await repo.periodHistory(tx, start, end);
    const totals = await repo.periodTotals(tx, start, end);
    const yearRow = await repo.fiscalYearDetail(tx, fy);
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
    const rows = await repo.fiscalYearRows(tx, fiscalYearOf(todayJakarta(), state.fiscalStartMonth));
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
