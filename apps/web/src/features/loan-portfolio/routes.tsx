/**
 * The loan portfolio (issue 14): Laporan Pinjaman (/reports/loans, one tab per
 * report: realization, interest paid per member, by period, loan loss
 * provision with its monthly postings), Kolektibilitas, NPL and Jaminan
 * (/reports/collectability, /reports/npl, /reports/collateral), and the loan
 * auto debit results with run and retry and the portfolio settings card
 * (/transactions/loan-auto-debit), one loan's recapitulation
 * (/reports/loans/:id/recapitulation, linked from the reports' rows).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const pages = () => import('./pages');
const LoanReportsPage = lazy(() => pages().then((m) => ({ default: m.LoanReportsPage })));
const SingleReportPage = lazy(() => pages().then((m) => ({ default: m.SingleReportPage })));
const AutoDebitPage = lazy(() => pages().then((m) => ({ default: m.LoanAutoDebitPage })));
const RecapitulationPage = lazy(() => import('./pages/RecapitulationPage').then((m) => ({ default: m.RecapitulationPage })));

export const routes: FeatureRoute[] = [
  { path: '/reports/loans', element: <LoanReportsPage />, permission: 'report', title: 'nav.report.loans' },
  {
    path: '/reports/loans/:id/recapitulation',
    element: <RecapitulationPage />,
    permission: 'report',
    title: 'loan-portfolio:recap.title',
  },
  {
    path: '/reports/collectability',
    element: <SingleReportPage report="collectibility" />,
    permission: 'report',
    title: 'nav.report.collectability',
  },
  { path: '/reports/npl', element: <SingleReportPage report="npl" />, permission: 'report', title: 'nav.report.npl' },
  { path: '/reports/collateral', element: <SingleReportPage report="collateral" />, permission: 'report', title: 'nav.report.collateral' },
  {
    path: '/transactions/loan-auto-debit',
    element: <AutoDebitPage />,
    permission: 'member_transaction',
    title: 'loan-portfolio:autoDebit.title',
  },
];
