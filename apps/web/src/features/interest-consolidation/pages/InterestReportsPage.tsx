/**
 * Laporan Jasa (/reports/interest): the savings interest per member (saving-member-interest), the interest releases
 * (release-interest, each with its detail) and the interest per period (v2/release-interest-periode); each with the
 * server's Excel and a print layout (/reports/interest/print?report=...).
 */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { PageHeader } from '../../../components/PageHeader';
import { downloadServerExcel } from '../../../lib/api/download';
import { todayWib } from '../../../lib/dates';
import { notifyError } from '../../../lib/notify';
import { type InterestReport, REPORT_PATH, REPORTS, type Row, useInterestReport, useReleaseDetail } from '../api/reports';
import { ReportTable } from '../components/ReportTable';

function Detail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('interest-consolidation');
  const q = useReleaseDetail(id);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('reports.detail')}</DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        {q.isLoading && <LinearProgress />}
        {q.data && <ReportTable report="detail" rows={q.data.details} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function InterestReportsPage() {
  const { t } = useTranslation('interest-consolidation');
  const year = todayWib().slice(0, 4);
  const [report, setReport] = useState<InterestReport>('member');
  const [from, setFrom] = useState<string | null>(`${year}-01-01`);
  const [to, setTo] = useState<string | null>(`${year}-12-31`);
  const [detail, setDetail] = useState<string | null>(null);
  const q = useInterestReport(report, { startDate: from, endDate: to });
  const params = { startDate: from ?? undefined, endDate: to ?? undefined };
  const printUrl = `/reports/interest/print?${new URLSearchParams({ report, ...(from ? { startDate: from } : {}), ...(to ? { endDate: to } : {}) })}`;
  return (
    <>
      <PageHeader title={t('reports.title')} breadcrumbs={[{ label: t('reports.section') }, { label: t('reports.title') }]} />
      <Card>
        <Tabs value={report} onChange={(_e, v) => setReport(v)} variant="scrollable" allowScrollButtonsMobile>
          {REPORTS.map((r) => (
            <Tab key={r} value={r} label={t(`reports.tab.${r}`)} data-testid={`interest-tab-${r}`} />
          ))}
        </Tabs>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Box sx={{ width: 200 }}>
              <DateField label={t('fromDate')} value={from} onChange={setFrom} />
            </Box>
            <Box sx={{ width: 200 }}>
              <DateField label={t('toDate')} value={to} onChange={setTo} min={from ?? undefined} />
            </Box>
            <Button
              variant="outlined"
              onClick={() => downloadServerExcel(REPORT_PATH[report], params, `jasa-${report}.xlsx`).catch(notifyError)}
            >
              {t('excel')}
            </Button>
            <Button variant="outlined" startIcon={<PrintOutlined />} href={printUrl} target="_blank" data-testid="interest-print">
              {t('reports.print')}
            </Button>
          </Stack>
          {q.isLoading && <LinearProgress />}
          {q.data && (
            <Box sx={{ overflowX: 'auto' }}>
              <ReportTable
                report={report}
                rows={q.data.rows}
                totals={q.data.totals}
                onRowClick={report === 'releases' ? (r: Row) => setDetail(String(r.id)) : undefined}
              />
            </Box>
          )}
        </CardContent>
      </Card>
      {detail && <Detail id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
