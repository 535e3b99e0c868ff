/**
 * The posting engine: the one way money enters the general ledger. Every
 * module (savings, deposits, loans, bills, teller, interest, SHU, migration,
 * manual journals) calls `post()` inside its own transaction, after it has
 * locked and changed its own rows, so the business change and its journal
 * commit or roll back together. See docs/ledger.md for examples.
 *
 * What it guarantees:
 *  - A journal has at least two lines, each strictly positive on exactly one
 *    side, at most two decimals, and debits equal credits. Refused with
 *    JOURNAL_TOO_FEW_LINES, JOURNAL_AMOUNT_NOT_POSITIVE, JOURNAL_LINE_BOTH_SIDES,
 *    JOURNAL_AMOUNT_INVALID, JOURNAL_UNBALANCED (HTTP 400).
 *  - Every account exists in the tenant (another tenant's account is simply
 *    not found under row-level security: ACCOUNT_NOT_FOUND, 404), is active
 *    (ACCOUNT_INACTIVE, 422) and postable (ACCOUNT_NOT_POSTABLE, 422); a line's
 *    branch exists (BRANCH_NOT_FOUND, 404).
 *  - The date's month is open (PERIOD_CLOSED, 422).
 *  These checks run before anything is written (in the same database call as
 *  the posting: `ledger_post_json` answers a refusal as a row), so a refused
 *  journal leaves the caller's transaction usable. The function repeats them
 *  after taking its locks (so a concurrent month close or account change
 *  cannot slip between check and write), and a deferred constraint trigger
 *  refuses an unbalanced journal at COMMIT whatever wrote it.
 *  - Numbers are gap-free per tenant and fiscal year (JU/2026/000123). By
 *    default a journal is numbered in the caller's transaction (the
 *    tenant-year counter stays locked until COMMIT). A hot path passes
 *    `{ numberAfterCommit: true }`: the journal commits unnumbered and the
 *    numbering step (`numberJournals`, `numberPending`, the job every second)
 *    gives it the next number after COMMIT, in posting order; nothing is held
 *    across the caller's COMMIT. Anything that shows numbers numbers first
 *    (`numberPending` / the route option `numbersFirst`).
 *  - The monthly summary (ledger_balance) is updated in the same call, on a
 *    stripe of the account's month that no other transaction holds.
 *  - Journals are immutable; `reverse()` posts the mirror journal, at most once
 *    per journal, never of a reversal.
 *
 * The engine writes no audit entry: the journal itself (who, when, source) is
 * the record; the calling service audits its own business action.
 */
import { translate } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, unprocessable } from '../../lib/errors.ts';
import { periodLabel, todayJakarta } from './dates.ts';
import { findJournal } from './ledger.repo.ts';
import { isPeriodOpen, journalsBySource } from './posting.lookups.ts';
import {
  type AccountInfo,
  fieldError,
  type Internal,
  type JournalInput,
  lineError,
  type PostedJournal,
  type Prepared,
  prepare,
} from './posting.prepare.ts';
import { numberPendingInTx, postJson } from './posting.repo.ts';

export { accountBalance, accountIdByKey, accountIdsByKeys, isPeriodOpen, journalsBySource } from './posting.lookups.ts';
export { fillJournalNumbers, numberAllPending, numberJournals, numberPending, numbersFirst } from './posting.numbering.ts';
export type { JournalInput, JournalLineInput, PostedJournal, PostedLine } from './posting.prepare.ts';

/** The row ledger_post_json answers per journal (or one row with a refusal). */
interface PostRow {
  journal_id: string | null;
  fiscal_year: number | null;
  seq: number | null;
  number: string | null;
  posted_at: Date | null;
  refusal: 'ACCOUNT_NOT_FOUND' | 'ACCOUNT_INACTIVE' | 'ACCOUNT_NOT_POSTABLE' | 'BRANCH_NOT_FOUND' | 'PERIOD_CLOSED' | null;
  refusal_journal: number | null;
  refusal_line: number | null;
  refusal_detail: string | null;
  accounts: Record<string, [string, string, string | null]> | null;
}

/** The batch's accounts as the database answered them (code, name, business unit). */
function accountMap(raw: PostRow['accounts']): Map<string, AccountInfo> {
  const out = new Map<string, AccountInfo>();
  for (const [id, [code, name, bu]] of Object.entries(raw ?? {})) {
    out.set(id, { id, code, name, isActive: true, isPostable: true, businessUnitId: bu });
  }
  return out;
}

/** The error of a refusal row: exactly what the checks before writing always answered. */
function refusalError(ctx: Ctx, batch: Prepared[], r: PostRow, accounts: Map<string, AccountInfo>): AppError {
  const j = batch[(r.refusal_journal ?? 1) - 1];
  const i = r.refusal_line ?? 0;
  const a = j?.lines[i] ? accounts.get(j.lines[i].accountId) : undefined;
  const named = { code: a?.code ?? '', name: a?.name ?? '' };
  switch (r.refusal) {
    case 'ACCOUNT_NOT_FOUND':
      return lineError(ctx, 404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found', i, 'accountId');
    case 'ACCOUNT_INACTIVE':
      return lineError(ctx, 422, 'ACCOUNT_INACTIVE', 'ledger.account_inactive', i, 'accountId', named);
    case 'ACCOUNT_NOT_POSTABLE':
      return lineError(ctx, 422, 'ACCOUNT_NOT_POSTABLE', 'ledger.account_not_postable', i, 'accountId', named);
    case 'BRANCH_NOT_FOUND':
      return lineError(ctx, 404, 'BRANCH_NOT_FOUND', 'ledger.branch_not_found', i, 'branchId');
    default: {
      const params = { periode: periodLabel(j?.date ?? `${r.refusal_detail}-01`) };
      return new AppError(422, 'PERIOD_CLOSED', 'ledger.period_closed', params, fieldError(ctx, 'date', 'ledger.period_closed', params));
    }
  }
}

/** The ledger's closed-period refusal (`periode`: YYYY-MM), the one place its code and message are chosen. */
export function periodClosedError(periode: string): AppError {
  return unprocessable('PERIOD_CLOSED', 'ledger.period_closed', { periode });
}

/**
 * ledger_post's closed-books errors (KL003 period closed, KL004 fiscal year closed) as they surface from any SQL
 * engine that posts through it (deposit_pay_due, saving_interest_chunk, ...), as the refusal; null for any other error.
 */
export function closedBooksError(err: unknown): AppError | null {
  const e = err as { code?: string; detail?: string };
  if (e.code === 'KL003') return periodClosedError(e.detail ?? '');
  if (e.code === 'KL004') return unprocessable('FISCAL_YEAR_CLOSED', 'ledger.fiscal_year_closed', { year: e.detail ?? '' });
  return null;
}

/** Errors of ledger_post (raised only when something changed between our checks and its locks). */
function fromDatabase(err: unknown, accounts: Map<string, AccountInfo>, batch: Prepared[]): AppError | null {
  const e = err as { code?: string; detail?: string; constraint?: string };
  const acc = e.detail ? accounts.get(e.detail) : undefined;
  const named = { code: acc?.code ?? e.detail ?? '', name: acc?.name ?? '' };
  switch (e.code) {
    case 'KL001':
      return badRequest('JOURNAL_AMOUNT_NOT_POSITIVE', 'ledger.amount_not_positive', { line: e.detail?.split('#')[1] ?? '' });
    case 'KL002':
      return badRequest('JOURNAL_UNBALANCED', 'ledger.unbalanced', { debit: '?', credit: '?' });
    case 'KL003':
    case 'KL004':
      return closedBooksError(err);
    case 'KL005':
      return new AppError(404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found', { line: '' });
    case 'KL006':
      return unprocessable('ACCOUNT_INACTIVE', 'ledger.account_inactive', named);
    case 'KL007':
      return unprocessable('ACCOUNT_NOT_POSTABLE', 'ledger.account_not_postable', named);
    case 'KL008':
      return unprocessable('JOURNAL_IS_REVERSAL', 'ledger.journal_is_reversal', { number: e.detail ?? '' });
    case '23505':
      if (e.constraint === 'journal_reversal_uq') {
        const number = batch.find((j) => j.reversalOfId)?.reversalOfNumber ?? '';
        return conflict('JOURNAL_ALREADY_REVERSED', 'ledger.journal_already_reversed_concurrently', { number });
      }
      return null;
    case '23503':
      if (String(e.constraint ?? '').includes('branch'))
        return new AppError(404, 'BRANCH_NOT_FOUND', 'ledger.branch_not_found', { line: '' });
      if (String(e.constraint ?? '').includes('account'))
        return new AppError(404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found', { line: '' });
      return null;
    default:
      return null;
  }
}

async function write(tx: Tx, ctx: Ctx, batch: Prepared[], numberNow = true): Promise<PostedJournal[]> {
  if (!batch.length) return [];
  if (!tx.tenantId) throw new Error('ledger: post() needs a tenant transaction (withTx or db.tenant)');
  if (tx.tenantId !== ctx.tenantId) throw new Error('ledger: the context and the transaction name different tenants');
  const payload = batch.map((j) => ({
    id: j.id,
    date: j.date,
    description: j.description,
    referenceCode: j.referenceCode,
    sourceModule: j.sourceModule,
    sourceId: j.sourceId,
    isAdjustment: j.isAdjustment,
    isClosing: j.isClosing,
    reversalOfId: j.reversalOfId,
    reversalReason: j.reversalReason,
    createdBy: ctx.userId,
    lines: j.lines.map((l) => ({
      accountId: l.accountId,
      debit: l.debit.toFixed(2),
      credit: l.credit.toFixed(2),
      description: l.description,
      branchId: l.branchId,
      businessUnitId: l.businessUnitId,
    })),
  }));
  let rows: PostRow[];
  try {
    // One round trip: checks (a refusal comes back as a row, nothing written), lines, numbers, headers, summary.
    rows = await postJson<PostRow>(tx, payload, numberNow);
  } catch (err) {
    throw fromDatabase(err, new Map(), batch) ?? err;
  }
  const accounts = accountMap(rows[0]?.accounts ?? null);
  if (rows[0]?.refusal) throw refusalError(ctx, batch, rows[0], accounts);
  const byId = new Map(rows.map((r) => [r.journal_id, r]));
  return batch.map((j) => {
    const r = byId.get(j.id)!;
    return {
      id: j.id,
      number: r.number as string,
      fiscalYear: r.fiscal_year as number,
      seq: r.seq as number,
      date: j.date,
      periode: periodLabel(j.date),
      description: j.description,
      referenceCode: j.referenceCode,
      source: { module: j.sourceModule, id: j.sourceId },
      isAdjustment: j.isAdjustment,
      isClosing: j.isClosing,
      reversalOfId: j.reversalOfId,
      reversalReason: j.reversalReason,
      totalAmount: j.total,
      postedAt: r.posted_at as Date,
      createdBy: ctx.userId,
      lines: j.lines.map((l, i) => {
        const a = accounts.get(l.accountId)!;
        return {
          lineNo: i + 1,
          accountId: l.accountId,
          accountCode: a.code,
          accountName: a.name,
          debit: l.debit,
          credit: l.credit,
          description: l.description,
          branchId: l.branchId,
          businessUnitId: l.businessUnitId ?? a.businessUnitId,
        };
      }),
    };
  });
}

/** A journal posted with `numberAfterCommit`: number and seq stay null until the numbering step. */
export type UnnumberedJournal = Omit<PostedJournal, 'number' | 'seq'> & { number: string | null; seq: number | null };

export interface PostOptions {
  /**
   * Leave the journal unnumbered: nothing of the cooperative's is held until
   * COMMIT, and the numbering step numbers it after COMMIT (`numberJournals`
   * right after the transaction, or the job within a second). For hot paths
   * (teller movements); everything else numbers at once.
   */
  numberAfterCommit?: boolean;
}

/** Post one journal in the caller's transaction. */
export async function post(tx: Tx, ctx: Ctx, j: JournalInput, opts: PostOptions & { numberAfterCommit: true }): Promise<UnnumberedJournal>;
export async function post(tx: Tx, ctx: Ctx, j: JournalInput, opts?: PostOptions & { numberAfterCommit?: false }): Promise<PostedJournal>;
export async function post(tx: Tx, ctx: Ctx, j: JournalInput, opts: PostOptions = {}): Promise<PostedJournal | UnnumberedJournal> {
  const [posted] = await write(tx, ctx, [prepare(ctx, j)], !opts.numberAfterCommit);
  return posted;
}

/**
 * Post many journals in one call (batch jobs: interest release, auto debit,
 * migration): one round trip, numbers consecutive in the given order. All or
 * nothing: the first invalid journal refuses the whole batch.
 */
export async function postMany(tx: Tx, ctx: Ctx, journals: JournalInput[]): Promise<PostedJournal[]> {
  return write(
    tx,
    ctx,
    journals.map((j) => prepare(ctx, j)),
  );
}

/** For the closing service: year-end closing entries (may land in a closed month of an open fiscal year). */
export async function postClosing(tx: Tx, ctx: Ctx, j: JournalInput, internal: Internal = {}): Promise<PostedJournal> {
  const [posted] = await write(tx, ctx, [prepare(ctx, j, { ...internal, isClosing: true })]);
  return posted;
}

export interface ReverseOptions {
  /** Date of the reversal. Default: the journal's date when its month is open, else today (WIB). */
  date?: string;
  /** Description of the reversal; default "Pembatalan <number>: <reason>". */
  description?: string;
}

/**
 * Post the mirror of a journal (debits and credits swapped, same accounts,
 * branches, business units, source and reference) and link it to the
 * original. Refuses JOURNAL_NOT_FOUND (404), JOURNAL_IS_REVERSAL (422),
 * JOURNAL_ALREADY_REVERSED (409), JOURNAL_NOT_REVERSIBLE (closing entries:
 * reopen the fiscal year instead), and whatever post() refuses.
 */
export async function reverse(tx: Tx, ctx: Ctx, journalId: string, reason: string, opts: ReverseOptions = {}): Promise<PostedJournal> {
  return reverseInternal(tx, ctx, journalId, reason, opts, false);
}

/** The closing service's reversal of a closing journal (reopening a fiscal year). */
export async function reverseClosing(tx: Tx, ctx: Ctx, journalId: string, reason: string): Promise<PostedJournal> {
  return reverseInternal(tx, ctx, journalId, reason, {}, true);
}

async function reverseInternal(
  tx: Tx,
  ctx: Ctx,
  journalId: string,
  reason: string,
  opts: ReverseOptions,
  closing: boolean,
): Promise<PostedJournal> {
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (!why)
    throw badRequest('REVERSAL_REASON_REQUIRED', 'ledger.reason_required', undefined, fieldError(ctx, 'reason', 'ledger.reason_required'));
  if (why.length > 500) throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'reason' });
  let orig = await findJournal(tx, journalId);
  if (orig && !orig.number) {
    // Committed but not numbered yet: its number goes into the reversal's description. Numbering here keeps
    // the counter until this transaction ends, as the reversal's own number does anyway.
    await numberPendingInTx(tx);
    orig = await findJournal(tx, journalId);
  }
  if (!orig) throw new AppError(404, 'JOURNAL_NOT_FOUND', 'ledger.journal_not_found');
  if (orig.reversalOfId) throw unprocessable('JOURNAL_IS_REVERSAL', 'ledger.journal_is_reversal', { number: orig.number });
  if (orig.reversedById) {
    throw conflict('JOURNAL_ALREADY_REVERSED', 'ledger.journal_already_reversed', { number: orig.number, reversal: orig.reversedByNumber });
  }
  if (orig.isClosing !== closing) throw unprocessable('JOURNAL_NOT_REVERSIBLE', 'ledger.journal_not_reversible');
  let date = opts.date;
  if (!date) {
    date = closing || (await isPeriodOpen(tx, orig.date)) ? orig.date : todayJakarta();
  }
  const input: JournalInput = {
    date,
    description:
      opts.description?.trim() || translate('ledger.reversal_description', ctx.lang, { number: orig.number, reason: why }).slice(0, 500),
    referenceCode: orig.referenceCode,
    source: { module: orig.sourceModule, id: orig.sourceId },
    isAdjustment: orig.isAdjustment,
    lines: orig.lines.map((l) => ({
      accountId: l.coaId,
      debit: l.credit,
      credit: l.debit,
      description: l.description,
      branchId: l.branchId,
      businessUnitId: l.businessUnitId,
    })),
  };
  const internal: Internal = { reversalOfId: orig.id, reversalOfNumber: orig.number, reversalReason: why, isClosing: closing };
  const [posted] = await write(tx, ctx, [prepare(ctx, input, internal)]);
  return posted;
}

/**
 * Reverse every standing journal of a source record (a module cancelling its
 * transaction: `reverseBySource(tx, ctx, 'SAVING', trxId, reason)`). Journals
 * already reversed and reversing journals are skipped; answers the reversals
 * posted (empty when there was nothing to reverse).
 */
export async function reverseBySource(
  tx: Tx,
  ctx: Ctx,
  module: string,
  id: string,
  reason: string,
  opts: ReverseOptions = {},
): Promise<PostedJournal[]> {
  const out: PostedJournal[] = [];
  for (const j of await journalsBySource(tx, module, id)) {
    if (j.reversalOfId || j.reversedById) continue;
    out.push(await reverse(tx, ctx, j.id, reason, opts));
  }
  return out;
}
