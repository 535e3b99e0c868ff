/** Rilis Jasa: consolidation and upload; Laporan Jasa (app/navigation.ts menu entries). docs/interest.md. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const ConsolidationPage = lazy(() => import('./pages/ConsolidationPage'));
const UploadPage = lazy(() => import('./pages/UploadPage'));
const InterestReportsPage = lazy(() => import('./pages/InterestReportsPage'));
const InterestReportPrintPage = lazy(() => import('./pages/InterestReportPrintPage'));

export const routes: FeatureRoute[] = [
  {
    path: '/interest-release/consolidation',
    element: <ConsolidationPage />,
    permission: 'interest_release',
    title: 'interest-consolidation:title',
  },
  {
    path: '/interest-release/upload',
    element: <UploadPage />,
    permission: 'interest_release',
    title: 'interest-consolidation:upload.title',
  },
  { path: '/reports/interest', element: <InterestReportsPage />, permission: 'report', title: 'interest-consolidation:reports.title' },
  {
    path: '/reports/interest/print',
    element: <InterestReportPrintPage />,
    permission: 'report',
    layout: 'blank',
    title: 'interest-consolidation:reports.title',
  },
];
