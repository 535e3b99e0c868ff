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

export const REPORTS: Record<ReportKey, ReportDef> = {
  realization: {
    path: '/api/report/loan/realization-periode',
    filter: 'period',
    rows: 'rows',
    totals: 'totals',
    totalLabelKey: 'loanNumber',
    columns: [
      ...LOAN,
      { key: 'releaseDate', kind: 'date' },
      { key: 'tenorInMonth', kind: 'int' },
      { key: 'amount', kind: 'money' },
      { key: 'adminFee', kind: 'money' },
      { key: 'provisionFee', kind: 'money' },
      { key: 'netDisbursed', kind: 'money' },
    ],
  },
  paidInterest: {
    path: '/api/report/loan/paid-interest-member',
    filter: 'period',
    rows: 'rows',
    totals: 'totals',
    totalLabelKey: 'memberName',
    columns: [
      { key: 'cifNumber' },
      { key: 'memberName' },
      { key: 'branchName' },
      { key: 'loanCount', kind: 'int' },
      { key: 'principal', kind: 'money' },
      { key: 'interest', kind: 'money' },
      { key: 'fine', kind: 'money' },
      { key: 'amount', kind: 'money' },
    ],
  },
  byPeriode: {
    path: '/api/report/loan/by-periode',
    filter: 'period',
    rows: 'rows',
    totals: 'totals',
    totalLabelKey: 'period',
    columns: [
      { key: 'period' },
      { key: 'releasedCount', kind: 'int' },
      { key: 'releasedAmount', kind: 'money' },
      { key: 'principal', kind: 'money' },
      { key: 'interest', kind: 'money' },
      { key: 'fine', kind: 'money' },
      { key: 'outstanding', kind: 'money' },
    ],
  },
  list: {
    path: '/api/report/loan',
    // start/end: the application date.
    filter: 'period',
    rows: 'content',
    totals: 'totals',
    totalLabelKey: 'loanNumber',
    query: { page: 0, limit: 1000, sortBy: 'loanNumber' },
    columns: [
      ...LOAN,
      { key: 'status', kind: 'loanStatus' },
      { key: 'releaseDate', kind: 'date' },
      { key: 'amount', kind: 'money' },
      { key: 'remainingPrincipal', kind: 'money' },
      { key: 'fineDue', kind: 'money' },
    ],
  },
  byProduct: {
    path: '/api/report/loan/by-product',
    filter: 'date',
    rows: 'products',
    totals: 'total',
    totalLabelKey: 'productName',
    columns: [
      { key: 'productName' },
      { key: 'loanCount', kind: 'int' },
      { key: 'amount', kind: 'money' },
      { key: 'outstanding', kind: 'money' },
      { key: 'nonPerforming', kind: 'money' },
      { key: 'nplRatio', kind: 'ratio' },
    ],
  },
  collectibility: {
    path: '/api/report/loan/collectibility',
    filter: 'date',
    rows: 'loans',
    columns: [...LOAN, { key: 'outstandingPrincipal', kind: 'money' }, { key: 'daysLate', kind: 'int' }, { key: 'collectability' }],
  },
  npl: {
    path: '/api/report/loan/npl',
    filter: 'date',
    dateParam: 'time',
    rows: 'byProduct',
    totals: 'total',
    totalLabelKey: 'name',
    columns: [
      { key: 'name' },
      { key: 'loanCount', kind: 'int' },
      { key: 'outstanding', kind: 'money' },
      { key: 'nonPerforming', kind: 'money' },
      { key: 'nplRatio', kind: 'ratio' },
    ],
  },
  collateral: {
    path: '/api/report/loan/collateral',
    filter: 'period',
    typeFilter: true,
    rows: 'rows',
    totals: 'totals',
    totalLabelKey: 'type',
    columns: [
      { key: 'type' },
      { key: 'number' },
      ...LOAN,
      { key: 'status', kind: 'loanStatus' },
      { key: 'value', kind: 'money' },
      { key: 'remainingPrincipal', kind: 'money' },
    ],
  },
  ppap: {
    path: '/api/report/loan/ppap',
    filter: 'date',
    rows: 'grades',
    totals: 'total',
    totalLabelKey: 'grade',
    columns: [
      { key: 'grade' },
      { key: 'loanCount', kind: 'int' },
      { key: 'outstanding', kind: 'money' },
      { key: 'percent', kind: 'percent' },
      { key: 'provision', kind: 'money' },
    ],
  },
};

export function todayWib(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
}

export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}
