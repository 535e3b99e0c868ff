/**
 * Query keys of the ledger screens. Every change (a journal posted or
 * cancelled, an account edited, a month closed) moves balances, reports and
 * lists at once, so mutations invalidate `ledgerKeys.all`.
 */
export const ledgerKeys = {
  all: ['ledger'] as const,
  journals: ['ledger', 'journals'] as const,
  journal: (scope: string, id: string) => ['ledger', 'journals', 'detail', scope, id] as const,
  bySource: (module: string, id: string) => ['ledger', 'journals', 'by-source', module, id] as const,
  accounts: ['ledger', 'coa'] as const,
  periods: ['ledger', 'periods'] as const,
  reports: ['ledger', 'reports'] as const,
  dashboard: ['ledger', 'dashboard'] as const,
};
