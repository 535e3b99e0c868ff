import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatPercent } from './format';
import { formatMoneyInput, parseMoneyInput, toWire } from './money';

/** Intl puts a no-break space between "Rp" and the digits. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('shows rupiah the Indonesian way: Rp 1.500.000', () => {
    expect(plain(formatMoney(1500000, 'id'))).toBe('Rp 1.500.000');
    expect(plain(formatMoney(1500000.5, 'id'))).toBe('Rp 1.500.000,50');
    expect(plain(formatMoney(-25000, 'id'))).toBe('-Rp 25.000');
    expect(plain(formatMoney(1500000, 'en'))).toBe('Rp 1,500,000');
    expect(formatMoney(null, 'id')).toBe('-');
  });

  it('reads typed amounts in the language of the user, at most 2 decimals', () => {
    expect(parseMoneyInput('1.500.000', 'id')).toBe(1500000);
    expect(parseMoneyInput('Rp 1.500.000,75', 'id')).toBe(1500000.75);
    expect(parseMoneyInput('1,500,000.75', 'en')).toBe(1500000.75);
    // A third decimal typed is ignored (amounts have at most 2).
    expect(parseMoneyInput('12,345', 'id')).toBe(12.34);
    expect(parseMoneyInput('', 'id')).toBeNull();
    expect(parseMoneyInput('abc', 'id')).toBeNull();
    expect(formatMoneyInput(1500000, 'id')).toBe('1.500.000');
    expect(formatMoneyInput(1500000.5, 'id')).toBe('1.500.000,50');
  });

  it('sends exact cents as JSON numbers', () => {
    expect(toWire(0.1 + 0.2)).toBe(0.3);
    expect(toWire(1.005)).toBe(1.01);
    expect(toWire(-2.675)).toBe(-2.68);
    expect(toWire(10_000_000_000_000)).toBe(10_000_000_000_000);
  });
});

describe('numbers and dates through Intl', () => {
  it('formats numbers and percents per language', () => {
    expect(formatNumber(1234567.891, 'id')).toBe('1.234.567,89');
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatPercent(1.5, 'id')).toBe('1,5%');
  });

  it('reads YYYY-MM-DD as a calendar date', () => {
    expect(formatDate('2026-03-01', 'id', 'long')).toBe('1 Maret 2026');
    expect(formatDate('2026-03-01', 'en', 'long')).toBe('March 1, 2026');
    expect(formatDate(null, 'id')).toBe('-');
  });
});
