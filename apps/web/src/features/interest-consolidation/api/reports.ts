/** The interest reports (GET report/saving-member-interest, release-interest (+ {id}/detail), v2/release-interest-periode). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export type InterestReport = 'member' | 'releases' | 'periods';
export const REPORTS: InterestReport[] = ['member', 'releases', 'periods'];

export const REPORT_PATH: Record<InterestReport, string> = {
  member: '/api/report/saving-member-interest',
  releases: '/api/report/release-interest',
  periods: '/api/report/v2/release-interest-periode',
};

export type Row = Record<string, string | number | null>;
export interface ReportAnswer {
  rows: Row[];
  total: number;
  totals: Row | null;
}

/** Most rows the screen and the printout carry (the Excel file has them all). */
export const REPORT_LIMIT = 1000;

export async function fetchReport(r: InterestReport, q: { startDate?: string | null; endDate?: string | null }): Promise<ReportAnswer> {
  const query = { startDate: q.startDate ?? undefined, endDate: q.endDate ?? undefined, page: 0, limit: REPORT_LIMIT };
  if (r === 'periods') {
    const rows = await api<Row[]>(REPORT_PATH[r], { query });
    const sum = (k: string) => rows.reduce((s, x) => s + Number(x[k] ?? 0), 0);
    return {
      rows,
      total: rows.length,
      totals: { totalGross: sum('totalGross'), totalTax: sum('totalTax'), totalAdminFee: sum('totalAdminFee'), totalNet: sum('totalNet') },
    };
  }
  const page = await api<{ content: Row[]; totalElements: number } & Row>(REPORT_PATH[r], { query });
  return {
    rows: page.content,
    total: page.totalElements,
    totals: r === 'member' ? { gross: page.totalGross, tax: page.totalTax, adminFee: page.totalAdminFee, net: page.totalNet } : null,
  };
}

export const useInterestReport = (r: InterestReport, q: { startDate?: string | null; endDate?: string | null }) =>
  useQuery({ queryKey: ['interest-reports', r, q.startDate, q.endDate], queryFn: () => fetchReport(r, q) });

export const useReleaseDetail = (id: string | null) =>
  useQuery({
    queryKey: ['interest-reports', 'detail', id],
    queryFn: () => api<Row & { details: Row[] }>(`/api/report/release-interest/${id}/detail`),
    enabled: !!id,
  });
