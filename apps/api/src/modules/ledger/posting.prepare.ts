/** The posting engine's input and output types and the checks a journal passes before it is written (posting.ts). */
import { MAX_MONEY, translate } from '@koperasi/contracts';
import { type Dec, type DecInput, dec, ZERO } from '@koperasi/finance';
import { isUuid } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, badRequest, type ErrorCode, type FieldError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { isValidDate } from './dates.ts';

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
export interface Internal {
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

export interface Prepared {
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

export interface AccountInfo {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isPostable: boolean;
  businessUnitId: string | null;
}

const SOURCE_RE = /^[A-Z][A-Z0-9_]{1,39}$/;
const MAX_LINE = dec(MAX_MONEY);

export function fieldError(ctx: Ctx, field: string, key: string, params?: Record<string, unknown>): FieldError[] {
  // Field messages are translated here: the envelope fills only {field} in them.
  return [{ field, message: translate(key, ctx.lang, params) }];
}

export function lineError(
  ctx: Ctx,
  status: number,
  code: ErrorCode,
  key: string,
  i: number,
  side: string,
  params: Record<string, unknown> = {},
) {
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
export function prepare(ctx: Ctx, j: JournalInput, internal: Internal = {}): Prepared {
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
