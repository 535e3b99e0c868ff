/**
 * Report filter handling: each report's defaults, how the address's filters
 * become the API query (empty values left out, statuses mapped to isActive,
 * months to whole-month dates, search lower-cased), which filters make no
 * report, and the exact footer sums.
 */
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../../lib/api/client';
import { sumMoney } from '../../../lib/money';
import { periodTotals } from '../components/bodies/PeriodsBody';
import {
  changedFilters,
  invalidFilters,
  monthEnd,
  monthToDate,
  PAGED,
  pageQuery,
  REPORT_PATH,
  reportDefaults,
  reportQuery,
  SAVING_TABS,
} from '../lib/filters';
import { todayJakarta } from '../lib/today';

const TODAY = '2026-11-21';
const PRODUCT = '0a557ec3-27e2-4c9c-90f1-fa5d2adfecd1';

describe('defaults', () => {
  it('every report starts from today or this month, nothing else set', () => {
    expect(reportDefaults('balances', TODAY)).toEqual({
      periode: TODAY,
      product: '',
      kind: '',
      status: '',
      branch: '',
      area: '',
      zero: '0',
      search: '',
    });
    expect(reportDefaults('periods', TODAY)).toEqual({ from: '2026-11', to: '2026-11', product: '' });
    expect(reportDefaults('deposits', TODAY)).toMatchObject({ start: '2026-11-01', end: TODAY });
    expect(reportDefaults('transactions', TODAY)).toMatchObject({ start: '2026-11-01', end: TODAY, status: '' });
    expect(monthToDate('2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-14' });
  });

  it('a default query sends only the period (no empty filters)', () => {
    for (const tab of SAVING_TABS) {
      const qs = toQueryString(reportQuery(tab, reportDefaults(tab, TODAY)));
      expect(qs, tab).not.toMatch(/=(&|$)/);
      expect(qs, tab).not.toContain('undefined');
    }
    expect(toQueryString(reportQuery('transactions', reportDefaults('transactions', TODAY)))).toBe('?start=2026-11-01&end=2026-11-21');
    expect(toQueryString(reportQuery('balances', reportDefaults('balances', TODAY)))).toBe('?periode=2026-11-21');
    expect(toQueryString(reportQuery('plans', reportDefaults('plans', TODAY)))).toBe('');
  });

  it('today is the Jakarta day', () => {
    expect(todayJakarta(new Date('2026-11-20T17:30:00Z'))).toBe('2026-11-21');
    expect(todayJakarta(new Date('2026-11-20T16:59:00Z'))).toBe('2026-11-20');
  });
});

describe('query of each report', () => {
  it('balances: status to isActive, zero balances only when asked, search trimmed and lower-cased', () => {
    const p = {
      ...reportDefaults('balances', TODAY),
      product: PRODUCT,
      status: 'inactive',
      zero: '1',
      search: '  Budi SANTOSO ',
      kind: 'SAVING',
    };
    expect(reportQuery('balances', p)).toEqual({
      periode: TODAY,
      productId: PRODUCT,
      kind: 'SAVING',
      isActive: false,
      branchId: undefined,
      areaId: undefined,
      showZeroAmount: true,
      search: 'budi santoso',
    });
    expect(reportQuery('balances', { ...p, status: 'active', zero: '0', search: '   ' })).toMatchObject({
      isActive: true,
      showZeroAmount: undefined,
      search: undefined,
    });
  });

  it('periods: months become their first and last days', () => {
    expect(reportQuery('periods', { from: '2026-01', to: '2026-02', product: '' })).toEqual({
      start: '2026-01-01',
      end: '2026-02-28',
      productId: undefined,
    });
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });

  it('transactions: standing movements or corrections, and every other filter by its API name', () => {
    const p = {
      ...reportDefaults('transactions', TODAY),
      status: 'corrections',
      kind: 'WITHDRAW',
      activity: 'TRANSFER_OUT',
      channel: 'TELLER',
      user: 'u-1',
      branch: 'b-1',
    };
    expect(reportQuery('transactions', p)).toEqual({
      start: '2026-11-01',
      end: TODAY,
      productId: undefined,
      kind: 'WITHDRAW',
      activity: 'TRANSFER_OUT',
      userId: 'u-1',
      branchId: 'b-1',
      channel: 'TELLER',
      isActive: false,
      search: undefined,
    });
    expect(reportQuery('transactions', { ...p, status: 'posted' }).isActive).toBe(true);
    expect(reportQuery('transactions', { ...p, status: '' }).isActive).toBeUndefined();
  });

  it('deposits and withdrawals share their filters; each report has its endpoint', () => {
    const p = { ...reportDefaults('deposits', TODAY), product: PRODUCT };
    expect(reportQuery('deposits', p)).toEqual(reportQuery('withdrawals', p));
    expect(REPORT_PATH.deposits).toBe('/api/report/topup-saving-product');
    expect(REPORT_PATH.withdrawals).toBe('/api/report/withdraw-saving-product');
    expect(REPORT_PATH.plans).toBe('/api/report/saving-product/with-plan');
    expect(PAGED.products).toBe(false);
    expect(PAGED.deposits).toBe(true);
  });

  it('page and sort as the API takes them', () => {
    expect(pageQuery(2, 25, { field: 'amount', dir: 'desc' })).toEqual({ page: 2, limit: 25, sortBy: 'amount', ascOrDesc: 'DESC' });
    expect(pageQuery(0, 10, null)).toEqual({ page: 0, limit: 10, sortBy: undefined, ascOrDesc: undefined });
  });
});

describe('filters that make no report', () => {
  it('an end before the start, an empty day', () => {
    expect(invalidFilters('transactions', { ...reportDefaults('transactions', TODAY), start: '2026-11-10', end: '2026-11-01' })).toBe(true);
    expect(invalidFilters('deposits', { ...reportDefaults('deposits', TODAY), end: '' })).toBe(true);
    expect(invalidFilters('periods', { from: '2026-05', to: '2026-04', product: '' })).toBe(true);
    expect(invalidFilters('balances', { ...reportDefaults('balances', TODAY), periode: '' })).toBe(true);
    expect(invalidFilters('plans', reportDefaults('plans', TODAY))).toBe(false);
    expect(invalidFilters('transactions', reportDefaults('transactions', TODAY))).toBe(false);
  });

  it('knows which filters differ from the defaults', () => {
    expect(changedFilters('deposits', reportDefaults('deposits', TODAY), TODAY)).toEqual([]);
    expect(changedFilters('deposits', { ...reportDefaults('deposits', TODAY), product: PRODUCT, start: '2026-10-01' }, TODAY)).toEqual([
      'start',
      'product',
    ]);
  });
});

describe('footer sums', () => {
  it('adds rupiah exactly (as cents, never as floats)', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([1500000.55, 2499999.45, null, undefined])).toBe(4000000);
    expect(sumMoney([])).toBe(0);
  });

  it('period totals: flows over every row, opening of the first month, closing of the last', () => {
    const row = (code: string, month: string, opening: number, deposits: number, withdrawals: number, corrections: number) => ({
      productId: code,
      code,
      name: code,
      month,
      opening,
      deposits,
      withdrawals,
      corrections,
      closing: opening + deposits - withdrawals + corrections,
    });
    const rows = [
      row('SS', '2026-10', 1000, 500, 200, 0),
      row('SS', '2026-11', 1300, 100, 50, -10),
      row('SW', '2026-10', 300, 50, 0, 0),
      row('SW', '2026-11', 350, 50, 0, 0),
    ];
    expect(periodTotals(rows)).toEqual({ opening: 1300, deposits: 700, withdrawals: 250, corrections: -10, closing: 1740 });
    expect(periodTotals(rows).opening + 700 - 250 - 10).toBe(periodTotals(rows).closing);
  });
});
