/**
 * Term deposits (deposito, issue 13): the deposit list, placement, a deposit's
 * detail (schedule, mutations, break, withdraw, position, payout), the certificate
 * print, the holding accounts' payout, potential interest, the deposit report and the interest release.
 * Paths are the menu's (app/navigation.ts); deposit products are the products
 * feature's /products/deposits.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const pages = () => import('./pages');
const DepositsPage = lazy(() => pages().then((m) => ({ default: m.DepositsPage })));
const PlacementPage = lazy(() => pages().then((m) => ({ default: m.PlacementPage })));
const DepositDetailPage = lazy(() => pages().then((m) => ({ default: m.DepositDetailPage })));
const CertificatePrintPage = lazy(() => pages().then((m) => ({ default: m.CertificatePrintPage })));
const PotentialInterestPage = lazy(() => pages().then((m) => ({ default: m.PotentialInterestPage })));
const DepositReportPage = lazy(() => pages().then((m) => ({ default: m.DepositReportPage })));
const HoldingPage = lazy(() => pages().then((m) => ({ default: m.HoldingPage })));
const ReleasePage = lazy(() => pages().then((m) => ({ default: m.ReleasePage })));

export const routes: FeatureRoute[] = [
  { path: '/transactions/deposits', element: <DepositsPage />, permission: 'member_transaction', title: 'deposits:list.title' },
  { path: '/transactions/deposits/new', element: <PlacementPage />, permission: 'member_transaction:add', title: 'deposits:place.title' },
  {
    path: '/transactions/deposits/potential-interest',
    element: <PotentialInterestPage />,
    permission: 'member_transaction',
    title: 'deposits:potential.title',
  },
  { path: '/transactions/deposits/holding', element: <HoldingPage />, permission: 'member_transaction', title: 'deposits:holding.title' },
  { path: '/transactions/deposits/:id', element: <DepositDetailPage />, permission: 'member_transaction', title: 'deposits:detail.title' },
  {
    path: '/transactions/deposits/:id/certificate',
    element: <CertificatePrintPage />,
    permission: 'member_transaction',
    layout: 'blank',
    title: 'deposits:certificate.title',
  },
  { path: '/reports/deposits', element: <DepositReportPage />, permission: 'report', title: 'deposits:report.title' },
  { path: '/interest-release/deposit', element: <ReleasePage />, permission: 'interest_release', title: 'deposits:release.title' },
];
