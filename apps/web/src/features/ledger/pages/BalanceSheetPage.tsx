/** Laporan Neraca: at the end of a month, compared with another month end (default the previous), by business unit, zero lines on demand. */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { MonthPicker } from '../../../components/dates/PeriodPicker';
import { BALANCE_SHEET_PATH, type BalanceSheetQuery, useBalanceSheet } from '../api/balanceSheet';
import { ExcelButton } from '../components/ExcelButton';
import { PrintButton } from '../components/PrintButton';
import { BalanceSheetBody } from '../components/reports/BalanceSheetBody';
import { BusinessUnitFilter, ReportFrame, ZeroToggle } from '../components/reports/ReportFrame';
import { useReportParams } from '../lib/useReportParams';

export function balanceSheetQuery(p: { periode: string; compare: string; unit: string; zero: string }): BalanceSheetQuery {
  return {
    periode: p.periode,
    comparePeriode: p.compare || null,
    businessUnitId: p.unit === 'none' ? null : p.unit,
    showZeroAmount: p.zero === '1',
  };
}

export const balanceSheetDefaults = () => ({ periode: dayjs().format('YYYY-MM'), compare: '', unit: 'none', zero: '0' });

export default function BalanceSheetPage() {
  const { t } = useTranslation('ledger');
  const [p, set] = useReportParams(balanceSheetDefaults());
  const q = useBalanceSheet(balanceSheetQuery(p));
  const query = balanceSheetQuery(p);
  return (
    <ReportFrame
      navKey="balance_sheet"
      subtitle={t('report.balanceSheetSubtitle')}
      query={q}
      actions={
        <>
          <ExcelButton path={BALANCE_SHEET_PATH} query={{ ...query }} fileName={`neraca-${p.periode}`} />
          <PrintButton path="/reports/balance-sheet/print" query={p} />
        </>
      }
      filters={
        <>
          <Box sx={{ width: 200 }} data-testid="filter-periode">
            <MonthPicker label={t('filter.periode')} value={p.periode} onChange={(v) => v && set({ periode: v })} />
          </Box>
          <Box sx={{ width: 200 }}>
            <MonthPicker label={t('filter.comparePeriode')} value={p.compare || null} onChange={(v) => set({ compare: v ?? '' })} />
          </Box>
          <BusinessUnitFilter value={p.unit} onChange={(unit) => set({ unit })} />
          <ZeroToggle value={p.zero === '1'} onChange={(v) => set({ zero: v ? '1' : '0' })} />
        </>
      }
    >
      {(data) => <BalanceSheetBody data={data} />}
    </ReportFrame>
  );
}
