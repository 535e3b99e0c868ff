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
import { MAX_MONEY, translate } from '@koperasi/contracts';
import { type Dec, type DecInput, dec, ZERO } from '@koperasi/finance';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, type ErrorCode, type FieldError, notFound, unprocessable } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { balancesAsOf, pgArray, signed } from './balances.ts';
import { isValidDate, periodLabel, todayJakarta } from './dates.ts';
import { findJournal } from './ledger.repo.ts';

export interface JournalLineInput {
  accountId: string;
  debit?: DecInput | null;
  credit?: DecInput | null;
  description?: string | null;
  branchId?: string | null;
  /** Default: the account's business unit. */
  businessUnitId?: string | null;
}

export interface JournalInput {
  /**
   * The journal's id, chosen by the caller (a UUID; default a new UUIDv7), so a
   * module can write its own rows pointing at the journal before posting it.
   */
  id?: string;
  /** Business date YYYY-MM-DD; its month must be open. */
  date: string;
  description: string;
  /** E.g. the transaction code shown to staff. */
  referenceCode?: string | null;
  /** Where the journal comes from, for the link back: MANUAL, SAVING, LOAN... and that record's id. */
  source: { module: string; id?: string | null };
  /** Jurnal Penyesuaian. */
  isAdjustment?: boolean;
  lines: JournalLineInput[];
}

export interface PostedLine {
  lineNo: number;
  accountId: string;
  accountCode: string;
  accountName: string;
  debit: Dec;
  credit: Dec;
  description: string | null;
  branchId: string | null;
  businessUnitId: string | null;
}

export interface PostedJournal {
  id: string;
  /** JU/<fiscal year>/<seq>. */
  number: string;
  fiscalYear: number;
  seq: number;
  date: string;
  /** YYYY-MM */
  periode: string;
  description: string;
  referenceCode: string | null;
  source: { module: string; id: string | null };
  isAdjustment: boolean;
  isClosing: boolean;
  reversalOfId: string | null;
  reversalReason: string | null;
  totalAmount: Dec;
  lines: PostedLine[];
  postedAt: Date;
  createdBy: string | null;
}

/** Internal options of the ledger's own services (closing, reversal). */
interface Internal {
  isClosing?: boolean;
  reversalOfId?: string;
  reversalOfNumber?: string;
  reversalReason?: string;
}

interface PreparedLine {
  accountId: string;
  debit: Dec;
  credit: Dec;
  description: string | null;
  branchId: string | null;
  businessUnitId: string | null;
}

interface Prepared {
  id: string;
  date: string;
  description: string;
  referenceCode: string | null;
  sourceModule: string;
  sourceId: string | null;
  isAdjustment: boolean;
  isClosing: boolean;
  reversalOfId: string | null;
  reversalOfNumber: string | null;
  reversalReason: string | null;
  total: Dec;
  lines: PreparedLine[];
}

interface AccountInfo {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isPostable: boolean;
  businessUnitId: string | null;
}

const SOURCE_RE = /^[A-Z][A-Z0-9_]{1,39}$/;
const MAX_LINE = dec(MAX_MONEY);

function fieldError(ctx: Ctx, field: string, key: string, params?: Record<string, unknown>): FieldError[] {
  // Field messages are translated here: the envelope fills only {field} in them.
  return [{ field, message: translate(key, ctx.lang, params) }];
}

function lineError(ctx: Ctx, status: number, code: ErrorCode, key: string, i: number, side: string, params: Record<string, unknown> = {}) {
  const p = { line: i + 1, ...params };
  return new AppError(status, code, key, p, fieldError(ctx, `lines.${i}.${side}`, key, p));
}

function amount(v: DecInput | null | undefined): Dec | null {
  if (v === null || v === undefined || v === '') return ZERO;
  try {
    const d = dec(v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Checks that need no database; throws the first problem. */
function prepare(ctx: Ctx, j: JournalInput, internal: Internal = {}): Prepared {
  if (!j || typeof j !== 'object') throw badRequest('VALIDATION_FAILED', 'common.validation_failed');
  if (!isValidDate(j.date)) {
    throw badRequest('JOURNAL_DATE_INVALID', 'ledger.date_invalid', undefined, fieldError(ctx, 'date', 'ledger.date_invalid'));
  }
  const description = typeof j.description === 'string' ? j.description.trim() : '';
  if (!description) {
    throw badRequest(
      'JOURNAL_DESCRIPTION_REQUIRED',
      'ledger.description_required',
      undefined,
      fieldError(ctx, 'description', 'ledger.description_required'),
    );
  }
  if (description.length > 500) throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'description' });
  if (j.id !== undefined && !isUuid(j.id)) throw badRequest('VALIDATION_FAILED', 'validation.uuid', { field: 'id' });
  const sourceModule = j.source?.module;
  if (typeof sourceModule !== 'string' || !SOURCE_RE.test(sourceModule) || (sourceModule === 'CLOSING' && !internal.isClosing)) {
    throw badRequest('JOURNAL_SOURCE_INVALID', 'ledger.source_invalid');
  }
  const sourceId = j.source.id === undefined || j.source.id === null || j.source.id === '' ? null : String(j.source.id);
  if (sourceId && sourceId.length > 100) throw badRequest('JOURNAL_SOURCE_INVALID', 'ledger.source_invalid');
  const referenceCode = j.referenceCode?.trim() || null;
  if (referenceCode && referenceCode.length > 100) throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'referenceCode' });

  const input = Array.isArray(j.lines) ? j.lines : [];
  if (input.length < 2) {
    throw badRequest('JOURNAL_TOO_FEW_LINES', 'ledger.too_few_lines', undefined, fieldError(ctx, 'lines', 'ledger.too_few_lines'));
  }
  let debit = ZERO;
  let credit = ZERO;
  const lines: PreparedLine[] = input.map((l, i) => {
    if (!l || !isUuid(l.accountId)) {
      throw lineError(ctx, 404, 'ACCOUNT_NOT_FOUND', 'ledger.account_not_found', i, 'accountId');
    }
    const d = amount(l.debit);
    const c = amount(l.credit);
    if (!d || !c || d.decimalPlaces() > 2 || c.decimalPlaces() > 2 || d.gt(MAX_LINE) || c.gt(MAX_LINE)) {
      throw lineError(ctx, 400, 'JOURNAL_AMOUNT_INVALID', 'ledger.amount_invalid', i, d?.isZero() === false ? 'debit' : 'credit');
    }
    if (d.isNegative() || c.isNegative()) {
      throw lineError(ctx, 400, 'JOURNAL_AMOUNT_NOT_POSITIVE', 'ledger.amount_not_positive', i, d.isNegative() ? 'debit' : 'credit');
    }
    if (d.gt(0) && c.gt(0)) throw lineError(ctx, 400, 'JOURNAL_LINE_BOTH_SIDES', 'ledger.line_both_sides', i, 'credit');
    if (d.isZero() && c.isZero()) throw lineError(ctx, 400, 'JOURNAL_AMOUNT_NOT_POSITIVE', 'ledger.amount_not_positive', i, 'debit');
    if (l.branchId && !isUuid(l.branchId)) throw lineError(ctx, 404, 'BRANCH_NOT_FOUND', 'ledger.branch_not_found', i, 'branchId');
    if (l.businessUnitId && !isUuid(l.businessUnitId)) {
      throw lineError(ctx, 400, 'VALIDATION_FAILED', 'validation.uuid', i, 'businessUnitId');
    }
    const desc = typeof l.description === 'string' ? l.description.trim() || null : null;
    if (desc && desc.length > 500)
      throw lineError(ctx, 400, 'VALIDATION_FAILED', 'validation.invalid', i, 'description', { field: 'description' });
    debit = debit.plus(d);
    credit = credit.plus(c);
    return {
      accountId: l.accountId.toLowerCase(),
      debit: d,
      credit: c,
      description: desc,
      branchId: l.branchId || null,
      businessUnitId: l.businessUnitId || null,
    };
  });
  if (!debit.eq(credit)) {
    const params = { debit: debit.toFixed(2), credit: credit.toFixed(2) };
    throw badRequest('JOURNAL_UNBALANCED', 'ledger.unbalanced', params, fieldError(ctx, 'lines', 'ledger.unbalanced', params));
  }
  return {
    // Time-ordered by default: new journals and their lines append to the primary-key indexes.
    id: j.id ? j.id.toLowerCase() : uuidv7(),
    date: j.date,
    description,
    referenceCode,
    sourceModule,
    sourceId,
    isAdjustment: Boolean(j.isAdjustment),
    isClosing: Boolean(internal.isClosing),
    reversalOfId: internal.reversalOfId ?? null,
    reversalOfNumber: internal.reversalOfNumber ?? null,
    reversalReason: internal.reversalReason ?? null,
    total: debit,
    lines,
  };
}

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
      return unprocessable('PERIOD_CLOSED', 'ledger.period_closed', { periode: e.detail ?? '' });
    case 'KL004':
      return unprocessable('FISCAL_YEAR_CLOSED', 'ledger.fiscal_year_closed', { year: e.detail ?? '' });
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
    rows = await tx.query<PostRow>('SELECT * FROM ledger_post_json($1::jsonb, $2::boolean, true)', [JSON.stringify(payload), numberNow]);
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
    await tx.query('SELECT ledger_number_pending()');
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

/** The id of the account with this system key (CASH_MAIN, SAVING_VOLUNTARY, ...). */
export async function accountIdByKey(tx: Tx, key: string): Promise<string> {
  const r = await tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = $1 AND system_key = $2', [tx.tenantId, key]);
  if (!r) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key });
  return r.id;
}

/** Several system keys at once: { CASH_MAIN: id, ... }; throws on the first missing one. */
export async function accountIdsByKeys<K extends string>(tx: Tx, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await tx.query<{ id: string; system_key: K }>(
    'SELECT id, system_key FROM coa_account WHERE tenant_id = $1 AND system_key = ANY($2::text[])',
    [tx.tenantId, `{${keys.map((k) => `"${String(k).replace(/["\\]/g, '')}"`).join(',')}}`],
  );
  const out = {} as Record<K, string>;
  for (const r of rows) out[r.system_key] = r.id;
  for (const k of keys) if (!out[k]) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: k });
  return out;
}

/**
 * Balance of an account in its normal-balance sign (positive cash, positive
 * savings owed), as of a day (default: everything posted), from the monthly
 * summary plus at most one month of lines. A header account answers the sum
 * of the accounts below it. Read without locks.
 */
export async function accountBalance(tx: Tx, accountId: string, asOf?: string): Promise<Dec> {
  if (!isUuid(accountId)) throw notFound('ledger.coa_not_found');
  if (asOf !== undefined && !isValidDate(asOf)) throw badRequest('JOURNAL_DATE_INVALID', 'ledger.date_invalid');
  const rows = await tx.query<{ id: string; normal_balance: 'DEBIT' | 'CREDIT'; root: boolean }>(
    `WITH RECURSIVE sub AS (
       SELECT id, normal_balance, true AS root FROM coa_account WHERE tenant_id = $1 AND id = $2
       UNION ALL
       SELECT c.id, c.normal_balance, false FROM coa_account c JOIN sub ON c.tenant_id = $1 AND c.parent_id = sub.id
     ) SELECT id, normal_balance, root FROM sub`,
    [tx.tenantId, accountId],
  );
  const root = rows.find((r) => r.root);
  if (!root) throw notFound('ledger.coa_not_found');
  const m = await balancesAsOf(tx, asOf ?? null, { accountIds: rows.map((r) => r.id) });
  let total = ZERO;
  for (const mv of m.values()) total = total.plus(signed(mv, root.normal_balance));
  return total;
}

/** True when the month of `date` is open for posting. */
export async function isPeriodOpen(tx: Tx, date: string): Promise<boolean> {
  const r = await tx.one('SELECT 1 FROM ledger_state WHERE tenant_id = $1 AND closed_through >= $2::date', [tx.tenantId, date]);
  return !r;
}

/** Journals posted for a source record (e.g. to reverse them when the module cancels the record). Oldest first. */
export async function journalsBySource(
  tx: Tx,
  module: string,
  id: string,
): Promise<
  Array<{ id: string; number: string; date: string; reversalOfId: string | null; reversedById: string | null; totalAmount: Dec }>
> {
  const rows = await tx.query<{
    id: string;
    number: string;
    date: string;
    reversal_of_id: string | null;
    reversed_by_id: string | null;
    total_amount: Dec;
  }>(
    `SELECT j.id, j.number, j.date, j.reversal_of_id, r.id AS reversed_by_id, j.total_amount
     FROM journal j LEFT JOIN journal r ON r.tenant_id = j.tenant_id AND r.reversal_of_id = j.id
     WHERE j.tenant_id = $1 AND j.source_module = $2 AND j.source_id = $3
     ORDER BY j.fiscal_year, j.seq`,
    [tx.tenantId, module, id],
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    reversalOfId: r.reversal_of_id,
    reversedById: r.reversed_by_id,
    totalAmount: r.total_amount,
  }));
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

// ---------------------------------------------------------------- numbering after commit

/**
 * Numbers the cooperative's committed, unnumbered journals, in posting order
 * (one statement in its own transaction; nothing to do costs one read).
 * Anything that shows or exports journal numbers calls it first (the route
 * option `numbersFirst` does). Answers how many journals it numbered.
 */
export async function numberPending(db: Db, tenantId: string): Promise<number> {
  if (!isUuid(tenantId)) throw new Error('numberPending: invalid tenant id');
  const r = await db.appQuery<{ n: number }>('SELECT ledger_number_tenant_job($1::uuid) AS n', [tenantId]);
  return r[0]?.n ?? 0;
}

/**
 * The numbers of these journals, after COMMIT: when one is still unnumbered
 * the cooperative's waiting journals are numbered first (one statement;
 * concurrent callers batch on the numbering lock, and one whose journals a
 * batch already numbered writes nothing).
 */
export async function numberJournals(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await db.appQuery<{ journal_id: string; number: string | null }>(
    'SELECT journal_id, number FROM ledger_number_journals($1::uuid, $2::uuid[])',
    [tenantId, pgArray(ids)],
  );
  for (const r of rows) if (r.number) out.set(r.journal_id, r.number);
  return out;
}

/**
 * Fills `journalNumber: null` in an answer (any depth) from its `journalId`,
 * numbering first: for answers built before COMMIT with journals posted
 * `numberAfterCommit`, and for such answers stored for an Idempotency-Key and
 * replayed later.
 */
export async function fillJournalNumbers(db: Db, tenantId: string, answer: unknown): Promise<void> {
  const holders: Array<{ journalId: string; journalNumber: string | null }> = [];
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 6) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.journalId === 'string' && o.journalNumber === null && isUuid(o.journalId)) {
      holders.push(o as { journalId: string; journalNumber: string | null });
    }
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (x && typeof x === 'object' && !(x instanceof Date) && typeof (x as { toFixed?: unknown }).toFixed !== 'function')
        walk(x, depth + 1);
    }
  };
  walk(answer, 0);
  if (!holders.length) return;
  const numbers = await numberJournals(db, tenantId, [...new Set(holders.map((h) => h.journalId))]);
  for (const h of holders) h.journalNumber = numbers.get(h.journalId) ?? null;
}

/** Route option for reads that show or export journal numbers: `{ ...numbersFirst, config: ..., schema: ... }`. */
export const numbersFirst = {
  preHandler: async (req: FastifyRequest) => {
    if (req.principal) await numberPending(req.server.db, req.principal.tenantId);
  },
};

/**
 * The numbering job's step: numbers the waiting journals of every cooperative (one transaction per cooperative).
 * The job runner runs it every second (ledger.module.ts: `runner.every('ledger.number', 1, ...)`), on one server
 * at a time. Answers how many journals it numbered.
 */
export async function numberAllPending(db: Db): Promise<number> {
  let n = 0;
  const tenants = await db.appQuery<{ t: string }>('SELECT t FROM ledger_unnumbered_tenants() AS t');
  for (const { t } of tenants) n += await numberPending(db, t);
  return n;
}
