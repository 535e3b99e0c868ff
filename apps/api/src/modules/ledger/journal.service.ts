/**
 * Journals from the ledger screens: manual journals (Jurnal Umum), adjustment
 * journals (Jurnal Penyesuaian), the general ledger list of every journal,
 * journal detail and cancellation.
 *
 * Decisions:
 *  - Manual and adjustment journals cannot be dated after today (WIB):
 *    staff record what happened; future-dated entries would distort every
 *    report until their day comes. Their month must be open.
 *  - A journal line names the account as `coaId`; a line without branch or
 *    business unit takes the journal's (`branchId`, `businessUnitId`), and
 *    then the account's business unit.
 *  - Manual journals have source MANUAL; adjustment journals source
 *    ADJUSTMENT with is_adjustment set, so reports can show them apart.
 *  - Cancelling posts the reversing journal (never deletes), needs a reason,
 *    and is only possible here for the ledger's own journals (MANUAL,
 *    ADJUSTMENT, BALANCE_ADJUSTMENT, OPENING). A savings, loan or teller
 *    journal is cancelled through its own transaction, which keeps the member's
 *    account and the ledger together (JOURNAL_NOT_CANCELLABLE).
 *  - Cancelling an adjustment journal from the Jurnal Umum route also needs
 *    the adjustment_journal:delete permission.
 */
import { hasPermission, type JournalStatus, translate } from '@koperasi/contracts';
import { ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, forbidden, unprocessable } from '../../lib/errors.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';
import { paged } from '../../lib/http.ts';
import type { DatedPageQuery } from '../../lib/page-query.ts';
import { todayJakarta } from './dates.ts';
import { findJournal, LEDGER_OWNED_SOURCES, listJournals } from './ledger.repo.ts';
import { type JournalInput, post, reverse } from './posting.ts';

export type JournalKind = 'MANUAL' | 'ADJUSTMENT';

export interface ManualJournal {
  date: string;
  description: string;
  referenceCode?: string | null;
  branchId?: string | null;
  businessUnitId?: string | null;
  lines: Array<{
    coaId: string;
    debit?: number | null;
    credit?: number | null;
    description?: string | null;
    branchId?: string | null;
    businessUnitId?: string | null;
  }>;
}

function toInput(body: ManualJournal, kind: JournalKind): JournalInput {
  return {
    date: body.date,
    description: body.description,
    referenceCode: body.referenceCode ?? null,
    source: { module: kind },
    isAdjustment: kind === 'ADJUSTMENT',
    lines: (body.lines ?? []).map((l) => ({
      accountId: l.coaId,
      debit: l.debit ?? 0,
      credit: l.credit ?? 0,
      description: l.description ?? null,
      branchId: l.branchId ?? body.branchId ?? null,
      businessUnitId: l.businessUnitId ?? body.businessUnitId ?? null,
    })),
  };
}

export function refuseFutureDate(ctx: Ctx, date: string) {
  const today = todayJakarta();
  if (date > today) {
    throw new AppError(422, 'JOURNAL_DATE_FUTURE', 'ledger.date_future', { today }, [
      { field: 'date', message: translate('ledger.date_future', ctx.lang, { today }) },
    ]);
  }
}

/** POST /api/journal-manual (MANUAL) and /api/journal-manual/adjust (ADJUSTMENT). */
export async function createJournal(ctx: Ctx, body: ManualJournal, kind: JournalKind) {
  refuseFutureDate(ctx, body.date);
  return withTx(
    ctx,
    async (tx) => {
      const posted = await post(tx, ctx, toInput(body, kind));
      await audit(tx, ctx, {
        action: kind === 'ADJUSTMENT' ? 'journal.adjust' : 'journal.create',
        entity: 'journal',
        entityId: posted.id,
        after: { number: posted.number, date: posted.date, description: posted.description, total: posted.totalAmount.toFixed(2) },
      });
      return (await findJournal(tx, posted.id))!;
    },
    { idempotent: true, message: kind === 'ADJUSTMENT' ? 'ledger.adjustment_created' : 'ledger.journal_created' },
  );
}

/** POST /api/journal-manual/cancel and /api/journal-adjustment/cancel: posts the reversing journal. */
export async function cancelJournal(ctx: Ctx, body: { id: string; reason: string; date?: string }, scope: 'general' | 'adjustment') {
  if (body.date) refuseFutureDate(ctx, body.date);
  return withTx(
    ctx,
    async (tx) => {
      const j = await findJournal(tx, body.id);
      if (!j) throw new AppError(404, 'JOURNAL_NOT_FOUND', 'ledger.journal_not_found');
      if (scope === 'adjustment' && !j.isAdjustment)
        throw unprocessable('JOURNAL_WRONG_KIND', 'ledger.journal_wrong_kind', { number: j.number });
      if (scope === 'general' && j.isAdjustment && !hasPermission(ctx.principal?.permissions, 'adjustment_journal', 'delete')) {
        throw forbidden('PERMISSION_DENIED', 'common.forbidden_generic');
      }
      if (!LEDGER_OWNED_SOURCES.includes(j.sourceModule) && !j.isClosing) {
        throw unprocessable('JOURNAL_NOT_CANCELLABLE', 'ledger.journal_not_cancellable', { number: j.number, module: j.sourceModule });
      }
      const reversal = await reverse(tx, ctx, j.id, body.reason, { date: body.date });
      await audit(tx, ctx, {
        action: 'journal.cancel',
        entity: 'journal',
        entityId: j.id,
        before: { number: j.number, status: j.status },
        after: { status: 'CANCELLED', reason: body.reason.trim(), reversalId: reversal.id, reversalNumber: reversal.number },
      });
      return { journal: (await findJournal(tx, j.id))!, reversal: (await findJournal(tx, reversal.id))! };
    },
    { idempotent: true, message: 'ledger.journal_cancelled' },
  );
}

export interface JournalListQuery extends DatedPageQuery {
  sourceModule?: string;
  sourceId?: string;
  isAdjustment?: boolean;
  status?: JournalStatus;
  coaId?: string;
  businessUnitId?: string;
}

export function parseSources(v: string | undefined): string[] | undefined {
  if (!v) return undefined;
  const list = v
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => /^[A-Z][A-Z0-9_]{1,39}$/.test(s));
  return list.length ? list : undefined;
}

/**
 * Journal lists. `scope` sets the defaults of each screen: 'manual' lists
 * MANUAL journals (any source with `sourceModule`), 'adjustment' only
 * adjustment journals, 'all' every journal (the general ledger).
 */
/** Journals read per query when an export takes their lines too. */
const EXPORT_JOURNAL_CHUNK = 1000;

/**
 * Every journal of a list's filter (Excel export), oldest number first unless sorted, and the total of all. Without
 * lines (a row per journal): at most EXPORT_FETCH_LIMIT journals. With lines (a row per line): journals in chunks until
 * their lines reach EXPORT_FETCH_LIMIT. Either way memory stays bounded and an export too large for one sheet is
 * refused when the workbook is built, never cut short.
 */
export async function listAllJournals(ctx: Ctx, q: JournalListQuery, scope: 'manual' | 'adjustment' | 'all', withLines = false) {
  const sorted = { ...q, sortBy: q.sortBy ?? 'number', ascOrDesc: q.sortBy ? q.ascOrDesc : ('ASC' as const) };
  return withTx(ctx, async (tx) => {
    if (!withLines) {
      const r = await listScoped(tx, { ...sorted, page: 0, limit: EXPORT_FETCH_LIMIT }, scope);
      return { rows: r.rows, totalAmount: r.totalAmount };
    }
    const rows: Awaited<ReturnType<typeof listJournals>>['rows'] = [];
    let lines = 0;
    let total = ZERO;
    for (let page = 0; ; page++) {
      const r = await listScoped(tx, { ...sorted, page, limit: EXPORT_JOURNAL_CHUNK }, scope, true);
      rows.push(...r.rows);
      total = r.totalAmount;
      for (const j of r.rows) lines += j.lines?.length ?? 0;
      if (r.rows.length < EXPORT_JOURNAL_CHUNK || rows.length >= r.total || lines >= EXPORT_FETCH_LIMIT) break;
    }
    return { rows, totalAmount: total };
  });
}

export async function listJournalPage(ctx: Ctx, q: JournalListQuery, scope: 'manual' | 'adjustment' | 'all', withLines = false) {
  return withTx(ctx, async (tx) => {
    const r = await listScoped(tx, q, scope, withLines);
    return { ...paged(r.rows, r.total, q.page, q.limit), totalAmount: r.totalAmount };
  });
}

export async function listScoped(tx: Tx, q: JournalListQuery, scope: 'manual' | 'adjustment' | 'all', withLines = false) {
  let sources = parseSources(q.sourceModule);
  let isAdjustment = q.isAdjustment;
  if (scope === 'manual' && !sources) sources = ['MANUAL'];
  if (scope === 'adjustment') isAdjustment = true;
  return listJournals(tx, {
    page: q.page,
    limit: q.limit,
    search: q.search,
    sortBy: q.sortBy,
    ascOrDesc: q.ascOrDesc,
    start: q.start,
    end: q.end,
    sources,
    sourceId: q.sourceId,
    isAdjustment,
    status: q.status,
    coaId: q.coaId,
    businessUnitId: q.businessUnitId,
    withLines,
  });
}

/** One journal with lines, source and reversal links. `scope` 'adjustment' only finds adjustment journals. */
export async function journalDetail(ctx: Ctx, id: string, scope: 'all' | 'adjustment' = 'all') {
  return withTx(ctx, async (tx) => {
    const j = await findJournal(tx, id);
    if (!j || (scope === 'adjustment' && !j.isAdjustment)) throw new AppError(404, 'JOURNAL_NOT_FOUND', 'ledger.journal_not_found');
    return j;
  });
}

/** Journals of one source record (a saving transaction, a loan...), for the link from that module's screens. */
export async function journalsOfSource(ctx: Ctx, module: string, id: string) {
  return withTx(ctx, async (tx) => {
    const r = await listJournals(tx, {
      page: 0,
      limit: 1000,
      ascOrDesc: 'ASC',
      sortBy: 'number',
      sources: [module.toUpperCase()],
      sourceId: id,
      withLines: true,
    });
    return r.rows;
  });
}
