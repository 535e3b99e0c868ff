/**
 * The saving reports: GET /api/report/saving, saving-product,
 * saving-product-periode, topup-saving-product, withdraw-saving-product,
 * saving-product/with-plan and transactions (report:view), with the filters
 * of lib/filters.ts and, for the paged ones, page and sort.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api/client';
import { REPORT_PATH, type ReportKey } from '../lib/filters';
import type { MovementReport, PlanReport, SavingPeriodReport, SavingProductReport, SavingReport, TransactionsReport } from '../lib/types';
import { reportsKey } from './keys';

export interface ReportData {
  balances: SavingReport;
  products: SavingProductReport;
  periods: SavingPeriodReport;
  deposits: MovementReport;
  withdrawals: MovementReport;
  plans: PlanReport;
  transactions: TransactionsReport;
}

export const fetchReport = <K extends ReportKey>(report: K, query: QueryParams, signal?: AbortSignal) =>
  api<ReportData[K]>(REPORT_PATH[report], { query, signal });

export function useReport<K extends ReportKey>(report: K, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: [...reportsKey, report, query],
    queryFn: ({ signal }) => fetchReport(report, query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
