/** The journal line editor's logic: exact totals, the balance check, the submit guard, line helpers. */
import { describe, expect, it } from 'vitest';
import {
  balancingLine,
  checkLines,
  type EditorLine,
  emptyLine,
  fromCents,
  insertLineAfter,
  positiveCents,
  removeLine,
  setCredit,
  setDebit,
  toRequestLines,
  totalsOf,
} from '../lib/lines';

const acc = (code: string) => ({ id: `id-${code}`, code, name: `Akun ${code}` });
const line = (code: string | null, debit: number | null, credit: number | null, description = ''): EditorLine =>
  emptyLine({ account: code ? acc(code) : null, debit, credit, description });
const rp = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

describe('totals', () => {
  it('adds cents exactly where binary floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const t = totalsOf([line('10101', 0.1, null), line('10102', 0.2, null), line('40101', null, 0.3)]);
    expect(t.debitCents).toBe(30n);
    expect(t.creditCents).toBe(30n);
    expect(t.totalDebit).toBe(0.3);
    expect(t.difference).toBe(0);
    expect(t.balanced).toBe(true);
  });

  it('stays exact for 500 lines of the largest amount', () => {
    const big = 9_999_999_999_999.99;
    const lines = [
      ...Array.from({ length: 250 }, () => line('10101', big, null)),
      ...Array.from({ length: 250 }, () => line('20101', null, big)),
    ];
    const t = totalsOf(lines);
    expect(t.debitCents).toBe(999_999_999_999_999n * 250n);
    expect(t.debitCents).toBe(t.creditCents);
    expect(t.balanced).toBe(true);
    expect(t.lineCount).toBe(500);
  });

  it('ignores blank lines and counts the others', () => {
    const t = totalsOf([line('10101', 1000, null), emptyLine(), line(null, null, null, 'catatan'), emptyLine()]);
    expect(t.lineCount).toBe(2);
    expect(t.totalDebit).toBe(1000);
    expect(t.totalCredit).toBe(0);
    expect(t.difference).toBe(1000);
    expect(t.balanced).toBe(false);
  });

  it('converts cents both ways, negatives included', () => {
    expect(positiveCents(1500000.55)).toBe(150000055n);
    expect(positiveCents(null)).toBe(0n);
    expect(positiveCents(-5)).toBe(0n);
    expect(fromCents(150000055n)).toBe(1500000.55);
    expect(fromCents(-1999n)).toBe(-19.99);
  });
});

describe('checkLines (submit guard)', () => {
  it('refuses fewer than two lines', () => {
    const c = checkLines([line('10101', 1000, null), emptyLine()], rp);
    expect(c.guardOk).toBe(false);
    expect(c.canSubmit).toBe(false);
    expect(c.problems.map((p) => p.key)).toContain('ledger.too_few_lines');
  });

  it('refuses differing totals with the mismatch message and both totals', () => {
    const c = checkLines([line('10101', 1_500_000, null), line('40101', null, 1_000_000)], rp);
    expect(c.guardOk).toBe(false);
    expect(c.canSubmit).toBe(false);
    expect(c.problems).toEqual([{ key: 'ledger.unbalanced', params: { debit: rp(1_500_000), credit: rp(1_000_000) } }]);
    expect(c.totals.difference).toBe(500_000);
  });

  it('refuses an empty journal (zero totals are not balanced)', () => {
    const c = checkLines([emptyLine(), emptyLine()], rp);
    expect(c.guardOk).toBe(false);
    expect(c.problems.map((p) => p.key)).toEqual(['ledger.too_few_lines', 'ledger.unbalanced']);
  });

  it('passes the guard when balanced but still refuses a line without an account', () => {
    const lines = [line('10101', 250_000, null), line(null, null, 250_000)];
    const c = checkLines(lines, rp);
    expect(c.guardOk).toBe(true);
    expect(c.canSubmit).toBe(false);
    expect(c.lines).toEqual({ [lines[1]!.key]: 'account' });
    expect(c.problems.map((p) => p.key)).toEqual(['validation.account_not_selected']);
  });

  it('flags a line with both sides or no amount', () => {
    const both = line('10101', 100, 100);
    const none = line('20101', null, null);
    const c = checkLines([both, none, line('40101', null, 0)], rp);
    expect(c.lines[both.key]).toBe('bothSides');
    expect(c.lines[none.key]).toBe('amount');
    expect(c.canSubmit).toBe(false);
  });

  it('accepts a balanced journal of two or more complete lines', () => {
    const c = checkLines([line('10101', 1_500_000, null), line('40101', null, 1_000_000), line('40102', null, 500_000), emptyLine()], rp);
    expect(c.problems).toEqual([]);
    expect(c.guardOk).toBe(true);
    expect(c.canSubmit).toBe(true);
  });
});

describe('line helpers', () => {
  it('keeps one side per line', () => {
    const l = line('10101', null, 5000);
    expect(setDebit(l, 7000)).toMatchObject({ debit: 7000, credit: null });
    expect(setDebit(l, null)).toMatchObject({ debit: null, credit: 5000 });
    expect(setCredit(line('10101', 7000, null), 100)).toMatchObject({ debit: null, credit: 100 });
    expect(setCredit(line('10101', 7000, null), 0)).toMatchObject({ debit: 7000, credit: 0 });
  });

  it('pre-fills a new line with the amount that balances the journal', () => {
    expect(balancingLine([line('10101', 1_500_000, null), line('40101', null, 1_000_000)])).toMatchObject({
      account: null,
      debit: null,
      credit: 500_000,
    });
    expect(balancingLine([line('50101', null, 0.3), line('10101', 0.1, null)])).toMatchObject({ debit: 0.2, credit: null });
    expect(balancingLine([line('10101', 10, null), line('40101', null, 10)])).toMatchObject({ debit: null, credit: null });
  });

  it('inserts after a given line, removes while keeping one line', () => {
    const a = line('10101', 100, null);
    const b = line('40101', null, 50);
    const { lines, added } = insertLineAfter([a, b], a.key);
    expect(lines.map((l) => l.key)).toEqual([a.key, added.key, b.key]);
    expect(added.credit).toBe(50);
    const appended = insertLineAfter([a, b], null);
    expect(appended.lines.at(-1)).toBe(appended.added);
    expect(removeLine([a, b], a.key)).toEqual([b]);
    const last = removeLine([a], a.key);
    expect(last).toHaveLength(1);
    expect(last[0]!.key).not.toBe(a.key);
    expect(last[0]!.account).toBeNull();
  });

  it('sends coaId with one side, notes trimmed, blank lines left out', () => {
    expect(toRequestLines([line('10101', 1000, null, '  kas  '), emptyLine(), line('40101', null, 1000)])).toEqual([
      { coaId: 'id-10101', debit: 1000, credit: null, description: 'kas' },
      { coaId: 'id-40101', debit: null, credit: 1000, description: null },
    ]);
  });
});
