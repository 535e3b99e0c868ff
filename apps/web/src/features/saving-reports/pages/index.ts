/** The pages of the area in one module: one dynamic import (and one preload list) in the route table instead of four. */
export { default as ReportPrintPage } from './ReportPrintPage';
export { default as SavingReportsPage } from './SavingReportsPage';
export { default as TransactionDetailPage } from './TransactionDetailPage';
export { default as TransactionsReportPage } from './TransactionsReportPage';
