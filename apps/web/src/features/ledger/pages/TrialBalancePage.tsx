/** Laporan Neraca Saldo over a date range (default this month): opening, debit, credit and closing of every account. */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { TRIAL_BALANCE_PATH, type TrialBalanceQuery, useTrialBalance } from '../api/trialBalance';
import { ExcelButton } from '../components/ExcelButton';
import { PrintButton } from '../components/PrintButton';
import { BusinessUnitFilter, ReportFrame, ZeroToggle } from '../components/reports/ReportFrame';
import { TrialBalanceBody } from '../components/reports/TrialBalanceBody';
import { useReportParams } from '../lib/useReportParams';

export const trialBalanceDefaults = () => {
  const m = thisMonth();
  return { start: m.start ?? '', end: m.end ?? '', unit: 'none', zero: '0' };
};

export function trialBalanceQuery(p: { start: string; end: string; unit: string; zero: string }): TrialBalanceQuery {
  return { start: p.start, end: p.end, businessUnitId: p.unit === 'none' ? null : p.unit, showZeroAmount: p.zero === '1' };
}

export default function TrialBalancePage() {
  const { t } = useTranslation('ledger');
  const [p, set] = useReportParams(trialBalanceDefaults());
  const query = trialBalanceQuery(p);
  const q = useTrialBalance(query);
  const bad = !p.start || !p.end || p.start > p.end;
  return (
    <ReportFrame
      navKey="trial_balance"
      subtitle={t('report.trialBalanceSubtitle')}
      query={q}
      actions={
        <>
          <ExcelButton path={TRIAL_BALANCE_PATH} query={{ ...query }} fileName={`neraca-saldo-${p.start}-${p.end}`} disabled={bad} />
          <PrintButton path="/reports/trial-balance/print" query={p} disabled={bad} />
        </>
      }
      filters={
        <>
          <Box sx={{ width: { xs: '100%', sm: 340 } }}>
            <DateRangeFields value={{ start: p.start, end: p.end }} onChange={(r) => set({ start: r.start ?? '', end: r.end ?? '' })} />
          </Box>
          <BusinessUnitFilter value={p.unit} onChange={(unit) => set({ unit })} />
          <ZeroToggle value={p.zero === '1'} onChange={(v) => set({ zero: v ? '1' : '0' })} />
        </>
      }
    >
      {(data) => <TrialBalanceBody data={data} />}
    </ReportFrame>
  );
}
