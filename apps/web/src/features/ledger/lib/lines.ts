/**
 * The logic of the journal line editor, kept apart from the screen so it can
 * be tested on its own: totals, the balance check and the submit guard.
 *
 * Decisions:
 *  - Amounts are added as whole cents in BigInt: no binary float drift, and
 *    no overflow however many lines (the server allows 500 of up to 10
 *    trillion each).
 *  - A line with nothing in it (no account, no amount, no note) is ignored,
 *    so the spare line at the bottom of the editor never blocks a submit.
 *  - A line needs an account and exactly one of debit or credit above zero;
 *    typing a debit clears the credit of that line and the other way round.
 *  - The journal is refused while it has fewer than two lines or its totals
 *    differ (or are zero), with the catalogue's messages (spec section 5,
 *    "Total debit must equal total credit in a journal").
 *  - A new line added while the totals differ is pre-filled with the
 *    difference on the side that balances the journal (the usual way a
 *    bookkeeper finishes an entry); the account is left to choose.
 */
import { fromCents, toCents } from '../../../lib/money';

export { fromCents } from '../../../lib/money';

export interface LineAccount {
  id: string;
  code: string;
  name: string;
}

export interface EditorLine {
  /** Stable key of the row (not sent). */
  key: string;
  account: LineAccount | null;
  debit: number | null;
  credit: number | null;
  description: string;
}

export type LineProblem = 'account' | 'amount' | 'bothSides';

/** A catalogue key with its parameters (translated by the screen). */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
}

let seq = 0;
export function newLineKey(): string {
  seq += 1;
  return `line-${Date.now().toString(36)}-${seq}`;
}

export function emptyLine(init: Partial<Omit<EditorLine, 'key'>> = {}): EditorLine {
  return { key: newLineKey(), account: null, debit: null, credit: null, description: '', ...init };
}

/** Whole cents of an amount typed in a debit or credit field (null or negative count as nothing). */
export function positiveCents(v: number | null | undefined): bigint {
  return v !== null && v !== undefined && v > 0 ? toCents(v) : 0n;
}

export function isBlank(l: EditorLine): boolean {
  return !l.account && positiveCents(l.debit) === 0n && positiveCents(l.credit) === 0n && !l.description.trim();
}

export interface Totals {
  debitCents: bigint;
  creditCents: bigint;
  totalDebit: number;
  totalCredit: number;
  /** Debit minus credit. */
  difference: number;
  balanced: boolean;
  /** Lines that count (not blank). */
  lineCount: number;
}

export function totalsOf(lines: EditorLine[]): Totals {
  let d = 0n;
  let c = 0n;
  let n = 0;
  for (const l of lines) {
    if (isBlank(l)) continue;
    n += 1;
    d += positiveCents(l.debit);
    c += positiveCents(l.credit);
  }
  return {
    debitCents: d,
    creditCents: c,
    totalDebit: fromCents(d),
    totalCredit: fromCents(c),
    difference: fromCents(d - c),
    balanced: d === c && d > 0n,
    lineCount: n,
  };
}

export function lineProblem(l: EditorLine): LineProblem | null {
  if (isBlank(l)) return null;
  if (!l.account) return 'account';
  const d = positiveCents(l.debit);
  const c = positiveCents(l.credit);
  if (d > 0n && c > 0n) return 'bothSides';
  if (d === 0n && c === 0n) return 'amount';
  return null;
}

export interface Check {
  totals: Totals;
  /** Problems of each line, by key. */
  lines: Record<string, LineProblem>;
  /** Journal-level problems, most important first. */
  problems: Problem[];
  /** The hard guard of the submit button: two lines or more and equal, non-zero totals. */
  guardOk: boolean;
  /** Everything in order: the journal may be sent. */
  canSubmit: boolean;
}

/**
 * Check the lines. `money` formats an amount for the mismatch message
 * (`Total debit (Rp 1.500.000) harus sama dengan total kredit (Rp 1.000.000)`).
 */
export function checkLines(lines: EditorLine[], money: (n: number) => string = String): Check {
  const totals = totalsOf(lines);
  const perLine: Record<string, LineProblem> = {};
  for (const l of lines) {
    const p = lineProblem(l);
    if (p) perLine[l.key] = p;
  }
  const problems: Problem[] = [];
  if (totals.lineCount < 2) problems.push({ key: 'ledger.too_few_lines' });
  if (totals.debitCents !== totals.creditCents || totals.debitCents === 0n) {
    problems.push({ key: 'ledger.unbalanced', params: { debit: money(totals.totalDebit), credit: money(totals.totalCredit) } });
  }
  if (Object.values(perLine).includes('account')) problems.push({ key: 'validation.account_not_selected' });
  const guardOk = totals.lineCount >= 2 && totals.balanced;
  return { totals, lines: perLine, problems, guardOk, canSubmit: guardOk && Object.keys(perLine).length === 0 };
}

/** Set a line's debit; a debit above zero clears its credit (a line has one side). */
export function setDebit(l: EditorLine, debit: number | null): EditorLine {
  return { ...l, debit, credit: positiveCents(debit) > 0n ? null : l.credit };
}

export function setCredit(l: EditorLine, credit: number | null): EditorLine {
  return { ...l, credit, debit: positiveCents(credit) > 0n ? null : l.debit };
}

/** The line to add after the others: the difference on the side that balances the journal. */
export function balancingLine(lines: EditorLine[]): EditorLine {
  const t = totalsOf(lines);
  if (t.debitCents > t.creditCents) return emptyLine({ credit: fromCents(t.debitCents - t.creditCents) });
  if (t.creditCents > t.debitCents) return emptyLine({ debit: fromCents(t.creditCents - t.debitCents) });
  return emptyLine();
}

/** Insert a balancing line after `afterKey` (or at the end). */
export function insertLineAfter(lines: EditorLine[], afterKey: string | null): { lines: EditorLine[]; added: EditorLine } {
  const added = balancingLine(lines);
  const at = afterKey ? lines.findIndex((l) => l.key === afterKey) : -1;
  const next = [...lines];
  next.splice(at < 0 ? next.length : at + 1, 0, added);
  return { lines: next, added };
}

/** Remove a line; the editor always keeps at least one (blank) line. */
export function removeLine(lines: EditorLine[], key: string): EditorLine[] {
  const next = lines.filter((l) => l.key !== key);
  return next.length ? next : [emptyLine()];
}

/** The API's lines (`coaId` with debit or credit), blank lines left out. */
export function toRequestLines(lines: EditorLine[]) {
  return lines
    .filter((l) => !isBlank(l))
    .map((l) => ({
      coaId: l.account?.id ?? '',
      debit: positiveCents(l.debit) > 0n ? l.debit : null,
      credit: positiveCents(l.credit) > 0n ? l.credit : null,
      description: l.description.trim() || null,
    }));
}
