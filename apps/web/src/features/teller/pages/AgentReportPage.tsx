/**
 * Laporan transaksi agen (/reports/agent-transactions): per agent and period,
 * members served, deposits and payments collected, withdrawals paid and cash
 * handed over (GET /api/report/agent-transactions); Excel from the server. An
 * agent sees their own line.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFields, thisMonth } from '../../../components/dates/PeriodPicker';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { downloadServerExcel } from '../../../lib/api/download';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useAgentReport } from '../api/teller';

export default function AgentReportPage() {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const [range, setRange] = useState<DateRange>(thisMonth());
  const q = useAgentReport(range.start, range.end);
  const r = q.data;
  const cols = ['membersServed', 'transactions', 'depositsCollected', 'paymentsCollected', 'withdrawalsPaid', 'cashHandedOver'] as const;
  const cell = (k: (typeof cols)[number], v: number) =>
    k === 'membersServed' || k === 'transactions' ? f.number(v) : <MoneyText value={v} />;
  return (
    <>
      <PageHeader
        title={t('agentReport.title')}
        breadcrumbs={[{ label: t('agentReport.reports') }, { label: t('agentReport.title') }]}
        actions={
          <Button
            variant="outlined"
            onClick={() =>
              downloadServerExcel(
                '/api/report/agent-transactions',
                { start: range.start, end: range.end },
                'laporan-transaksi-agen.xlsx',
              ).catch(notifyError)
            }
          >
            {t('agentReport.excel')}
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateRangeFields value={range} onChange={setRange} startLabel={t('report.from')} endLabel={t('report.to')} />
      </Stack>
      {q.isLoading && <Skeleton variant="rounded" height={200} />}
      {q.isError && <Alert severity="error">{errorMessage(q.error)}</Alert>}
      {r && (
        <Card>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="agent-report">
              <TableHead>
                <TableRow>
                  <TableCell>{t('agentReport.agent')}</TableCell>
                  {cols.map((c) => (
                    <TableCell key={c} align="right">
                      {t(`agentReport.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {r.content.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={cols.length + 1}>{t('agentReport.empty')}</TableCell>
                  </TableRow>
                )}
                {r.content.map((row) => (
                  <TableRow key={row.agentId}>
                    <TableCell>{row.agentName}</TableCell>
                    {cols.map((c) => (
                      <TableCell key={c} align="right">
                        {cell(c, row[c])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('report.total')}</TableCell>
                  {cols.map((c) => (
                    <TableCell key={c} align="right" sx={{ fontWeight: 700 }}>
                      {cell(c, r.total[c])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        </Card>
      )}
    </>
  );
}
