/** Laporan Laba Rugi (perhitungan hasil usaha) over a range of months, compared with the same span a year earlier or the span just before. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../components/dates/dayjsLocale';
import { MonthPicker } from '../../../components/dates/PeriodPicker';
import { PROFIT_LOSS_PATH, type ProfitAndLossQuery, useProfitAndLoss } from '../api/profitAndLoss';
import { ExcelButton } from '../components/ExcelButton';
import { PrintButton } from '../components/PrintButton';
import { ProfitLossBody } from '../components/reports/ProfitLossBody';
import { BusinessUnitFilter, ReportFrame, ZeroToggle } from '../components/reports/ReportFrame';
import { useReportParams } from '../lib/useReportParams';

export const profitLossDefaults = () => ({
  start: dayjs().format('YYYY-01'),
  end: dayjs().format('YYYY-MM'),
  unit: 'none',
  zero: '0',
  compare: 'YEAR',
});

export function profitLossQuery(p: { start: string; end: string; unit: string; zero: string; compare?: string }): ProfitAndLossQuery {
  return {
    start: p.start,
    end: p.end,
    businessUnitId: p.unit === 'none' ? null : p.unit,
    showZeroAmount: p.zero === '1',
    compare: p.compare === 'PREVIOUS' ? 'PREVIOUS' : 'YEAR',
  };
}

export default function ProfitLossPage() {
  const { t } = useTranslation('ledger');
  const [p, set] = useReportParams(profitLossDefaults());
  const query = profitLossQuery(p);
  const q = useProfitAndLoss(query);
  return (
    <ReportFrame
      navKey="profit_loss"
      subtitle={t('report.profitLossSubtitle')}
      query={q}
      actions={
        <>
          <ExcelButton path={PROFIT_LOSS_PATH} query={{ ...query }} fileName={`laba-rugi-${p.start}-${p.end}`} disabled={p.start > p.end} />
          <PrintButton path="/reports/profit-loss/print" query={p} disabled={p.start > p.end} />
        </>
      }
      filters={
        <>
          <Box sx={{ width: 200 }}>
            <MonthPicker label={t('filter.fromMonth')} value={p.start} onChange={(v) => v && set({ start: v })} max={p.end} />
          </Box>
          <Box sx={{ width: 200 }}>
            <MonthPicker label={t('filter.toMonth')} value={p.end} onChange={(v) => v && set({ end: v })} />
          </Box>
          <TextField
            select
            size="small"
            label={t('filter.comparePeriode')}
            value={p.compare === 'PREVIOUS' ? 'PREVIOUS' : 'YEAR'}
            onChange={(e) => set({ compare: e.target.value })}
            sx={{ minWidth: 220 }}
            data-testid="pl-compare"
          >
            <MenuItem value="YEAR">{t('filter.compareYear')}</MenuItem>
            <MenuItem value="PREVIOUS">{t('filter.comparePrevious')}</MenuItem>
          </TextField>
          <BusinessUnitFilter value={p.unit} onChange={(unit) => set({ unit })} />
          <ZeroToggle value={p.zero === '1'} onChange={(v) => set({ zero: v ? '1' : '0' })} />
        </>
      }
    >
      {(data) => <ProfitLossBody data={data} />}
    </ReportFrame>
  );
}
