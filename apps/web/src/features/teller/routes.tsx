/**
 * Transaksi Teller (docs/teller.md): open and close the day's session, cash
 * handovers, session history and the printable session report; and the agent
 * report under Reports. Paths are the menu's (app/navigation.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const SessionPage = lazy(() => import('./pages/SessionPage'));
const HandoverPage = lazy(() => import('./pages/HandoverPage'));
const HistoryPage = lazy(() => import('./pages/HistoryPage'));
const SessionPrintPage = lazy(() => import('./pages/SessionPrintPage'));
const AgentReportPage = lazy(() => import('./pages/AgentReportPage'));

export const routes: FeatureRoute[] = [
  { path: '/teller/session', element: <SessionPage />, permission: 'teller', title: 'teller:session.title' },
  { path: '/teller/handover', element: <HandoverPage />, permission: 'teller', title: 'teller:handover.title' },
  { path: '/teller/history', element: <HistoryPage />, permission: 'teller', title: 'teller:history.title' },
  {
    path: '/teller/sessions/:id/print',
    element: <SessionPrintPage />,
    permission: 'teller',
    layout: 'blank',
    title: 'teller:report.title',
  },
  { path: '/reports/agent-transactions', element: <AgentReportPage />, permission: 'report', title: 'teller:agentReport.title' },
];
