import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthStart, previousMonthEnd, todayWib } from './dates';

describe('the cooperative calendar (WIB)', () => {
  it('is a day ahead of UTC from 17:00 UTC', () => {
    expect(todayWib(new Date('2026-11-29T16:59:59Z'))).toBe('2026-11-29');
    expect(todayWib(new Date('2026-11-29T17:00:00Z'))).toBe('2026-11-30');
    expect(todayWib(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
  });

  it('finds the last full month, across a year and a leap February', () => {
    expect(previousMonthEnd('2026-11-29')).toBe('2026-10-31');
    expect(previousMonthEnd('2026-01-01')).toBe('2025-12-31');
    expect(previousMonthEnd('2028-03-15')).toBe('2028-02-29');
    expect(monthStart(previousMonthEnd('2026-11-29'))).toBe('2026-10-01');
  });

  it('adds days and months on the calendar', () => {
    expect(addDays('2026-11-29', 30)).toBe('2026-12-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});
