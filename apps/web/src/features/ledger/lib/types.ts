/**
 * Answers of the ledger API the contracts package describes only in prose
 * (docs/ledger.md "Response shapes"). Money arrives as JSON numbers with at
 * most two decimals.
 */
import type { AccountType } from '@koperasi/contracts/enums';
import type {
  CoaAccount,
  JournalDetail,
  JournalLine,
  JournalSummary,
  LedgerLine,
  NormalBalance,
  PeriodMonth,
  StatementNode,
  StatementSection,
} from '@koperasi/contracts/ledger';
import type { Page } from '../../../lib/api/list';

export type {
  AccountType,
  CoaAccount,
  JournalDetail,
  JournalLine,
  JournalSummary,
  LedgerLine,
  NormalBalance,
  PeriodMonth,
  StatementNode,
  StatementSection,
};

/** Which journal screen: Jurnal Umum (every journal, manual ones created) or Jurnal Penyesuaian. */
export type JournalKind = 'general' | 'adjustment';

export interface JournalPage extends Page<JournalSummary> {
  /** Sum of the journals' amounts over the whole filter. */
  totalAmount: number;
}

export interface JournalRef {
  id: string;
  number: string;
}

export interface CancelResult {
  journal: JournalDetail;
  reversal: JournalDetail;
}

export interface PeriodStatus {
  fiscalYear: number;
  start: string;
  end: string;
  status: 'OPEN' | 'CLOSED';
  closingJournal: JournalRef | null;
  surplus: number | null;
  closedThrough: string | null;
  months: PeriodMonth[];
}

export interface FiscalYearInfo {
  fiscalYear: number;
  start: string;
  end: string;
  journalCount: number;
  status: 'OPEN' | 'CLOSED';
  closingJournal: JournalRef | null;
  surplus: number | null;
  closedAt: string | null;
  closedByName: string | null;
  reopenReason: string | null;
}

export interface CloseMonthResult {
  periode: string;
  closedThrough: string | null;
  closedMonths: string[];
}

export interface ReopenMonthResult {
  periode: string;
  closedThrough: string | null;
  reopenedMonths: string[];
}

export interface CloseYearResult {
  year: number;
  start: string;
  end: string;
  status: 'CLOSED';
  surplus: number;
  closingJournal: JournalRef | null;
  closedMonths: string[];
  closedThrough: string | null;
}

export interface ReopenYearResult {
  year: number;
  status: 'OPEN';
  reversal: JournalRef | null;
}

export interface BalanceTotals {
  totalAssets: number;
  totalLiabilities: number;
  totalEquity: number;
  totalLiabilitiesAndEquity: number;
  difference: number;
  balanced: boolean;
}

export interface BalanceSheet extends BalanceTotals {
  periode: string;
  asOf: string;
  compareAsOf: string;
  fiscalYear: number;
  businessUnitId: string | null;
  showZeroAmount: boolean;
  sections: StatementSection[];
  currentYearResult: number;
  previous: BalanceTotals;
}

export interface ProfitAndLoss {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
  businessUnitId: string | null;
  showZeroAmount: boolean;
  sections: StatementSection[];
  totalIncome: number;
  totalExpense: number;
  surplus: number;
  previous: { totalIncome: number; totalExpense: number; surplus: number };
}

export interface TrialBalanceAmounts {
  openingDebit: number;
  openingCredit: number;
  debit: number;
  credit: number;
  adjustmentDebit: number;
  adjustmentCredit: number;
  closingDebit: number;
  closingCredit: number;
}

export interface TrialBalanceRow extends TrialBalanceAmounts {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  normalBalance: NormalBalance;
  level: number;
  parentCode: string | null;
  isActive: boolean;
}

export interface TrialBalance {
  start: string;
  end: string;
  businessUnitId: string | null;
  showZeroAmount: boolean;
  rows: TrialBalanceRow[];
  totals: TrialBalanceAmounts;
  balanced: boolean;
}

/** Buku besar and account mutation: one account over a date range. */
export interface AccountStatement extends Page<LedgerLine> {
  account: { id: string; code: string; name: string; type: AccountType; normalBalance: NormalBalance; isPostable: boolean };
  start: string;
  end: string;
  openingBalance: number;
  closingBalance: number;
  totalDebit: number;
  totalCredit: number;
}

export interface JournalWithLines extends JournalSummary {
  lines: JournalLine[];
}

export interface JournalReport extends Page<JournalWithLines> {
  totalDebit: number;
  totalCredit: number;
}

export interface AdjustBalanceResult {
  coaId: string;
  date: string;
  previousBalance: number;
  balance: number;
  journal: JournalDetail;
}

export interface FinancialStatus {
  fiscalYear: number;
  start: string;
  end: string;
  asOf: string;
  totalIncome: number;
  totalExpense: number;
  surplus: number;
  months: Array<{ periode: string; income: number; expense: number; surplus: number }>;
}

export interface BusinessUnitOption {
  id: string;
  name: string;
}
