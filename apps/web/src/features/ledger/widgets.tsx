import { lazy } from 'react';
import type { DashboardWidget } from '../../lib/routing';

export const widgets: DashboardWidget[] = [
  {
    id: 'ledger.financial-status',
    component: lazy(() => import('./components/FinancialStatusWidget')),
    permission: 'dashboard',
    size: 'lg',
    order: 120,
  },
  {
    id: 'ledger.cash-bank',
    component: lazy(() => import('./components/CashBankWidget')),
    permission: 'cash_bank',
    size: 'sm',
    order: 121,
  },
];
