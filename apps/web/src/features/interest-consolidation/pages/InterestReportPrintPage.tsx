/** The print layout of the interest reports (the shared PrintLayout: A4 landscape, print dialog once loaded unless ?preview=1). */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrintLayout } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { type InterestReport, REPORT_LIMIT, REPORTS, useInterestReport } from '../api/reports';
import { ReportTable } from '../components/ReportTable';

export default function InterestReportPrintPage() {
  const { t } = useTranslation('interest-consolidation');
  const f = useFormat();
  const [sp] = useSearchParams();
  const report = (REPORTS.includes(sp.get('report') as InterestReport) ? sp.get('report') : 'member') as InterestReport;
  const startDate = sp.get('startDate');
  const endDate = sp.get('endDate');
  const q = useInterestReport(report, { startDate, endDate });
  const period = startDate && endDate ? `${f.date(startDate, 'long')} – ${f.date(endDate, 'long')}` : '';
  const total = q.data?.total ?? 0;
  return (
    <PrintLayout
      title={`${t('reports.title')} · ${t(`reports.tab.${report}`)}`}
      period={period}
      query={q}
      note={total > REPORT_LIMIT ? t('reports.truncated', { limit: REPORT_LIMIT, total }) : undefined}
      landscape
      labels={{ print: t('reports.print'), close: t('close'), printedBy: (v) => t('reports.printedBy', v) }}
    >
      {q.data && <ReportTable report={report} rows={q.data.rows} totals={q.data.totals} />}
    </PrintLayout>
  );
}
