/** SHU screens (issue 15): Pembagian SHU (/shu), the printable member slip, Laporan SHU (/reports/shu). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const ShuPage = lazy(() => import('./pages/ShuPage'));
const ShuSlipPage = lazy(() => import('./pages/ShuSlipPage'));
const ShuReportPage = lazy(() => import('./pages/ShuReportPage'));

export const routes: FeatureRoute[] = [
  { path: '/shu', element: <ShuPage />, permission: 'shu', title: 'shu:title' },
  { path: '/shu/slip/:memberId', element: <ShuSlipPage />, permission: 'shu', layout: 'blank', title: 'shu:slip.titleShort' },
  { path: '/reports/shu', element: <ShuReportPage />, permission: 'report', title: 'shu:report.title' },
];
