/**
 * The general-ledger screens (issue 4): Jurnal Umum and closing the books,
 * Jurnal Penyesuaian, Pengaturan kode COA, Kas & Bank, and the ledger
 * reports with their print layouts. Paths are the menu's (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const JournalListPage = lazy(() => import('./pages/JournalListPage'));
const JournalCreatePage = lazy(() => import('./pages/JournalCreatePage'));
const JournalDetailPage = lazy(() => import('./pages/JournalDetailPage'));
const ClosingPage = lazy(() => import('./pages/ClosingPage'));
const CoaPage = lazy(() => import('./pages/CoaPage'));
const AccountMutationPage = lazy(() => import('./pages/AccountMutationPage'));
const CashBankPage = lazy(() => import('./pages/CashBankPage'));
const BalanceSheetPage = lazy(() => import('./pages/BalanceSheetPage'));
const ProfitLossPage = lazy(() => import('./pages/ProfitLossPage'));
const LedgerReportPage = lazy(() => import('./pages/LedgerReportPage'));
const TrialBalancePage = lazy(() => import('./pages/TrialBalancePage'));
const JournalReportPage = lazy(() => import('./pages/JournalReportPage'));
const ReportPrintPage = lazy(() => import('./pages/ReportPrintPage'));

export const routes: FeatureRoute[] = [
  {
    path: '/journal/general',
    element: <JournalListPage kind="general" />,
    permission: 'general_journal',
    title: 'nav.general_journal.list',
  },
  {
    path: '/journal/general/new',
    element: <JournalCreatePage kind="general" />,
    permission: 'general_journal:add',
    title: 'ledger:journal.createTitle',
  },
  {
    path: '/journal/general/:id',
    element: <JournalDetailPage kind="general" />,
    permission: 'general_journal',
    title: 'ledger:detail.title',
  },
  { path: '/journal/closing', element: <ClosingPage />, permission: 'general_journal', title: 'nav.general_journal.closing' },
  {
    path: '/journal/adjustment',
    element: <JournalListPage kind="adjustment" />,
    permission: 'adjustment_journal',
    title: 'nav.adjustment_journal.title',
  },
  {
    path: '/journal/adjustment/new',
    element: <JournalCreatePage kind="adjustment" />,
    permission: 'adjustment_journal:add',
    title: 'ledger:adjustment.createTitle',
  },
  {
    path: '/journal/adjustment/:id',
    element: <JournalDetailPage kind="adjustment" />,
    permission: 'adjustment_journal',
    title: 'ledger:detail.title',
  },
  { path: '/settings/coa', element: <CoaPage />, permission: 'settings', title: 'nav.settings.coa' },
  { path: '/settings/coa/:id', element: <AccountMutationPage />, permission: 'settings', title: 'ledger:coa.mutation' },
  { path: '/cash-bank', element: <CashBankPage />, permission: 'cash_bank', title: 'nav.cash_bank.title' },
  { path: '/reports/balance-sheet', element: <BalanceSheetPage />, permission: 'report', title: 'nav.report.balance_sheet' },
  { path: '/reports/profit-loss', element: <ProfitLossPage />, permission: 'report', title: 'nav.report.profit_loss' },
  { path: '/reports/ledger', element: <LedgerReportPage />, permission: 'report', title: 'nav.report.ledger' },
  { path: '/reports/trial-balance', element: <TrialBalancePage />, permission: 'report', title: 'nav.report.trial_balance' },
  { path: '/reports/journal', element: <JournalReportPage />, permission: 'report', title: 'nav.report.journal' },
  ...(['balance-sheet', 'profit-loss', 'ledger', 'trial-balance', 'journal'] as const).map(
    (r): FeatureRoute => ({
      path: `/reports/${r}/print`,
      element: <ReportPrintPage report={r} />,
      permission: 'report',
      layout: 'blank',
      title: `nav.report.${r === 'balance-sheet' ? 'balance_sheet' : r === 'profit-loss' ? 'profit_loss' : r === 'trial-balance' ? 'trial_balance' : r}`,
    }),
  ),
];
