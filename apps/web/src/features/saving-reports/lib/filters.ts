/**
 * The filters of each saving report, kept in the address (`?tab=deposits&
 * start=2026-11-01&product=...`) so a report can be bookmarked, shared and
 * printed with the same filters; and how they become the API's query.
 *
 * Every filter is text in the address ('' = not set, left out of the query);
 * the API query follows each report's own names (docs/savings.md "Reports").
 */
import type { QueryParams } from '../../../lib/api/client';

export const SAVING_TABS = ['balances', 'products', 'periods', 'deposits', 'withdrawals', 'plans'] as const;
export type SavingTab = (typeof SAVING_TABS)[number];
export type ReportKey = SavingTab | 'transactions';

export const REPORT_PATH: Record<ReportKey, string> = {
  balances: '/api/report/saving',
  products: '/api/report/saving-product',
  periods: '/api/report/saving-product-periode',
  deposits: '/api/report/topup-saving-product',
  withdrawals: '/api/report/withdraw-saving-product',
  plans: '/api/report/saving-product/with-plan',
  transactions: '/api/report/transactions',
};

/** Reports answering a page of rows (the others answer every row at once). */
export const PAGED: Record<ReportKey, boolean> = {
  balances: true,
  products: false,
  periods: false,
  deposits: true,
  withdrawals: true,
  plans: true,
  transactions: true,
};

export type Params = Record<string, string>;

/** `YYYY-MM-DD` of a local date. */
export const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first day of the month of `day` and `day` itself: the reports' default period. */
export function monthToDate(day: string): { start: string; end: string } {
  return { start: `${day.slice(0, 7)}-01`, end: day };
}

/** Last day of a `YYYY-MM` month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** The filters of each report with their defaults (the address leaves defaults out). */
export function reportDefaults(report: ReportKey, today: string): Params {
  const { start, end } = monthToDate(today);
  switch (report) {
    case 'balances':
      return { periode: today, product: '', kind: '', status: '', branch: '', area: '', zero: '0', search: '' };
    case 'products':
      return { periode: today, kind: '' };
    case 'periods':
      return { from: today.slice(0, 7), to: today.slice(0, 7), product: '' };
    case 'deposits':
    case 'withdrawals':
      return { start, end, product: '', user: '', branch: '', search: '' };
    case 'plans':
      return { product: '', progress: '', search: '' };
    case 'transactions':
      return { start, end, product: '', kind: '', activity: '', user: '', branch: '', channel: '', status: '', search: '' };
  }
}

const set = (v: string | undefined) => (v ? v : undefined);
const lower = (v: string | undefined) => v?.trim().toLowerCase() || undefined;

/** True when the filters cannot make a report (a period ending before it starts, a missing day). */
export function invalidFilters(report: ReportKey, p: Params): boolean {
  if (report === 'periods') return !p.from || !p.to || p.to < p.from;
  if (report === 'deposits' || report === 'withdrawals' || report === 'transactions') return !p.start || !p.end || p.end < p.start;
  if (report === 'balances' || report === 'products') return !p.periode;
  return false;
}

/** The API query of a report's filters (paging and sort added by the table). */
export function reportQuery(report: ReportKey, p: Params): QueryParams {
  switch (report) {
    case 'balances':
      return {
        periode: set(p.periode),
        productId: set(p.product),
        kind: set(p.kind),
        isActive: p.status === 'active' ? true : p.status === 'inactive' ? false : undefined,
        branchId: set(p.branch),
        areaId: set(p.area),
        showZeroAmount: p.zero === '1' ? true : undefined,
        search: lower(p.search),
      };
    case 'products':
      return { periode: set(p.periode), kind: set(p.kind) };
    case 'periods':
      return { start: p.from ? `${p.from}-01` : undefined, end: p.to ? monthEnd(p.to) : undefined, productId: set(p.product) };
    case 'deposits':
    case 'withdrawals':
      return {
        start: set(p.start),
        end: set(p.end),
        productId: set(p.product),
        userId: set(p.user),
        branchId: set(p.branch),
        search: lower(p.search),
      };
    case 'plans':
      return { productId: set(p.product), progress: set(p.progress), search: lower(p.search) };
    case 'transactions':
      return {
        start: set(p.start),
        end: set(p.end),
        productId: set(p.product),
        kind: set(p.kind),
        activity: set(p.activity),
        userId: set(p.user),
        branchId: set(p.branch),
        channel: set(p.channel),
        isActive: p.status === 'posted' ? true : p.status === 'corrections' ? false : undefined,
        search: lower(p.search),
      };
  }
}

/** Which filters differ from their defaults (the "clear filters" button shows when any does). */
export function changedFilters(report: ReportKey, p: Params, today: string): string[] {
  const d = reportDefaults(report, today);
  return Object.keys(d).filter((k) => (p[k] ?? '') !== d[k]);
}

/** The page and sort of a paged report's table, as the API takes them. */
export function pageQuery(page: number, limit: number, sort?: { field: string; dir: 'asc' | 'desc' } | null): QueryParams {
  return {
    page,
    limit,
    sortBy: sort?.field,
    ascOrDesc: sort ? (sort.dir === 'asc' ? 'ASC' : 'DESC') : undefined,
  };
}
