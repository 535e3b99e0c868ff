/** Laporan SHU (/reports/shu): a year's allocations with their accounts and totals; Excel from the server. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { downloadServerExcel } from '../../../lib/api/download';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useShuReport } from '../api/shu';
import { StatusChip } from '../components/StatusChip';
import { yearChoices } from './ShuPage';

export default function ShuReportPage() {
  const { t } = useTranslation(['shu', 'common']);
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || new Date().getFullYear() - 1;
  const q = useShuReport(year);
  const r = q.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={t('report.title')}
        breadcrumbs={[{ label: t('report.title') }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              select
              size="small"
              label={t('year')}
              value={year}
              onChange={(e) => setParams({ year: e.target.value }, { replace: true })}
              sx={{ minWidth: 140 }}
            >
              {yearChoices().map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              color="inherit"
              disabled={!r}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              onClick={() =>
                downloadServerExcel('/api/report/shu', { year, format: 'xlsx' }, `laporan-shu-${year}.xlsx`).catch(notifyError)
              }
            >
              {t('members.excel')}
            </Button>
          </Box>
        }
      />
      {q.isLoading && <Skeleton variant="rounded" height={320} />}
      {q.isSuccess && q.data === null && <Alert severity="info">{t('report.none', { year })}</Alert>}
      {r && (
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6">{t('report.heading', { year })}</Typography>
              <StatusChip status={r.status} />
              {r.journalNumber && (
                <Typography variant="body2" color="text.secondary">
                  {t('distribute.journal', { number: r.journalNumber, date: f.date(r.distributionDate, 'date') })}
                </Typography>
              )}
            </Box>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('allocation.title')}</TableCell>
                  <TableCell align="right">%</TableCell>
                  <TableCell align="right">{t('allocation.amount')}</TableCell>
                  <TableCell>{t('report.account')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.allocationRows.map((a) => (
                  <TableRow key={a.key}>
                    <TableCell>{t(`allocation.${a.key}`)}</TableCell>
                    <TableCell align="right">{f.number(a.share)}</TableCell>
                    <TableCell align="right">{f.money(a.amount)}</TableCell>
                    <TableCell>{a.coaCode ? `${a.coaCode} · ${a.coaName}` : '—'}</TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell>{t('allocation.total')}</TableCell>
                  <TableCell align="right">100</TableCell>
                  <TableCell align="right">{f.money(r.surplus)}</TableCell>
                  <TableCell />
                </TableRow>
              </TableBody>
            </Table>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
              {(
                [
                  ['members', f.number(r.memberCount)],
                  ['gross', f.money(r.totals.gross)],
                  ['tax', f.money(r.totals.tax)],
                  ['net', f.money(r.totals.net)],
                ] as const
              ).map(([k, v]) => (
                <Box key={k}>
                  <Typography variant="body2" color="text.secondary">
                    {t(`totals.${k}`)}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{v}</Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
