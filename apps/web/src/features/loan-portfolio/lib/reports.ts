/** What each portfolio report shows: its API path, filter kind and columns (keys of the server's rows). */
/** `loanStatus`: a loan's status, shown in words (loans:status.*). */
export type ColumnKind = 'text' | 'money' | 'int' | 'percent' | 'ratio' | 'date' | 'loanStatus';
export interface Column {
  key: string;
  kind?: ColumnKind;
}
export type ReportKey =
  | 'realization'
  | 'paidInterest'
  | 'byPeriode'
  | 'list'
  | 'byProduct'
  | 'collectibility'
  | 'npl'
  | 'collateral'
  | 'ppap';

export interface ReportDef {
  path: string;
  /** A period (start/end) or a day (`date`, or `time` for NPL). */
  filter: 'period' | 'date';
  dateParam?: string;
  /** Where the rows are in the answer. */
  rows: string;
  columns: Column[];
  /** Extra filter: collateral type. */
  typeFilter?: boolean;
  /** The answer's total row (key of the answer), shown under the table. */
  totals?: string;
  totalLabelKey?: string;
  /** Fixed query parameters (the loan list: every row on one page, as printed). */
  query?: Record<string, string | number>;
}

const LOAN: Column[] = [{ key: 'loanNumber' }, { key: 'memberName' }, { key: 'productName' }, { key: 'branchName' }];
/** Count, outstanding and the non-performing part with its ratio: by product and NPL. */
const NPL_FIGURES: Column[] = [
  { key: 'loanCount', kind: 'int' },
  { key: 'outstanding', kind: 'money' },
  { key: 'nonPerforming', kind: 'money' },
  { key: 'nplRatio', kind: 'ratio' },
];
const money = (...keys: string[]): Column[] => keys.map((key) => ({ key, kind: 'money' }));

/** A report over a period whose answer holds `rows` and `totals`. */
function periodReport(path: string, totalLabelKey: string, columns: Column[], extra: Partial<ReportDef> = {}): ReportDef {
  return { path, filter: 'period', rows: 'rows', totals: 'totals', totalLabelKey, columns, ...extra };
}

/** A report as of a day whose answer holds the rows under `rows` and the total under `total`. */
function dayReport(path: string, rows: string, totalLabelKey: string, columns: Column[], extra: Partial<ReportDef> = {}): ReportDef {
  return { path, filter: 'date', rows, totals: 'total', totalLabelKey, columns, ...extra };
}

export const REPORTS: Record<ReportKey, ReportDef> = {
  realization: periodReport('/api/report/loan/realization-periode', 'loanNumber', [
    ...LOAN,
    { key: 'releaseDate', kind: 'date' },
    { key: 'tenorInMonth', kind: 'int' },
    ...money('amount', 'adminFee', 'provisionFee', 'netDisbursed'),
  ]),
  paidInterest: periodReport('/api/report/loan/paid-interest-member', 'memberName', [
    { key: 'cifNumber' },
    { key: 'memberName' },
    { key: 'branchName' },
    { key: 'loanCount', kind: 'int' },
    ...money('principal', 'interest', 'fine', 'amount'),
  ]),
  byPeriode: periodReport('/api/report/loan/by-periode', 'period', [
    { key: 'period' },
    { key: 'releasedCount', kind: 'int' },
    ...money('releasedAmount', 'principal', 'interest', 'fine', 'outstanding'),
  ]),
  // start/end: the application date; every row on one page, as printed.
  list: periodReport(
    '/api/report/loan',
    'loanNumber',
    [
      ...LOAN,
      { key: 'status', kind: 'loanStatus' },
      { key: 'releaseDate', kind: 'date' },
      ...money('amount', 'remainingPrincipal', 'fineDue'),
    ],
    { rows: 'content', query: { page: 0, limit: 1000, sortBy: 'loanNumber' } },
  ),
  byProduct: dayReport('/api/report/loan/by-product', 'products', 'productName', [
    { key: 'productName' },
    { key: 'loanCount', kind: 'int' },
    { key: 'amount', kind: 'money' },
    ...NPL_FIGURES.slice(1),
  ]),
  collectibility: {
    path: '/api/report/loan/collectibility',
    filter: 'date',
    rows: 'loans',
    columns: [...LOAN, { key: 'outstandingPrincipal', kind: 'money' }, { key: 'daysLate', kind: 'int' }, { key: 'collectability' }],
  },
  npl: dayReport('/api/report/loan/npl', 'byProduct', 'name', [{ key: 'name' }, ...NPL_FIGURES], { dateParam: 'time' }),
  collateral: periodReport(
    '/api/report/loan/collateral',
    'type',
    [{ key: 'type' }, { key: 'number' }, ...LOAN, { key: 'status', kind: 'loanStatus' }, ...money('value', 'remainingPrincipal')],
    { typeFilter: true },
  ),
  ppap: dayReport('/api/report/loan/ppap', 'grades', 'grade', [
    { key: 'grade' },
    { key: 'loanCount', kind: 'int' },
    { key: 'outstanding', kind: 'money' },
    { key: 'percent', kind: 'percent' },
    { key: 'provision', kind: 'money' },
  ]),
};

export { monthStart, todayWib } from '../../../lib/dates';
